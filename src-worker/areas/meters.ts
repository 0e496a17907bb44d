/**
 * Meters on assets and their readings (shared/areas/meters.ts; docs/decisions.md: Meters and
 * readings). Meters are in the working set, each with its newest readings, so an asset's meters are
 * on the device before it is opened; pages of readings go through the cache like every read. A
 * reading is an offline action: it is checked here first against the readings the device knows
 * (the meter's kept record, else its saved page, and those queued), by the rule the server applies
 * again (shared/rules/meter-readings.ts), and stored with the device's time as when it was taken,
 * so a reading sent hours later still goes in its place.
 */
import { t } from '../../shared/i18n/translate.js';
import type { Page } from '../../shared/api/common.js';
import { PAGE_SIZE } from '../../shared/constants.js';
import { readingsCsvPath } from '../../shared/api/exports.js';
import type { Meter, MeterChart, MeterReading } from '../../shared/api/meters.js';
import type { Asset } from '../../shared/api/assets.js';
import type { MeterChoice, QueuedReading, ReadingInput } from '../../shared/areas/meters.js';
import { normalizeHttpError } from '../../shared/data/errors.js';
import { ERROR_MESSAGES, QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import { READING_MESSAGES, readingProblem, type ReadingPoint } from '../../shared/rules/meter-readings.js';
import { optionalText } from '../../shared/rules/optional-text.js';
import { readThroughCache } from '../cache/cached-read.js';
import type { CacheHit } from '../cache/response-cache.js';
import type { AreaContext } from '../kit/area-context.js';
import { defineArea } from '../kit/area.js';
import { defineWrite } from '../outbox/write-action.js';
import { onlyOnline, writeNow } from '../outbox/write-now.js';
import { binaryRead } from '../kit/binary.js';
import { needsConnectionFor } from '../kit/reports.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';

const metersOf = (assetId: number | string) => `assets/${assetId}/meters/`;
const readingsOf = (meterId: number | string) => `meters/${meterId}/readings/`;
const chartOf = (meterId: number | string) => `meters/${meterId}/chart/`;

/** What a queued reading stores: the request body, and the asset whose meters' saved page it makes stale. */
type ReadingPayload = { body: { value: number; taken_at: string; reset: boolean; reason: string | null }; asset_id: number };

export const addReading = defineWrite<MeterReading, ReadingPayload>({
  area: 'meters',
  action: 'reading',
  request: (item) => ({ method: 'POST', path: readingsOf(item.targetId ?? ''), json: item.payload.body }),
  // The meter's last reading and pace change with it, its pages of readings, and the tasks that count it
  // (named by path: the maintenance area imports this one).
  invalidates: (item) => ({ prefixes: [readingsOf(item.targetId ?? ''), chartOf(item.targetId ?? ''), metersOf(item.payload.asset_id), 'maintenance/tasks/'] }),
  messages: { success: SUCCESS_MESSAGES.meters.readingRecorded, queued: QUEUED_MESSAGES.meters.reading, failure: SCREEN_MESSAGES.meters.addReading },
});

const createMeter = defineWrite<Meter, { name: string; unit: string }>({
  area: 'meters',
  action: 'create',
  request: (item) => ({ method: 'POST', path: metersOf(item.targetId ?? ''), json: item.payload }),
  invalidates: (item) => ({ prefixes: [metersOf(item.targetId ?? '')] }),
  // Added with a connection only, as assets are.
  messages: { success: SUCCESS_MESSAGES.meters.created, queued: ERROR_MESSAGES.needsConnection, failure: SCREEN_MESSAGES.meters.create },
});

function isReadingPayload(payload: unknown): payload is ReadingPayload {
  const body = (payload as Partial<ReadingPayload> | null)?.body;
  return typeof body?.value === 'number' && typeof body.taken_at === 'string';
}

/** The meter's readings still in the outbox, oldest taken first. */
async function queuedReadings(ctx: AreaContext, meterId: number): Promise<QueuedReading[]> {
  const rows = await ctx.outbox.active();
  return rows
    .filter((row) => row.domain === 'meters' && row.action === addReading.action && row.targetId === String(meterId))
    .flatMap((row) => (isReadingPayload(row.payload) ? [{ queueId: row.id, value: row.payload.body.value, taken_at: row.payload.body.taken_at, reset: row.payload.body.reset }] : []))
    .sort((a, b) => Date.parse(a.taken_at) - Date.parse(b.taken_at));
}

/**
 * The readings the device knows of this meter: its newest valid ones, from the meter as the sync
 * keeps it or else the newest saved page of its readings, and those waiting to be sent. A reading
 * taken now is placed against the latest of them; the server, knowing all, judges again.
 */
async function knownReadings(ctx: AreaContext, meterId: number): Promise<ReadingPoint[]> {
  const kept = await ctx.workingSet.record<Meter>('meters', meterId);
  const saved = kept ? null : await ctx.cache.get<Page<MeterReading>>(`${readingsOf(meterId)}?page=1`);
  const known = kept?.data.recent_readings ?? (saved?.data.results ?? []).filter((r) => !r.void);
  return [...known, ...(await queuedReadings(ctx, meterId))];
}

/** An asset's meters as the working set keeps them, as a saved page (by id, as the server lists them). */
async function keptMeters(ctx: AreaContext, assetId: number): Promise<CacheHit<Page<Meter>> | null> {
  const kept = await ctx.workingSet.matching<Meter>('meters', (meter) => meter.asset_id === assetId);
  if (!kept) return null;
  const results = kept.data.sort((a, b) => a.id - b.id).slice(0, PAGE_SIZE);
  return { data: { count: kept.data.length, next: null, previous: null, results }, cachedAt: kept.cachedAt };
}

/** Every kept meter, named with its asset, by label (none before the first sync). Only those meters' assets are read, by key. */
async function meterChoices(ctx: AreaContext): Promise<MeterChoice[]> {
  const meters = (await ctx.workingSet.matching<Meter>('meters', () => true))?.data ?? [];
  const assetIds = [...new Set(meters.map((m) => m.asset_id))];
  const assets = await Promise.all(assetIds.map((id) => ctx.workingSet.record<Asset>('assets', id)));
  const assetNames = new Map(assets.flatMap((hit) => (hit ? [[hit.data.id, hit.data.name.name] as const] : [])));
  return meters
    .map((m) => ({ id: m.id, label: `${assetNames.get(m.asset_id) ?? t('Asset #{id}', { id: m.asset_id })}: ${m.name} (${m.unit})`, unit: m.unit }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The form's fields refused here as the server would refuse them (the same field errors). */
function refused(fields: Record<string, string[]>): never {
  throw normalizeHttpError(400, fields);
}

/**
 * A reading checked against those the device knows of its meter, by the rule the server applies
 * again: refused with the server's own field error under `field`, else the reading as given.
 */
export async function checkedReading<R extends ReadingPoint>(ctx: AreaContext, meterId: number, reading: R, field: string): Promise<R> {
  const problem = readingProblem(await knownReadings(ctx, meterId), reading);
  if (problem) refused({ [field]: [problem] });
  return reading;
}

export const area = defineArea({
  name: 'meters',
  writes: [addReading, createMeter],
  calls: (ctx) => ({
    ofAsset: (assetId) => {
      const path = `${metersOf(assetId)}?page=1`;
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Page<Meter>>({ path }), () => keptMeters(ctx, assetId));
    },
    readings: (meterId, page) => {
      const path = `${readingsOf(meterId)}?page=${page}`;
      return readThroughCache(ctx.cache, path, () => ctx.http.request<Page<MeterReading>>({ path }));
    },
    chart: (meterId) => {
      const path = chartOf(meterId);
      return readThroughCache(ctx.cache, path, () => ctx.http.request<MeterChart>({ path }));
    },
    queuedReadings: (meterId) => queuedReadings(ctx, meterId),
    // Made by the server, now: needs a connection, never queued (as the lists' exports).
    readingsCsv: (meterId) => needsConnectionFor(ERROR_MESSAGES.exportNeedsConnection, () => onlyOnline(ctx, () => binaryRead(ctx.http, { path: readingsCsvPath(meterId) }))),
    choices: () => meterChoices(ctx),
    addReading: async (meter, input: ReadingInput) => {
      const reading = { value: input.value, taken_at: input.taken_at ?? new Date().toISOString(), reset: input.reset, reason: optionalText(input.reason) };
      if (reading.reset && !reading.reason) refused({ reason: [READING_MESSAGES.resetNeedsReason] });
      await checkedReading(ctx, meter.id, reading, 'value');
      return writeOrQueue(ctx, addReading, { targetId: String(meter.id), targetLabel: meter.label, payload: { body: reading, asset_id: meter.assetId } });
    },
    create: (assetId, fields) => writeNow(ctx, createMeter, { targetId: String(assetId), payload: { name: fields.name, unit: fields.unit } }),
  }),
});
