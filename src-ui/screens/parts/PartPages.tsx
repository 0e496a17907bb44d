/**
 * Parts (behaviour §2, 4, 9): "Part List" with the location filter (All Parts and the part locations of
 * the site's settings, remembered as `partSelectedLocation`), the part inventory report of the chosen
 * location, and Part Detail with "Quantity on Hand" and the Fill (adds) and Inventory (replaces)
 * modals, both queued while offline and sent once.
 */
import { Link } from 'wouter';
import type { Part } from '../../../shared/api/parts';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { partAfterRecord } from '../../../shared/rules/stock-after-record';
import { LinkButton } from '../../components/LinkButton';
import { brandAndName, formatPrice, formatQuantity } from '../../format/display';
import { useT } from '../../i18n/language';
import { DetailRows } from '../../kit/DetailRows';
import { DetailScreen, useDetailRead, type DetailTexts } from '../../kit/DetailScreen';
import { HistorySection } from '../../kit/HistorySection';
import { ListScreen, type ListDef } from '../../kit/ListScreen';
import { originListUrl, type ListQueryDef } from '../../kit/list-query';
import { QuantityActions } from '../../kit/QuantityActions';
import type { QuantityTexts } from '../../kit/QuantityDialog';
import { RecordThumbnail } from '../../kit/RecordThumbnail';
import { ReportButton } from '../../kit/ReportButton';
import { PartCostsButton, ShortParts } from './PartCosts';
import { PartLedger } from './PartLedger';

const PART_LIST: ListQueryDef = { path: '/part-list', locationKey: 'partSelectedLocation' };

const LIST: ListDef<Part> = {
  ...PART_LIST,
  area: 'parts',
  read: (worker, query) => worker.parts.list({ page: query.page, location: query.location }),
  allowedLocations: (settings) => settings.part_locations,
  texts: {
    title: msg('Part List'),
    allLocations: msg('All Parts'),
    itemsLabel: msg('Parts'),
    loading: msg('Loading parts...'),
    empty: NOT_FOUND_MESSAGES.parts.list,
    failure: SCREEN_MESSAGES.parts.loadList,
    locationFailure: SCREEN_MESSAGES.parts.loadForLocation,
    saved: OFFLINE_BANNERS.savedData,
  },
};

const TEXTS: DetailTexts = {
  title: msg('Part'),
  loading: msg('Loading part...'),
  notFound: NOT_FOUND_MESSAGES.parts.one,
  failure: SCREEN_MESSAGES.parts.loadOne,
  saved: OFFLINE_BANNERS.savedData,
  refreshFailure: SCREEN_MESSAGES.parts.loadOne,
};

const partName = (part: Part) => brandAndName(part.brand.brand, part.name.name);

function PartCard({ part }: { part: Part }) {
  const t = useT();
  return (
    <Link href={`/part-detail/${part.id}`} className="wo-card">
      <div className="wo-card-head">
        <span className="wo-card-location">{partName(part)}</span>
        <RecordThumbnail url={part.thumbnail_url} />
      </div>
      <p className="wo-card-description">{part.description.description}</p>
      <div className="wo-meta">
        <span>{t('Part Type: {type}', { type: part.part_type.part_type })}</span>
        <span>{t('Item Number: {item}', { item: part.item_number })}</span>
        <span>{t('Location: {location}', { location: part.location?.name ?? t('No Location') })}</span>
        {part.short ? <span className="wo-status part-short">{t('Short')}</span> : null}
      </div>
    </Link>
  );
}

export function PartListPage() {
  const t = useT();
  return (
    <ListScreen
      def={LIST}
      back="/inventory-home"
      actions={(query) => (
        <>
          {query.location !== null ? (
            <ReportButton
              label={msg('Generate Part Inventory Report')}
              fileName="part_inventory_report.pdf"
              download={(worker) => worker.parts.report(query.location!)}
              email={(worker, address) => worker.parts.emailReport(query.location!, address)}
            />
          ) : null}
          <LinkButton href="/inventory-home" label={t('Inventory Home')} icon="pi pi-box" outlined />
        </>
      )}
      above={() => <ShortParts />}
      renderItem={(part) => <PartCard part={part} />}
    />
  );
}

const MODALS: QuantityTexts = {
  fill: { header: msg('Fill Part'), failure: SCREEN_MESSAGES.parts.recordFill },
  inventory: { header: msg('Inventory Part'), failure: SCREEN_MESSAGES.parts.recordInventory },
};

export function PartDetailPage({ params }: { params: { id?: string } }) {
  const t = useT();
  const { detail } = useDetailRead<Part>('parts', params.id, (worker, partId) => worker.parts.get(partId), TEXTS);
  return (
    <DetailScreen detail={detail} texts={TEXTS} back={originListUrl(PART_LIST)} heading={partName}>
      {(part) => (
        <div className="panel">
          <DetailRows
            rows={[
              [msg('Brand'), part.brand.brand],
              [msg('Name'), part.name.name],
              [msg('Description'), part.description.description],
              [msg('Part Type'), part.part_type.part_type],
              [msg('Item Number'), part.item_number],
              [msg('Location'), part.location?.name ?? t('No Location')],
              [msg('Quantity on Hand'), <strong>{formatQuantity(part.quantity)}</strong>],
              // Not in the spec: what a unit costs (full access only) and when to order more (docs/decisions.md: What the work costs).
              [msg('Unit Cost'), part.unit_cost === null ? null : formatPrice(part.unit_cost)],
              [msg('Reorder Point'), part.reorder_point === null ? null : formatQuantity(part.reorder_point)],
              [msg('Stock'), part.short ? <span className="wo-status part-short">{t('Short')}</span> : null],
            ]}
          />
          <QuantityActions
            area="parts"
            id={part.id}
            texts={MODALS}
            label={msg('Quantity')}
            send={(worker, input) => worker.parts.recordQuantity({ id: part.id, label: t('Part #{id}', { id: part.id }) }, input)}
            // The answer carries the quantity on hand after the record: shown without reading again.
            onRecorded={(record) => detail.show(partAfterRecord(part, record))}
          />
          <div className="button-row">
            <PartCostsButton part={part} onSaved={(saved) => detail.show(saved)} />
          </div>
          <PartLedger partId={part.id} />
          <HistorySection area="parts" id={part.id} record={part} />
        </div>
      )}
    </DetailScreen>
  );
}
