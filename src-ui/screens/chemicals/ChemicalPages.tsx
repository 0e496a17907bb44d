/**
 * Chemicals (behaviour §2, 9): the list for the site's chemical locations ("All Chemicals" or one, from
 * the server's settings, remembered), with Record Wash Data and Generate Car Wash Report at a car
 * wash and Generate Chemical Inventory Report at the report location; the chemical at one location
 * (/chemical-detail/{id}?location=) with its quantity and unit, and the Fill Chemical and Inventory
 * Chemical modals, queued while offline and sent once.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { Chemical } from '../../../shared/api/chemicals';
import type { SiteSettings } from '../../../shared/api/settings';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { chemicalLocationKind } from '../../../shared/rules/site-locations';
import { chemicalAfterRecord } from '../../../shared/rules/stock-after-record';
import { LinkButton } from '../../components/LinkButton';
import { brandAndName, formatQuantity } from '../../format/display';
import { useT } from '../../i18n/language';
import { DetailRows } from '../../kit/DetailRows';
import { DetailScreen, useDetailRead, type DetailTexts } from '../../kit/DetailScreen';
import { HistorySection } from '../../kit/HistorySection';
import { ListScreen, type ListDef } from '../../kit/ListScreen';
import { originListUrl, positiveInt, type ListQuery, type ListQueryDef } from '../../kit/list-query';
import { QuantityActions } from '../../kit/QuantityActions';
import type { QuantityTexts } from '../../kit/QuantityDialog';
import { ReportButton } from '../../kit/ReportButton';
import { useWorkerRead } from '../../state/hooks';
import { WashCountsDialog } from './WashCountsDialog';

const CHEMICAL_LIST: ListQueryDef = { path: '/chemical-list', locationKey: 'chemicalSelectedLocation' };

const LIST: ListDef<Chemical> = {
  ...CHEMICAL_LIST,
  area: 'chemicals',
  read: (worker, query) => worker.chemicals.list({ page: query.page, location: query.location }),
  allowedLocations: (settings) => settings.chemical_locations,
  texts: {
    title: msg('Chemicals'),
    allLocations: msg('All Chemicals'),
    itemsLabel: msg('Chemicals'),
    loading: msg('Loading chemicals...'),
    empty: NOT_FOUND_MESSAGES.chemicals.list,
    // Behaviour §8: the general text for All Chemicals, the location's own while one is chosen.
    failure: SCREEN_MESSAGES.chemicals.fetchData,
    locationFailure: SCREEN_MESSAGES.chemicals.fetchForLocation,
    saved: OFFLINE_BANNERS.savedData,
  },
};

const chemicalName = (c: Chemical) => brandAndName(c.brand.brand, c.chemical_name_description.name);

function ChemicalCard({ chemical, location }: { chemical: Chemical; location: number | null }) {
  const t = useT();
  const entries = chemical.locations.filter((e) => location === null || e.location.id === location);
  const at = entries[0]?.location.id ?? chemical.locations[0]?.location.id;
  return (
    <Link href={`/chemical-detail/${chemical.id}${at ? `?location=${at}` : ''}`} className="wo-card">
      <div className="wo-card-head">
        <span className="wo-card-location">{chemicalName(chemical)}</span>
        {chemical.thumbnail_url ? <img className="record-thumbnail" src={chemical.thumbnail_url} alt="" loading="lazy" /> : null}
      </div>
      <p className="wo-card-description">{chemical.chemical_name_description.description}</p>
      <div className="wo-meta">
        <span>{t('Type: {type}', { type: chemical.chemical_type.chemical_type })}</span>
        {entries.map((e) => (
          <span key={e.id}>
            {location === null
              ? `${e.location.name}: ${formatQuantity(e.current_quantity, chemical.unit)}`
              : t('Quantity: {quantity}', { quantity: formatQuantity(e.current_quantity, chemical.unit) })}
          </span>
        ))}
      </div>
    </Link>
  );
}

/** The buttons of a chosen location (behaviour §2): the report location has an inventory report, a car wash its wash data. */
function LocationActions({ query, settings, locationName }: { query: ListQuery; settings: SiteSettings | undefined; locationName: string }) {
  const t = useT();
  const [washOpen, setWashOpen] = useState(false);
  const location = query.location;
  const kind = chemicalLocationKind(settings, location);
  if (location === null || kind === null) return null;
  if (kind === 'inventory-report') {
    return (
      <ReportButton
        label={msg('Generate Chemical Inventory Report')}
        fileName="chemical_inventory_report.pdf"
        download={(worker) => worker.chemicals.report(location)}
        email={(worker, address) => worker.chemicals.emailReport(location, address)}
      />
    );
  }
  return (
    <>
      <Button type="button" label={t('Record Wash Data')} icon="pi pi-car" onClick={() => setWashOpen(true)} />
      <ReportButton
        label={msg('Generate Car Wash Report')}
        fileName="car_wash_report.pdf"
        download={(worker) => worker.washes.report(location)}
        email={(worker, address) => worker.washes.emailReport(location, address)}
      />
      {washOpen ? <WashCountsDialog location={{ id: location, label: locationName }} visible onClose={() => setWashOpen(false)} /> : null}
    </>
  );
}

export function ChemicalListPage() {
  const t = useT();
  const settings = useWorkerRead('settings', (worker) => worker.settings.get());
  const locations = useWorkerRead('locations', (worker) => worker.locations.all());
  const nameOf = (id: number | null) => locations.result?.data.find((l) => l.id === id)?.name ?? t('Location {id}', { id: id ?? '' });
  return (
    <ListScreen
      def={LIST}
      back="/inventory-home"
      actions={(query) => (
        <>
          <LocationActions query={query} settings={settings.result?.data} locationName={nameOf(query.location)} />
          <LinkButton href="/inventory-home" label={t('Inventory Home')} icon="pi pi-box" outlined />
        </>
      )}
      renderItem={(chemical, query) => <ChemicalCard chemical={chemical} location={query.location} />}
    />
  );
}

const TEXTS: DetailTexts = {
  title: msg('Chemical'),
  loading: msg('Loading chemical...'),
  notFound: NOT_FOUND_MESSAGES.chemicals.one,
  failure: SCREEN_MESSAGES.chemicals.fetchOne,
  saved: OFFLINE_BANNERS.savedData,
  refreshFailure: SCREEN_MESSAGES.chemicals.fetchOne,
};

const MODALS: QuantityTexts = {
  fill: { header: msg('Fill Chemical'), failure: SCREEN_MESSAGES.chemicals.recordFill },
  inventory: { header: msg('Inventory Chemical'), failure: SCREEN_MESSAGES.chemicals.recordInventory },
};

export function ChemicalDetailPage({ params }: { params: { id?: string } }) {
  const t = useT();
  const location = positiveInt(new URLSearchParams(useSearch()).get('location'));
  const { detail } = useDetailRead<Chemical>('chemicals', params.id, (worker, chemicalId) => worker.chemicals.get(chemicalId), TEXTS);
  return (
    <DetailScreen detail={detail} texts={TEXTS} back={originListUrl(CHEMICAL_LIST)} heading={chemicalName}>
      {(chemical) => {
        const entry = chemical.locations.find((e) => e.location.id === location) ?? (location === null ? chemical.locations[0] : undefined);
        if (!entry) return <p className="empty-text">{t(NOT_FOUND_MESSAGES.chemicals.one)}</p>;
        return (
          <div className="panel">
            <DetailRows
              rows={[
                [msg('Brand'), chemical.brand.brand],
                [msg('Name'), chemical.chemical_name_description.name],
                [msg('Description'), chemical.chemical_name_description.description],
                [msg('Type'), chemical.chemical_type.chemical_type],
                [msg('Location'), entry.location.name],
                [msg('Quantity'), <strong>{formatQuantity(entry.current_quantity, chemical.unit)}</strong>],
              ]}
            />
            <QuantityActions
              area="chemicals"
              id={chemical.id}
              texts={MODALS}
              label={t('Quantity ({unit})', { unit: chemical.unit })}
              send={(worker, input) => worker.chemicals.recordQuantity({ id: chemical.id, label: t('{chemical} at {location}', { chemical: chemicalName(chemical), location: entry.location.name }) }, { ...input, entryId: entry.id })}
              onRecorded={(record) => detail.show(chemicalAfterRecord(chemical, record))}
            />
            <HistorySection area="chemicals" id={chemical.id} record={chemical} />
          </div>
        );
      }}
    </DetailScreen>
  );
}
