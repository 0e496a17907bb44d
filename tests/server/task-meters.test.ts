/**
 * Maintenance by usage (shared/rules/meter-due.ts, src-server/modules/maintenance/), both engines: a
 * task names a meter and an interval in its units; its status, the reading it is due at and the
 * forecast day follow the meter's readings in the order they were taken; a completion records the
 * meter's reading and counts again from it; a reading is a change of the tasks on its meter in the
 * change log; bad input is refused with field errors and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncAnswer, SyncChange } from '../../shared/api/sync.js';
import type { Kpis } from '../../shared/api/kpis.js';
import type { MaintenanceTask } from '../../shared/api/maintenance.js';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { TASK_METER_MESSAGES } from '../../shared/rules/meter-due.js';
import { NO_METER } from '../../src-server/modules/maintenance/maintenance.routes.js';
import { insertAssets, insertLocation } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let locationId: number;
let assetId: number;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const BASE = '/api/v1/maintenance/tasks';

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  const location = await insertLocation(t.database.db, 'Usage Site');
  locationId = location.id;
  [assetId] = (await insertAssets(t.database.db, location.id, 1, 'Brush Tunnel')) as [number];
  await t.database.db.updateTable('assets').set({ created_at: daysAgo(90) }).where('id', '=', assetId).execute();
});
afterAll(async () => t?.close());

const today = () => todayIn(t.config.timeZone);

async function newMeter(name = 'Cars washed'): Promise<number> {
  const res = await t.request({ method: 'POST', url: `/api/v1/assets/${assetId}/meters/`, as: full, payload: { name, unit: 'cars' } });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}
const read = async (meterId: number, value: number, takenAt: string) => {
  const res = await t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/`, as: full, payload: { value, taken_at: takenAt } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
/** A task by days (a year, so the day rule says nothing for now) and by the meter. */
async function newTask(meterId: number | null, interval: unknown, extra: Record<string, unknown> = {}) {
  const payload = { location_id: locationId, description: 'Change the brushes', recurrence_interval: 365, last_completed_date: addDays(today(), -1), meter_id: meterId, meter_interval: interval, ...extra };
  return t.request({ method: 'POST', url: `${BASE}/`, as: full, payload });
}
const task = async (id: number) => (await t.request({ method: 'GET', url: `${BASE}/${id}/`, as: full })).json() as MaintenanceTask;

async function syncAll(since?: string): Promise<{ changes: SyncChange[]; cursor: string }> {
  const changes: SyncChange[] = [];
  let cursor = since;
  for (;;) {
    const res = await t.request({ method: 'GET', url: cursor === undefined ? '/api/v1/sync/' : `/api/v1/sync/?since=${cursor}`, as: full });
    const answer = res.json() as SyncAnswer;
    changes.push(...answer.changes);
    cursor = answer.cursor;
    if (!answer.more) return { changes, cursor };
  }
}

describe('a task by usage', () => {
  it('counts its meter from the newest reading when set, and is almost due, due and past due by what it counted', async () => {
    const meterId = await newMeter();
    await read(meterId, 40_000, daysAgo(20));
    const created = await newTask(meterId, 10_000);
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as MaintenanceTask).id;
    expect(created.json()).toMatchObject({
      meter_id: meterId,
      meter: { id: meterId, asset_id: assetId, name: 'Cars washed', unit: 'cars' },
      meter_interval: 10_000,
      meter_used: 0,
      meter_last_reading: { value: 40_000 },
      meter_due_at: 50_000,
      // Never completed through the system: new, until its meter says otherwise.
      status: 'NEW',
    });

    await read(meterId, 47_999, daysAgo(10));
    expect(await task(id)).toMatchObject({ meter_used: 7_999, status: 'NEW', meter_due_at: 50_000 });
    await read(meterId, 48_000, daysAgo(9));
    expect(await task(id)).toMatchObject({ meter_used: 8_000, status: 'ALMOST_DUE' });
    await read(meterId, 50_000, daysAgo(5));
    const due = await task(id);
    expect(due).toMatchObject({ meter_used: 10_000, status: 'DUE', formatted_status: 'Due', meter_due_at: 50_000, forecast_due_date: today() });
    await read(meterId, 51_000, daysAgo(1));
    expect(await task(id)).toMatchObject({ meter_used: 11_000, status: 'PAST_DUE' });
    // The day rule still stands beside it (a year away); the more urgent wins.
    expect((await task(id)).due_date).toBe(addDays(addDays(today(), -1), 365));
  });

  it('forecasts its due day from the meter\'s daily use, none with fewer than two readings', async () => {
    const meterId = await newMeter('Pump hours');
    const id = ((await newTask(meterId, 1_000)).json() as MaintenanceTask).id;
    expect(await task(id)).toMatchObject({ meter_used: 0, meter_last_reading: null, meter_due_at: null, forecast_due_date: null, status: 'NEW' });
    await read(meterId, 100, daysAgo(10));
    // One reading: counting starts at it; no pace yet.
    expect(await task(id)).toMatchObject({ meter_used: 0, meter_due_at: 1_100, forecast_due_date: null });
    await read(meterId, 300, daysAgo(0.001));
    // 200 in 10 days: 20 a day, 800 left: 40 days.
    const paced = await task(id);
    expect(paced.meter).toMatchObject({ average_daily_use: expect.closeTo(20, 1) });
    expect(paced).toMatchObject({ meter_used: 200, meter_due_at: 1_100 });
    expect(paced.forecast_due_date).toBe(addDays(today(), 40));
  });

  it('lands a backfilled, a reset and a voided reading in their places', async () => {
    const meterId = await newMeter('Cycles');
    await read(meterId, 1_000, daysAgo(30));
    const id = ((await newTask(meterId, 500)).json() as MaintenanceTask).id;
    await read(meterId, 1_400, daysAgo(10));
    // A second device's reading taken earlier, sent later: it goes in its place and changes nothing counted.
    await read(meterId, 1_200, daysAgo(20));
    expect(await task(id)).toMatchObject({ meter_used: 400, status: 'ALMOST_DUE' });
    // The counter replaced: counting starts again from zero, adding what the new one counted.
    const reset = await t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/`, as: full, payload: { value: 120, taken_at: daysAgo(5), reset: true, reason: 'Counter replaced' } });
    expect(reset.statusCode).toBe(201);
    expect(await task(id)).toMatchObject({ meter_used: 520, status: 'DUE', meter_last_reading: { value: 120 }, meter_due_at: 100 });
    // Voided, the reset counts for nothing.
    await t.request({ method: 'POST', url: `/api/v1/meters/${meterId}/readings/${(reset.json() as { id: number }).id}/void/`, as: full });
    expect(await task(id)).toMatchObject({ meter_used: 400, status: 'ALMOST_DUE', meter_last_reading: { value: 1_400 } });
  });

  it('records the meter\'s reading with a completion and counts again from it, refused whole when it cannot stand', async () => {
    const meterId = await newMeter('Brush cars');
    await read(meterId, 5_000, daysAgo(30));
    const id = ((await newTask(meterId, 1_000)).json() as MaintenanceTask).id;
    await read(meterId, 6_200, daysAgo(2));
    expect((await task(id)).status).toBe('PAST_DUE');
    expect((await t.request({ method: 'POST', url: `${BASE}/${id}/claim/`, as: full })).statusCode).toBe(200);

    // Lower than the reading before it: the completion is refused whole.
    const low = await t.request({ method: 'POST', url: `${BASE}/${id}/complete/`, as: full, payload: { meter_reading: 6_000 } });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ meter_reading: [expect.stringContaining('cannot be lower than 6200')] });
    expect(await task(id)).toMatchObject({ status: 'CLAIMED', completed_through_system: false });
    const bad = await t.request({ method: 'POST', url: `${BASE}/${id}/complete/`, as: full, payload: { meter_reading: 'lots', meter_reading_taken_at: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['meter_reading', 'meter_reading_taken_at']);
    const stored = await t.database.db.selectFrom('meter_readings').select('value').where('meter_id', '=', meterId).execute();
    expect(stored.map((r) => Number(r.value)).sort()).toEqual([5_000, 6_200]);

    const compliance = async () => ((await t.request({ method: 'GET', url: '/api/v1/kpis/', as: full })).json() as Kpis).maintenance.windows[0]!;
    const before = await compliance();
    const done = await t.request({ method: 'POST', url: `${BASE}/${id}/complete/`, as: full, payload: { meter_reading: 6_250, field_notes: 'New brushes' } });
    expect(done.statusCode, done.body).toBe(200);
    // Its days were a year away, but its meter had it past due: late in the key figures' compliance.
    const after = await compliance();
    expect([after.completions - before.completions, after.with_due_date - before.with_due_date, after.on_time - before.on_time]).toEqual([1, 1, 0]);
    expect(done.json()).toMatchObject({ status: 'COMPLETE', meter_used: 0, meter_last_reading: { value: 6_250 }, meter_due_at: 7_250 });
    const readings = (await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/readings/`, as: full })).json() as { results: { value: number; by: { id: number } | null }[] };
    expect(readings.results[0]).toMatchObject({ value: 6_250, by: { id: full.user.id } });
    await read(meterId, 7_100, new Date(Date.now() + 60_000).toISOString());
    expect(await task(id)).toMatchObject({ meter_used: 850, meter_due_at: 7_250 });
  });

  it('refuses a reading with the completion of a task by days only, and a completion without one counts from the newest', async () => {
    const plain = ((await newTask(null, null)).json() as MaintenanceTask).id;
    await t.request({ method: 'POST', url: `${BASE}/${plain}/claim/`, as: full });
    const refused = await t.request({ method: 'POST', url: `${BASE}/${plain}/complete/`, as: full, payload: { meter_reading: 5 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ meter_reading: [NO_METER] });

    const meterId = await newMeter('Lamp hours');
    await read(meterId, 10, daysAgo(20));
    const id = ((await newTask(meterId, 100)).json() as MaintenanceTask).id;
    await read(meterId, 130, daysAgo(3));
    await t.request({ method: 'POST', url: `${BASE}/${id}/claim/`, as: full });
    const done = await t.request({ method: 'POST', url: `${BASE}/${id}/complete/`, as: full, payload: {} });
    expect(done.json()).toMatchObject({ status: 'COMPLETE', meter_used: 0, meter_due_at: 230 });
    // 120 of 100 counted: past due by its meter when completed.
    const kept = await t.database.db.selectFrom('task_completions').select('meter_late').where('task_id', '=', id).execute();
    expect(kept.map((k) => k.meter_late)).toEqual([1]);
  });

  it('refuses an interval of zero, a meter without an interval or one that does not exist, and writes nothing', async () => {
    const meterId = await newMeter('Gallons');
    const before = await t.database.db.selectFrom('maintenance_tasks').select('id').execute();
    const zero = await newTask(meterId, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ meter_interval: ['Ensure this value is greater than 0.'] });
    const nan = await newTask(meterId, 'NaN');
    expect(nan.json()).toEqual({ meter_interval: ['A valid number is required.'] });
    const huge = await newTask(meterId, 1e13);
    expect(huge.json()).toEqual({ meter_interval: ['Ensure this value is less than 1000000000000.'] });
    const noInterval = await newTask(meterId, null);
    expect(noInterval.json()).toEqual({ meter_interval: [TASK_METER_MESSAGES.meterWithoutInterval] });
    const noMeter = await newTask(null, 50);
    expect(noMeter.json()).toEqual({ meter_id: [TASK_METER_MESSAGES.intervalWithoutMeter] });
    const unknown = await newTask(999_999, 50);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['meter_id']);
    expect(await t.database.db.selectFrom('maintenance_tasks').select('id').execute()).toEqual(before);
  });

  it('keeps counting from where it did when only its interval changes, starts again on another meter, and goes by days when cleared', async () => {
    const first = await newMeter('Miles A');
    const second = await newMeter('Miles B');
    await read(first, 100, daysAgo(20));
    await read(second, 9_000, daysAgo(20));
    const created = (await newTask(first, 1_000)).json() as MaintenanceTask;
    await read(first, 700, daysAgo(10));
    const longer = await t.request({ method: 'PATCH', url: `${BASE}/${created.id}/`, as: full, payload: { meter_id: first, meter_interval: 650 } });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json()).toMatchObject({ meter_used: 600, status: 'ALMOST_DUE', meter_due_at: 750 });
    const onlyInterval = await t.request({ method: 'PATCH', url: `${BASE}/${created.id}/`, as: full, payload: { meter_interval: 10 } });
    expect(onlyInterval.json()).toEqual({ meter_id: [TASK_METER_MESSAGES.intervalWithoutMeter] });
    const moved = await t.request({ method: 'PATCH', url: `${BASE}/${created.id}/`, as: full, payload: { meter_id: second, meter_interval: 650 } });
    expect(moved.json()).toMatchObject({ meter_id: second, meter_used: 0, meter_due_at: 9_650, status: 'NEW' });
    const cleared = await t.request({ method: 'PATCH', url: `${BASE}/${created.id}/`, as: full, payload: { meter_id: null, meter_interval: null } });
    expect(cleared.json()).toMatchObject({ meter_id: null, meter: null, meter_interval: null, meter_used: null, meter_due_at: null, forecast_due_date: null });
    // A full update that leaves the meter out keeps it as it is.
    await t.request({ method: 'PATCH', url: `${BASE}/${created.id}/`, as: full, payload: { meter_id: second, meter_interval: 650 } });
    const put = await t.request({ method: 'PUT', url: `${BASE}/${created.id}/`, as: full, payload: { location_id: locationId, description: 'Renamed', recurrence_interval: 365, last_completed_date: today() } });
    expect(put.json()).toMatchObject({ meter_id: second, meter_interval: 650 });
  });

  it('is a change in the sync when its meter is read, so devices learn it is due', async () => {
    const meterId = await newMeter('Synced cars');
    await read(meterId, 0, daysAgo(10));
    const id = ((await newTask(meterId, 100)).json() as MaintenanceTask).id;
    const { cursor } = await syncAll();
    await read(meterId, 120, daysAgo(1));
    const { changes } = await syncAll(cursor);
    const change = changes.find((c) => c.area === 'maintenance' && c.id === id);
    expect(change).toMatchObject({ op: 'upsert', record: { status: 'PAST_DUE', meter_used: 120 } });
    // Its meter is gone: the task goes by days only.
    expect((await t.request({ method: 'DELETE', url: `/api/v1/meters/${meterId}/`, as: full })).statusCode).toBe(204);
    expect(await task(id)).toMatchObject({ meter_id: null, meter: null, status: 'NEW' });
  });

  it('takes a procedure reading that names a meter as a reading of it, checked with the completion', async () => {
    const meterId = await newMeter('Stroke counter');
    await read(meterId, 300, daysAgo(10));
    const steps = [
      { kind: 'reading', label: 'Stroke counter', unit: 'strokes', meter_id: meterId },
      { kind: 'check', label: 'Guard in place' },
    ];
    const unknown = await newTask(null, null, { steps: [{ ...steps[0], meter_id: 999_999 }] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['steps.0.meter_id']);
    const created = (await newTask(null, null, { steps })).json() as MaintenanceTask;
    expect(created.steps.map((s) => s.meter_id)).toEqual([meterId, undefined]);
    // A step without a meter keeps the one spelling steps always had.
    expect(Object.keys(created.steps[1]!)).not.toContain('meter_id');
    const [reading, check] = created.steps as unknown as [{ id: string }, { id: string }];
    await t.request({ method: 'POST', url: `${BASE}/${created.id}/claim/`, as: full });
    const complete = (value: number) =>
      t.request({ method: 'POST', url: `${BASE}/${created.id}/complete/`, as: full, payload: { procedure_version: created.procedure_version, answers: [{ step_id: reading.id, value }, { step_id: check.id, value: 'pass' }] } });
    const low = await complete(250);
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ [`answers.${reading.id}`]: [expect.stringContaining('cannot be lower than 300')] });
    expect((await complete(340)).statusCode).toBe(200);
    const readings = (await t.request({ method: 'GET', url: `/api/v1/meters/${meterId}/readings/`, as: full })).json() as { results: { value: number }[] };
    expect(readings.results.map((r) => r.value)).toEqual([340, 300]);
  });
});
