/**
 * An asset's meters on its detail (docs/decisions.md: Meters and readings; not in the spec): each
 * meter with its last reading and daily use, its latest readings in a table, and Add reading, which
 * works without a connection (checked on the device, queued, sent once; the reading keeps the time
 * it was taken). Readings waiting to be sent are listed with the meter's until they are. Add meter
 * needs a connection, as the asset's other edits do.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Paginator } from 'primereact/paginator';
import { lazy, Suspense, useState } from 'react';
import type { Asset } from '../../../shared/api/assets';
import { readingsCsvFileName } from '../../../shared/api/exports';
import { METER_UNITS, MeterForm, ReadingForm, type Meter, type MeterReading } from '../../../shared/api/meters';
import type { QueuedReading } from '../../../shared/areas/meters';
import { PAGE_SIZE } from '../../../shared/constants';
import { NOT_FOUND_MESSAGES, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import type { MutationResult } from '../../../shared/data/protocol';
import { msg, type Translate } from '../../../shared/i18n/translate';
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { formatDateTime, formatReading, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { DownloadButton } from '../../kit/DownloadButton';
import { FormDialog } from '../../kit/FormDialog';
import { NumberField, TextField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, startOver, useSchemaForm } from '../../kit/form';
import { useQueuedReadings } from '../../kit/queued-readings';
import { callWorker } from '../../state/bridge';
import { useSynced, useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';

/** The chart and its library load with the first meter that has a line to draw (MeterChart.tsx). */
const MeterChart = lazy(() => import('./MeterChart'));

const TEXTS = {
  title: msg('Meters'),
  loading: msg('Loading the meters...'),
  saved: msg("Showing the saved meters. We'll refresh once the connection returns."),
  readingsSaved: msg("Showing the saved readings. We'll refresh once the connection returns."),
  waiting: msg('Waiting to send'),
} as const;

export function AssetMeters({ asset }: { asset: Asset }) {
  const t = useT();
  const meters = useWorkerRead(`asset-meters|${asset.id}`, (worker) => worker.meters.ofAsset(asset.id));
  const [adding, setAdding] = useState(false);
  const data = meters.result?.data;
  // A reading sent from the queue changes its meter's last reading and pace.
  useSynced('meters', 'any', () => void meters.reload());

  let body;
  if (!data && meters.error) body = <WarningNotice text={t(messageForScreen(meters.error, SCREEN_MESSAGES.meters.load))} />;
  else if (!data) body = <p role="status">{t(TEXTS.loading)}</p>;
  else if (data.results.length === 0) body = <p className="empty-text">{t(NOT_FOUND_MESSAGES.meters.list)}</p>;
  else body = data.results.map((meter) => <MeterPanel key={meter.id} meter={meter} asset={asset} savedAt={meters.result?.cachedAt ?? null} onReading={() => void meters.reload()} />);

  return (
    <section className="asset-meters" aria-labelledby="asset-meters-title">
      <div className="section-head">
        <h2 id="asset-meters-title">{t(TEXTS.title)}</h2>
        <Button type="button" label={t('Add meter')} icon="pi pi-plus" outlined size="small" onClick={() => setAdding(true)} />
      </div>
      {meters.result?.fromCache ? <SavedDataNotice text={t(TEXTS.saved)} cachedAt={meters.result.cachedAt} /> : null}
      {body}
      <AddMeterDialog assetId={asset.id} visible={adding} onClose={() => setAdding(false)} onAdded={() => void meters.reload()} />
    </section>
  );
}

function MeterPanel({ meter, asset, savedAt, onReading }: { meter: Meter; asset: Asset; savedAt: string | null; onReading: () => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const readings = useWorkerRead(`meter-readings|${meter.id}|${page}`, (worker) => worker.meters.readings(meter.id, page));
  const queued = useQueuedReadings(meter.id);
  useSynced('meters', String(meter.id), () => void readings.reload());
  const titleId = `meter-${meter.id}-title`;
  const data = readings.result?.data;
  // Readings never opened, without a connection: the newest the meter's own record carries.
  const kept = !data && readings.error ? meter.recent_readings.map((r, i): MeterReading => keptReading(meter, r, i)) : [];
  const shown = data?.results ?? kept;

  return (
    <div className="meter-panel" role="group" aria-labelledby={titleId}>
      <div className="section-head">
        <h3 id={titleId}>
          {meter.name} <span className="meter-unit">({meter.unit})</span>
        </h3>
        <Button type="button" label={t('Add reading')} icon="pi pi-plus" size="small" onClick={() => setAdding(true)} aria-describedby={titleId} />
      </div>
      <p className="wo-meta">
        <span>
          {meter.last_reading === null
            ? t('Last reading: none yet')
            : t('Last reading: {reading} {unit}, {at}', { reading: formatReading(meter.last_reading), unit: meter.unit, at: formatDateTime(meter.last_reading_at) })}
        </span>
        {meter.average_daily_use === null ? null : <span>{t('Daily use (30 days): {use} {unit}', { use: formatReading(meter.average_daily_use), unit: meter.unit })}</span>}
      </p>
      {readings.result?.fromCache ? <SavedDataNotice text={t(TEXTS.readingsSaved)} cachedAt={readings.result.cachedAt} /> : null}
      {kept.length > 0 ? <SavedDataNotice text={t(TEXTS.readingsSaved)} cachedAt={savedAt} /> : null}
      {!data && readings.error && kept.length === 0 ? <WarningNotice text={t(messageForScreen(readings.error, SCREEN_MESSAGES.meters.loadReadings))} /> : null}
      {meter.recent_readings.length + queued.length >= 2 ? (
        <Suspense fallback={null}>
          <MeterChart meter={meter} queued={queued} />
        </Suspense>
      ) : null}
      {shown.length > 0 || queued.length > 0 ? <ReadingsTable meter={meter} readings={shown} queued={queued} /> : null}
      {data && data.results.length === 0 && queued.length === 0 ? <p className="empty-text">{t(NOT_FOUND_MESSAGES.meters.readings)}</p> : null}
      {data && data.count > 0 ? (
        <DownloadButton
          id={`meter-${meter.id}-export`}
          label={msg('Export CSV')}
          busyLabel={msg('Exporting...')}
          icon="pi pi-download"
          fileName={readingsCsvFileName(meter.id, new Date().toISOString().slice(0, 10))}
          mimeType="text/csv"
          needsConnection={SCREEN_MESSAGES.exports.needsConnection}
          failure={{ summary: SCREEN_MESSAGES.exports.exportSummary, detail: SCREEN_MESSAGES.exports.exportDetail }}
          download={(worker) => worker.meters.readingsCsv(meter.id)}
        />
      ) : null}
      {data && data.count > PAGE_SIZE ? <Paginator first={(page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={data.count} pageLinkSize={3} onPageChange={(e) => setPage(e.page + 1)} /> : null}
      <AddReadingDialog
        meter={meter}
        label={`${meter.name} · ${asset.name.name}`}
        visible={adding}
        onClose={() => setAdding(false)}
        onDone={(result) => {
          if (result.status !== 'done') return;
          if (result.data.warning) showToast({ severity: 'warn', detail: t(result.data.warning) });
          void readings.reload();
          onReading();
        }}
      />
    </div>
  );
}

/** A reading the meter's record carries, shown as a reading of its table (who took it is not kept there). */
function keptReading(meter: Meter, point: Meter['recent_readings'][number], index: number): MeterReading {
  return { id: -1 - index, meter_id: meter.id, value: point.value, taken_at: point.taken_at, by: null, reset: point.reset, reason: null, void: false, flagged: false, warning: null, created_at: point.taken_at };
}

function ReadingsTable({ meter, readings, queued }: { meter: Meter; readings: readonly MeterReading[]; queued: readonly QueuedReading[] }) {
  const t = useT();
  return (
    <table className="data-table meter-readings">
      <caption className="visually-hidden">{t('Readings of {meter}, newest first', { meter: meter.name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('Taken')}</th>
          <th scope="col">{t('Reading ({unit})', { unit: meter.unit })}</th>
          <th scope="col">{t('By')}</th>
          <th scope="col">{t('Note')}</th>
        </tr>
      </thead>
      <tbody>
        {[...queued].reverse().map((q) => (
          <tr key={q.queueId} className="reading-waiting">
            <td>{formatDateTime(q.taken_at)}</td>
            <td>{formatReading(q.value)}</td>
            <td>{t('You')}</td>
            <td>{[t(TEXTS.waiting), q.reset ? t('Reset') : null].filter(Boolean).join(' · ')}</td>
          </tr>
        ))}
        {readings.map((r) => (
          <tr key={r.id} className={r.void ? 'reading-void' : undefined}>
            <td>{formatDateTime(r.taken_at)}</td>
            <td>{r.void ? <s>{formatReading(r.value)}</s> : formatReading(r.value)}</td>
            <td>{fullName(r.by) || '—'}</td>
            <td>{readingNote(r, t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the table says beside a reading: void, reset (with why) and the pace warning. */
function readingNote(r: MeterReading, t: Translate): string {
  const notes = [
    r.void ? (r.reason ? t('Void: {reason}', { reason: r.reason }) : t('Void')) : null,
    r.reset && !r.void ? (r.reason ? t('Reset: {reason}', { reason: r.reason }) : t('Reset')) : null,
    r.flagged && r.warning ? t(r.warning) : null,
  ];
  return notes.filter(Boolean).join(' · ');
}

interface ReadingValues {
  value: number | null;
  reset: boolean;
  reason: string;
}

const EMPTY_READING: ReadingValues = { value: null, reset: false, reason: '' };

function AddReadingDialog({ meter, label, visible, onClose, onDone }: { meter: Meter; label: string; visible: boolean; onClose: () => void; onDone: (result: MutationResult<MeterReading>) => void }) {
  const t = useT();
  const form = useSchemaForm<ReadingValues>(ReadingForm, EMPTY_READING, (v) => ({ value: v.value ?? undefined, reason: v.reason }));
  const reset = form.watch('reset');
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await callWorker((worker) =>
        worker.meters.addReading({ id: meter.id, assetId: meter.asset_id, label }, { value: values.value ?? 0, reset: values.reset, reason: values.reset ? values.reason : null }),
      );
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: result.message });
      startOver(form, EMPTY_READING);
      onDone(result);
      onClose();
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.meters.addReading);
    }
  }, showInvalidForm);

  return (
    <FormDialog header={t('Add reading: {meter}', { meter: meter.name })} visible={visible} busy={form.formState.isSubmitting} submitLabel={msg('Save Reading')} onClose={onClose} onSubmit={submit}>
      <NumberField control={form.control} name="value" id={`reading-${meter.id}`} label={t('Reading ({unit})', { unit: meter.unit })} step="any" min={0} required />
      <div className="field-checkbox">
        <Checkbox inputId={`reading-reset-${meter.id}`} checked={reset} onChange={(e) => form.setValue('reset', Boolean(e.checked))} />
        <label htmlFor={`reading-reset-${meter.id}`}>{t('The meter was replaced or rolled over (counting starts again)')}</label>
      </div>
      {reset ? <TextField control={form.control} name="reason" id={`reading-reason-${meter.id}`} label={t('Why')} required /> : null}
      <p className="form-hint">{t("Taken now, by this device's clock. Without a connection it is sent once the connection returns.")}</p>
    </FormDialog>
  );
}

/** The units a new meter is offered as examples, in the reader's words (a meter's unit is whatever is typed). */
const UNIT_WORDS: Record<(typeof METER_UNITS)[number], string> = {
  hours: msg('hours'),
  miles: msg('miles'),
  km: msg('km'),
  cycles: msg('cycles'),
  cars: msg('cars'),
  gallons: msg('gallons'),
};

interface MeterValues {
  name: string;
  unit: string;
}

function AddMeterDialog({ assetId, visible, onClose, onAdded }: { assetId: number; visible: boolean; onClose: () => void; onAdded: () => void }) {
  const t = useT();
  const units = METER_UNITS.map((unit) => t(UNIT_WORDS[unit])).join(', ');
  const form = useSchemaForm<MeterValues>(MeterForm, { name: '', unit: '' }, (v) => ({ name: v.name.trim(), unit: v.unit.trim() }));
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await callWorker((worker) => worker.meters.create(assetId, { name: values.name.trim(), unit: values.unit.trim() }));
      showToast({ severity: 'success', detail: result.message });
      startOver(form, { name: '', unit: '' });
      onAdded();
      onClose();
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.meters.create);
    }
  }, showInvalidForm);

  return (
    <FormDialog header={msg('Add meter')} visible={visible} busy={form.formState.isSubmitting} submitLabel={msg('Save Meter')} onClose={onClose} onSubmit={submit}>
      <TextField control={form.control} name="name" id="meter-name" label={t('Name')} placeholder={t('Run hours')} required />
      <TextField
        control={form.control}
        name="unit"
        id="meter-unit"
        label={t('Unit')}
        placeholder={units}
        hint={t('For example {units}, or any short word.', { units })}
        required
      />
    </FormDialog>
  );
}
