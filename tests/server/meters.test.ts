/**
 * Meters on assets and their readings (shared/api/meters.ts, src-server/modules/meters/), both
 * engines: readings stand in the order they were taken whatever order they arrive in, a reset
 * starts the count again, a voided reading is kept and counts for nothing, a reading far above the
 * pace is kept and flagged, and bad input is refused with field errors and nothing written.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { READING_MESSAGES, SPIKE_FACTOR } from '../../shared/rules/meter-readings.js';
import { READING_CSV_HEADERS } from '../../src-server/modules/meters/meters.routes.js';
import { METER_MESSAGES } from '../../src-server/modules/meters/reading.fields.js';
import { csvRecords } from '../helpers/csv-parse.js';
import { insertAssets, insertLocation } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let assetId: number;
let meterId: number;

const DAY_MS = 86_400_000;
/** `days` days ago, at the same time of day. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  limited = await t.createUser();
  const location = await insertLocation(t.database.db, 'Meter Site');
  [assetId] = (await insertAssets(t.database.db, location.id, 1, 'Wash Tunnel')) as [number];
  // The asset was added 60 days ago, so readings may be backfilled that far.
  await t.database.db.updateTable('assets').set({ created_at: daysAgo(60) }).where('id', '=', assetId).execute();
});
afterAll(async () => t?.close());

beforeEach(async () => {
  const res = await t.request({ method: 'POST', url: `/api/v1/assets/${assetId}/meters/`, as: full, payload: { name: 'Cars washed', unit: 'cars' } });
  expect(res.statusCode).toBe(201);
  meterId = (res.json() as { id: number }).id;
});

const read = (value: unknown, takenAt?: string, extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/`, as: full, payload: { value, ...(takenAt ? { taken_at: takenAt } : {}), ...extra } });
const readings = async () => (await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/readings/`, as: full })).json() as { count: number; results: { value: number; taken_at: string; void: boolean; flagged: boolean; warning: string | null; reset: boolean; reason: string | null; by: { id: number } | null }[] };
const meter = async () => (await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/`, as: full })).json() as { last_reading: number | null; last_reading_at: string | null; average_daily_use: number | null };

describe('meters on an asset', () => {
  it('are added with a name and a unit, and listed with the asset', async () => {
    const list = await t.request({ method: 'GET', url: `/api/v1/assets/${assetId}/meters/`, as: full });
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toContainEqual(expect.objectContaining({ id: meterId, asset_id: assetId, name: 'Cars washed', unit: 'cars', last_reading: null, last_reading_at: null, average_daily_use: null }));
  });

  it('refuse a missing name or unit, an unknown asset, and limited users', async () => {
    const before = await t.database.db.selectFrom('meters').select('id').execute();
    const blank = await t.request({ method: 'POST', url: `/api/v1/assets/${assetId}/meters/`, as: full, payload: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'], unit: ['This field is required.'] });
    expect((await t.request({ method: 'POST', url: '/api/v1/assets/999999/meters/', as: full, payload: { name: 'Hours', unit: 'hours' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/v1/assets/${assetId}/meters/`, as: limited, payload: { name: 'Hours', unit: 'hours' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/readings/`, as: limited })).statusCode).toBe(403);
    expect(await t.database.db.selectFrom('meters').select('id').execute()).toEqual(before);
  });

  it('are renamed, and removed with their readings', async () => {
    expect((await read(10, daysAgo(2))).statusCode).toBe(201);
    const renamed = await t.request({ method: 'PATCH', url: `/api/v1/meters/${meterId}/`, as: full, payload: { name: 'Cars through the tunnel' } });
    expect(renamed.json()).toMatchObject({ name: 'Cars through the tunnel', unit: 'cars', last_reading: 10 });
    expect((await t.request({ method: 'PATCH', url: `/api/v1/meters/${meterId}/`, as: full, payload: {} })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/meters/${meterId}/`, as: full })).statusCode).toBe(204);
    expect(await t.database.db.selectFrom('meter_readings').select('id').where('meter_id', '=', meterId).execute()).toEqual([]);
    expect((await read(20)).statusCode).toBe(404);
  });
});

describe('a meter\'s chart', () => {
  it('draws its valid readings of the last 90 days, oldest taken first, voided ones left out', async () => {
    await read(50, daysAgo(59));
    await read(80, daysAgo(30));
    const voided = (await read(90, daysAgo(20))).json() as { id: number };
    await read(120, daysAgo(1));
    await t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/${voided.id}/void/`, as: full });
    const chart = await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/chart/`, as: full });
    expect(chart.statusCode).toBe(200);
    expect(chart.json()).toEqual({ meter_id: meterId, from: expect.any(String), points: [50, 80, 120].map((value) => ({ value, taken_at: expect.any(String), reset: false })) });
    expect(Date.parse((chart.json() as { from: string }).from)).toBeGreaterThan(Date.now() - 91 * DAY_MS);
    expect((await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/chart/`, as: limited })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/meters/999999/chart/', as: full })).statusCode).toBe(404);
  });
});

describe('a meter\'s readings as CSV', () => {
  it('are every reading in the order taken, voided and reset ones marked, text safe from formulas', async () => {
    await t.database.db.updateTable('meters').set({ name: '=Cars' }).where('id', '=', meterId).execute();
    await read(10, daysAgo(9));
    const voided = (await read(20, daysAgo(8))).json() as { id: number };
    await read(5, daysAgo(7), { reset: true, reason: 'New counter, "B"' });
    await t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/${voided.id}/void/`, as: full });
    const res = await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/readings/export.csv`, as: full });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="meter-${meterId}-readings-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const rows = csvRecords(res.body, READING_CSV_HEADERS);
    expect(rows.map((r) => [r.Meter, r.Unit, r.Reading, r.Reset, r.Reason, r.Void])).toEqual([
      ["'=Cars", 'cars', '10', '', '', ''],
      ["'=Cars", 'cars', '20', '', '', 'Yes'],
      ["'=Cars", 'cars', '5', 'Yes', 'New counter, "B"', ''],
    ]);
    expect(rows[0]!.Asset).toBe('Wash Tunnel 0000');
    expect(rows[0]!.By).toMatch(/\S/);
    expect((await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/readings/export.csv`, as: limited })).statusCode).toBe(403);
  });
});

describe('readings', () => {
  it('stand in the order they were taken: a backfilled one goes in its place, within its neighbours', async () => {
    expect((await read(100, daysAgo(20))).statusCode).toBe(201);
    expect((await read(300, daysAgo(10))).statusCode).toBe(201);
    // Taken in between, sent last: it must lie between the two.
    expect((await read(200, daysAgo(15))).statusCode).toBe(201);
    const low = await read(90, daysAgo(12));
    expect(low.statusCode).toBe(400);
    expect(Object.keys(low.json())).toEqual(['value']);
    expect(low.json().value[0]).toContain('cannot be lower than 200');
    const high = await read(400, daysAgo(12));
    expect(high.statusCode).toBe(400);
    expect(high.json().value[0]).toContain('cannot be higher than 300');
    const list = await readings();
    expect(list.results.map((r) => r.value)).toEqual([300, 200, 100]);
    expect(list.results[0]!.by?.id).toBe(full.user.id);
    const figures = await meter();
    expect(figures.last_reading).toBe(300);
    // 200 counted over the 10 days between the first and the last reading.
    expect(figures.average_daily_use).toBeCloseTo(20, 3);
  });

  it('start again from a reset, which needs a reason', async () => {
    expect((await read(500, daysAgo(5))).statusCode).toBe(201);
    const noReason = await read(3, daysAgo(4), { reset: true });
    expect(noReason.json()).toEqual({ reason: [READING_MESSAGES.resetNeedsReason] });
    const reset = await read(3, daysAgo(4), { reset: true, reason: 'Counter replaced' });
    expect(reset.statusCode).toBe(201);
    expect(reset.json()).toMatchObject({ value: 3, reset: true, reason: 'Counter replaced' });
    expect((await read(40, daysAgo(3))).statusCode).toBe(201);
    expect((await read(2, daysAgo(2))).statusCode).toBe(400);
    expect(await meter()).toMatchObject({ last_reading: 40 });
  });

  it('far above the pace are kept, flagged and said', async () => {
    for (const [days, value] of [[20, 0], [15, 100], [10, 200]] as const) expect((await read(value, daysAgo(days))).statusCode).toBe(201);
    const usual = await read(230, daysAgo(9));
    expect(usual.json()).toMatchObject({ flagged: false, warning: null });
    const spike = await read(5_000, daysAgo(8));
    expect(spike.statusCode).toBe(201);
    expect(spike.json()).toMatchObject({ flagged: true, warning: READING_MESSAGES.spike(SPIKE_FACTOR) });
  });

  it('voided are kept, count for nothing, and stay voided', async () => {
    expect((await read(100, daysAgo(10))).statusCode).toBe(201);
    const wrong = await read(900, daysAgo(9));
    const id = (wrong.json() as { id: number }).id;
    const voided = await t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/${id}/void/`, as: full, payload: { reason: 'Misread' } });
    expect(voided.json()).toMatchObject({ id, void: true, reason: 'Misread', value: 900 });
    // Voided again, without a body: nothing changes.
    const again = await t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/${id}/void/`, as: full });
    expect(again.json()).toMatchObject({ void: true, reason: 'Misread' });
    // A reading lower than the voided one is taken; the figures leave it out.
    expect((await read(150, daysAgo(8))).statusCode).toBe(201);
    expect(await meter()).toMatchObject({ last_reading: 150 });
    expect((await readings()).results.map((r) => [r.value, r.void])).toEqual([[150, false], [900, true], [100, false]]);
    expect((await t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/${id}/void/`, as: limited })).statusCode).toBe(403);
  });

  it('refuse bad values and times with field errors, and write nothing', async () => {
    const cases: [unknown, string | undefined, string, string][] = [
      ['many', undefined, 'value', 'A valid number is required.'],
      [null, undefined, 'value', 'This field may not be null.'],
      ['NaN', undefined, 'value', 'A valid number is required.'],
      [-1, undefined, 'value', 'Ensure this value is greater than or equal to 0.'],
      [1e13, undefined, 'value', 'Ensure this value is less than 1000000000000.'],
      [5, 'yesterday', 'taken_at', METER_MESSAGES.takenAtFormat],
      [5, '2026-02-30', 'taken_at', METER_MESSAGES.takenAtFormat],
      [5, new Date(Date.now() + 2 * DAY_MS).toISOString(), 'taken_at', METER_MESSAGES.takenAtFuture],
    ];
    for (const [value, takenAt, field, message] of cases) {
      const res = await read(value, takenAt);
      expect([res.statusCode, res.json()]).toEqual([400, { [field]: [message] }]);
    }
    const early = await read(5, daysAgo(61));
    expect(early.statusCode).toBe(400);
    expect(early.json().taken_at[0]).toContain('before its asset was added');
    expect((await readings()).count).toBe(0);
  });

  it('sent again with the same Idempotency-Key are one reading', async () => {
    const takenAt = daysAgo(1);
    const send = () => t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/`, as: full, headers: { 'idempotency-key': `reading-${meterId}` }, payload: { value: 12, taken_at: takenAt } });
    const [first, second] = [await send(), await send()];
    expect(second.json()).toEqual(first.json());
    expect((await readings()).count).toBe(1);
  });

  it('sent at once are each checked against the other', async () => {
    expect((await read(100, daysAgo(10))).statusCode).toBe(201);
    // Each fits alone; together the later-taken one would be lower than the earlier-taken one.
    const answers = await Promise.all([read(300, daysAgo(6)), read(200, daysAgo(5))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const values = (await readings()).results.map((r) => r.value);
    expect(values).toHaveLength(2);
  });

  it("are told in the asset's history: added, read, voided once, removed, each by whom", async () => {
    const taken = daysAgo(2);
    const added = await read(40, taken, { reset: true, reason: 'New counter' });
    const readingId = (added.json() as { id: number }).id;
    const voidIt = () => t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/${readingId}/void/`, as: full, payload: { reason: 'Misread' } });
    expect((await voidIt()).statusCode).toBe(200);
    expect((await voidIt()).statusCode).toBe(200);
    // A refused reading tells nothing.
    expect((await read(-1)).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/meters/${meterId}/`, as: full })).statusCode).toBe(204);

    const history = await t.request({ method: 'GET', url: `/api/v1/assets/${assetId}/activity/`, as: full });
    expect(history.statusCode).toBe(200);
    type Entry = { kind: string; actor: { id: number } | null; details: Record<string, unknown> };
    const mine = (history.json() as { results: Entry[] }).results.filter((e) => e.details.meter === 'Cars washed').slice(0, 4);
    expect(mine.map((e) => e.kind)).toEqual(['meter_removed', 'reading_voided', 'meter_read', 'meter_added']);
    expect(mine.every((e) => e.actor?.id === full.user.id)).toBe(true);
    expect(mine[2]!.details).toEqual({ meter: 'Cars washed', unit: 'cars', value: 40, taken_at: taken, reset: true, reason: 'New counter' });
    expect(mine[1]!.details).toMatchObject({ value: 40, reason: 'Misread' });
    expect(mine[0]!.details).toEqual({ meter: 'Cars washed', unit: 'cars' });
  });
});
