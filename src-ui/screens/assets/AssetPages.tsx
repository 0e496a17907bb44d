/**
 * Assets (behaviour §2, 5): the asset list (All Assets or one location, remembered on the device; cards
 * with brand and name, description, type, serial number, location or "No Location" and thumbnail)
 * and Asset Detail with the Move Asset modal. Assets are not offline actions: a move is sent now,
 * on the version shown, so it never overwrites a change made meanwhile.
 */
import { Type } from '@sinclair/typebox';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Asset } from '../../../shared/api/assets';
import { assetLabelsFile } from '../../../shared/api/labels';
import { STALE_VERSION_CODE } from '../../../shared/api/refusal-codes';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg, type Translate } from '../../../shared/i18n/translate';
import { LinkButton } from '../../components/LinkButton';
import { brandAndName, formatDate, formatDateTime, formatPrice, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { DetailRows } from '../../kit/DetailRows';
import { YearCost } from '../../kit/YearCost';
import { FormDialog } from '../../kit/FormDialog';
import { DetailScreen, useDetailRead, type DetailTexts } from '../../kit/DetailScreen';
import { HistorySection } from '../../kit/HistorySection';
import { ChoiceField } from '../../kit/FormFields';
import { showRefusal, useSchemaForm } from '../../kit/form';
import { ListScreen, type ListDef } from '../../kit/ListScreen';
import { originListUrl } from '../../kit/list-query';
import { useLocationOptions } from '../../kit/location-options';
import { PrintLabelsButton } from '../../kit/PrintLabelsButton';
import { RecordThumbnail } from '../../kit/RecordThumbnail';
import { reportProblemPath } from '../workorders/report-problem';
import { AssetHistory } from './AssetHistory';
import { AssetMeters } from './AssetMeters';
import { callWorker } from '../../state/bridge';
import { toDataError } from '../../state/errors';
import { showToast } from '../../state/toasts';
import { orNA } from '../locations/location-display';
import { ASSET_LIST } from './asset-list';

const LIST: ListDef<Asset> = {
  ...ASSET_LIST,
  area: 'assets',
  read: (worker, query) => worker.assets.list({ page: query.page, location: query.location }),
  texts: {
    title: msg('Assets'),
    allLocations: msg('All Assets'),
    itemsLabel: msg('Assets'),
    loading: msg('Loading assets...'),
    empty: NOT_FOUND_MESSAGES.assets.list,
    failure: SCREEN_MESSAGES.assets.loadList,
    locationFailure: SCREEN_MESSAGES.assets.loadForLocation,
    saved: OFFLINE_BANNERS.savedData,
  },
};

const TEXTS: DetailTexts = {
  title: msg('Asset'),
  loading: msg('Loading asset...'),
  notFound: NOT_FOUND_MESSAGES.assets.one,
  failure: SCREEN_MESSAGES.assets.loadDetails,
  saved: OFFLINE_BANNERS.savedData,
  refreshFailure: SCREEN_MESSAGES.assets.fetchOne,
};

export const assetName = (asset: Asset, t: Translate) => brandAndName(asset.brand.brand, asset.name.name) || t('Asset #{id}', { id: asset.id });
const locationName = (asset: Asset, t: Translate) => asset.location?.name ?? t('No Location');

function AssetCard({ asset }: { asset: Asset }) {
  const t = useT();
  return (
    <Link href={`/asset-detail/${asset.id}`} className="wo-card">
      <div className="wo-card-head">
        <span className="wo-card-location">{assetName(asset, t)}</span>
        <RecordThumbnail url={asset.thumbnail_url} />
      </div>
      <p className="wo-card-description">{asset.description.description}</p>
      <div className="wo-meta">
        <span>{t('Type: {type}', { type: asset.asset_type.asset_type })}</span>
        <span>{t('Serial Number: {serial}', { serial: asset.serial_number })}</span>
        <span>{t('Location: {location}', { location: locationName(asset, t) })}</span>
      </div>
    </Link>
  );
}

export function AssetListPage() {
  const t = useT();
  return (
    <ListScreen
      def={LIST}
      back="/inventory-home"
      actions={(query) => (
        <>
          <LinkButton href="/asset-create" label={t('Create Asset')} icon="pi pi-plus" />
          <LinkButton href="/inventory-home" label={t('Inventory Home')} icon="pi pi-box" outlined />
          {/* The labels of the chosen location's assets (not in the spec: added beside its buttons). */}
          {query.location !== null ? (
            <PrintLabelsButton id="asset-labels" fileName={assetLabelsFile(query.location)} download={(worker) => worker.assets.labels(query.location!)} />
          ) : null}
        </>
      )}
      renderItem={(asset) => <AssetCard asset={asset} />}
    />
  );
}

interface MoveValues {
  location_id: number | null;
}

/** The modal's one rule (behaviour §5), in its own words rather than the generic required text. */
const MoveForm = Type.Object({ location_id: Type.Integer({ minimum: 1 }) });
const MOVE_REFUSAL = SCREEN_MESSAGES.assets.selectLocation;

interface MoveProps {
  asset: Asset;
  visible: boolean;
  onClose: () => void;
  onMoved: (asset: Asset) => void;
  /** The asset changed since it was shown: read it again so a second try is based on it. */
  onStale: () => void;
}

function MoveAssetDialog({ asset, visible, onClose, onMoved, onStale }: MoveProps) {
  const t = useT();
  const { options, warning } = useLocationOptions();
  const form = useSchemaForm<MoveValues>(MoveForm, { location_id: null }, (v) => ({ location_id: v.location_id }));
  // Opens with nothing chosen: a move is a choice of where to, never a press of the button alone.
  useEffect(() => {
    if (visible) form.reset({ location_id: null });
  }, [visible, asset, form]);

  const submit = form.handleSubmit(
    async ({ location_id }) => {
      if (location_id === asset.location?.id) {
        form.setError('location_id', { type: 'same', message: t(SCREEN_MESSAGES.assets.alreadyThere) }, { shouldFocus: true });
        showToast({ severity: 'error', detail: t(SCREEN_MESSAGES.assets.alreadyThere) });
        return;
      }
      try {
        const result = await callWorker((worker) => worker.assets.move(asset.id, { version: asset.version, location_id: location_id ?? 0 }));
        showToast({ severity: 'success', detail: result.message });
        if (result.status === 'done') onMoved(result.data);
        onClose();
      } catch (err) {
        showRefusal(form, err, SCREEN_MESSAGES.assets.updateLocation);
        if (toDataError(err).code === STALE_VERSION_CODE) onStale();
      }
    },
    () => {
      form.setError('location_id', { type: 'required', message: t(MOVE_REFUSAL) });
      showToast({ severity: 'error', detail: t(MOVE_REFUSAL) });
    },
  );

  return (
    <FormDialog header={msg('Move Asset')} visible={visible} busy={form.formState.isSubmitting} submitLabel={msg('Move Asset')} busyLabel={msg('Moving...')} onClose={onClose} onSubmit={submit}>
      {warning}
      <ChoiceField control={form.control} name="location_id" id="move-location" label={t('New Location')} options={options} placeholder={t('Select a location')} required />
    </FormDialog>
  );
}

export function AssetDetailPage({ params }: { params: { id?: string } }) {
  const { detail } = useDetailRead<Asset>('assets', params.id, (worker, id) => worker.assets.get(id), TEXTS);
  const [moving, setMoving] = useState(false);
  const t = useT();
  return (
    <DetailScreen
      detail={detail}
      texts={TEXTS}
      back={originListUrl(ASSET_LIST)}
      heading={(asset) => assetName(asset, t)}
      actions={(asset) => (
        <>
          <LinkButton href={`/asset-update/${asset.id}`} label={t('Edit')} icon="pi pi-pencil" outlined />
          {/* Not in the spec: a problem with this asset, reported at its location (docs/decisions.md: Labels and scanning). */}
          <LinkButton href={reportProblemPath(asset.location?.id ?? null, asset.id)} label={t('Report a problem')} icon="pi pi-exclamation-triangle" outlined />
        </>
      )}
    >
      {(asset) => (
        <div className="panel">
          <div className="wo-card-head">
            <DetailRows
              rows={[
                [msg('Brand'), orNA(asset.brand.brand, t)],
                [msg('Name'), asset.name.name],
                [msg('Description'), asset.description.description],
                [msg('Asset Type'), asset.asset_type.asset_type],
                [msg('Serial Number'), asset.serial_number],
                [msg('Code'), asset.code ? <span className="record-code">{asset.code}</span> : null],
                [msg('Location'), locationName(asset, t)],
                [msg('Acquisition Date'), orNA(formatDate(asset.acquisition_date), t)],
                [msg('Purchase Price'), orNA(formatPrice(asset.purchase_price), t)],
                [
                  msg('Updated'),
                  asset.updated_by ? t('{at} by {name}', { at: formatDateTime(asset.updated_at), name: fullName(asset.updated_by) }) : formatDateTime(asset.updated_at),
                ],
                // Not in the spec: what the work on it cost this year (docs/decisions.md: What the work costs).
                [msg('Cost This Year'), <YearCost of="assets" id={asset.id} />],
              ]}
            />
            <RecordThumbnail url={asset.thumbnail_url} large />
          </div>
          <div className="button-row">
            <Button type="button" label={t('Move Asset')} icon="pi pi-arrows-h" onClick={() => setMoving(true)} />
          </div>
          <MoveAssetDialog asset={asset} visible={moving} onClose={() => setMoving(false)} onMoved={(moved) => detail.show(moved)} onStale={() => void detail.reload()} />
          <AssetMeters asset={asset} />
          <AssetHistory assetId={asset.id} />
          <HistorySection area="assets" id={asset.id} record={asset} />
        </div>
      )}
    </DetailScreen>
  );
}
