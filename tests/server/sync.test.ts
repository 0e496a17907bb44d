/**
 * GET /api/v1/sync/ on both engines: the first sync brings the whole working set in pages, in the
 * shape of each record's detail; later pulls bring what changed since, once per record; what a
 * limited user may not read never reaches them; a deleted record is a tombstone; a bad, future or
 * compacted cursor is refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncAnswer, SyncChange } from '../../shared/api/sync.js';
import { ChangeLogRepository } from '../../src-server/modules/sync/change-log.repository.js';
import { SYNC_PAGE } from '../../src-server/modules/sync/sync.routes.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { SYNC_COMPLETED_DAYS: '7' } });
  full = await t.createUser({ full: true });
  limited = await t.createUser();
});
afterAll(async () => {
  await t.close();
});

const place = { location_type: 'OTHER', address: '1 Test Way', city: 'Dallas', state: 'TX', postal_code: '75001' };

async function sync(as: TestUser, since?: string): Promise<SyncAnswer> {
  const res = await t.request({ method: 'GET', url: since === undefined ? '/api/v1/sync/' : `/api/v1/sync/?since=${since}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page from `since` on: the changes in order and the last cursor. */
async function syncAll(as: TestUser, since?: string): Promise<{ changes: SyncChange[]; cursor: string; pages: number; scope: string[] }> {
  const changes: SyncChange[] = [];
  let cursor = since;
  let pages = 0;
  for (;;) {
    const answer = await sync(as, cursor);
    pages += 1;
    changes.push(...answer.changes);
    cursor = answer.cursor;
    if (!answer.more) return { changes, cursor, pages, scope: answer.scope };
  }
}

const key = (c: SyncChange) => `${c.area}:${c.id}`;

describe('sync', () => {
  let locationId = 0;
  let openOrder = 0;

  it('gives a new device the whole working set in pages, each record as its detail answers it', async () => {
    locationId = (await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { ...place, name: 'Sync Yard' } })).json().id;
    for (let i = 0; i < SYNC_PAGE + 5; i++) {
      const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: { location_id: locationId, description: `Order ${i}` } });
      if (i === 0) openOrder = res.json().id;
    }
    // Completed long ago: not in the working set; completed lately: in it.
    const old = (await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: { location_id: locationId, description: 'Old done' } })).json().id;
    await t.database.db.updateTable('work_orders').set({ status: 'Completed', completed_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', old).execute();
    const task = (await t.request({ method: 'POST', url: '/api/v1/maintenance/tasks/', as: full, payload: { location_id: locationId, description: 'Grease', recurrence_interval: 7, last_completed_date: '2026-01-01' } })).json();

    const first = await syncAll(full);
    expect(first.pages).toBeGreaterThan(1);
    const keys = first.changes.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain(`workorders:${openOrder}`);
    expect(keys).not.toContain(`workorders:${old}`);
    expect(keys).toContain(`locations:${locationId}`);
    const detail = (await t.request({ method: 'GET', url: `/api/v1/workorders/${openOrder}/`, as: full })).json();
    expect(first.changes.find((c) => key(c) === `workorders:${openOrder}`)).toEqual({ area: 'workorders', id: openOrder, op: 'upsert', record: detail });
    const taskDetail = (await t.request({ method: 'GET', url: `/api/v1/maintenance/tasks/${task.id}/`, as: full })).json();
    expect(first.changes.find((c) => key(c) === `maintenance:${task.id}`)).toMatchObject({ op: 'upsert', record: taskDetail });
    expect(first.scope).toEqual(['locations', 'workorders', 'maintenance', 'assets', 'vendors', 'parts', 'chemicals', 'meters', 'requests']);
    // Up to date: nothing more.
    expect(await sync(full, first.cursor)).toMatchObject({ cursor: first.cursor, more: false, snapshot: false, changes: [] });
  });

  it('then brings what changed since, once per record however often it changed, and what the first sync missed meanwhile', async () => {
    const { cursor } = await syncAll(full);
    await t.request({ method: 'POST', url: `/api/v1/workorders/${openOrder}/claim/`, as: full });
    await t.request({ method: 'POST', url: `/api/v1/workorders/${openOrder}/unclaim/`, as: full });
    await t.request({ method: 'POST', url: `/api/v1/workorders/${openOrder}/claim/`, as: full });
    const vendor = (await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: 'Acme' } })).json();
    const next = await syncAll(full, cursor);
    expect(next.changes.map(key).sort()).toEqual([`vendors:${vendor.id}`, `workorders:${openOrder}`].sort());
    expect(next.changes.find((c) => c.area === 'workorders')).toMatchObject({ op: 'upsert', record: { id: openOrder, status: 'Claimed' } });
    expect(Number(next.cursor)).toBeGreaterThan(Number(cursor));

    // A change made while a first sync is being read reaches that device in its next pull.
    const page1 = await sync(full);
    expect(page1.more).toBe(true);
    await t.request({ method: 'PUT', url: `/api/v1/vendors/${vendor.id}/`, as: full, payload: { name: 'Acme Renamed' } });
    const rest = await syncAll(full, page1.cursor);
    const after = await syncAll(full, rest.cursor);
    expect(after.changes.find((c) => key(c) === `vendors:${vendor.id}`)).toMatchObject({ record: { name: 'Acme Renamed' } });
  });

  it('gives a limited user locations and work orders only, first and after', async () => {
    const first = await syncAll(limited);
    expect(first.scope).toEqual(['locations', 'workorders']);
    expect(new Set(first.changes.map((c) => c.area))).toEqual(new Set(['locations', 'workorders']));
    await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: 'Hidden' } });
    await t.request({ method: 'POST', url: `/api/v1/workorders/${openOrder}/unclaim/`, as: full });
    const next = await syncAll(limited, first.cursor);
    expect(next.changes.map(key)).toEqual([`workorders:${openOrder}`]);
  });

  it("brings a meter again with each reading added or voided, its newest readings inside, and drops it with its asset", async () => {
    const location = (await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { location_type: 'OTHER', name: 'Meter Sync Site', address: '1 Way', city: 'Dallas', state: 'TX', postal_code: '75001' } })).json() as { id: number };
    const asset = (await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { brand: 'Belt', name: 'Synced Conveyor', description: 'd', asset_type: 'OTHER', serial_number: 'SYNC-M', location_id: location.id } })).json() as { id: number };
    const meter = (await t.request({ method: 'POST', url: `/api/v1/assets/${asset.id}/meters/`, as: full, payload: { name: 'Run hours', unit: 'hours' } })).json() as { id: number };
    const { cursor, changes } = await syncAll(full);
    expect(changes.map(key)).toContain(`meters:${meter.id}`);

    const reading = (await t.request({ method: 'POST', url: `/api/v1/meters/${meter.id}/readings/`, as: full, payload: { value: 42 } })).json() as { id: number };
    const read = await syncAll(full, cursor);
    expect(read.changes.filter((c) => c.area === 'meters')).toEqual([
      { area: 'meters', id: meter.id, op: 'upsert', record: expect.objectContaining({ last_reading: 42, recent_readings: [expect.objectContaining({ value: 42, reset: false })] }) },
    ]);
    await t.request({ method: 'POST', url: `/api/v1/meters/${meter.id}/readings/${reading.id}/void/`, as: full });
    const voided = await syncAll(full, read.cursor);
    expect(voided.changes.find((c) => key(c) === `meters:${meter.id}`)).toMatchObject({ op: 'upsert', record: { last_reading: null, recent_readings: [] } });

    // Limited users keep no meters.
    expect((await syncAll(limited)).scope).not.toContain('meters');
    // The asset goes, and its meter with it.
    await t.database.db.deleteFrom('work_orders').where('asset_id', '=', asset.id).execute();
    await t.database.db.deleteFrom('assets').where('id', '=', asset.id).execute();
    expect((await syncAll(full, voided.cursor)).changes.find((c) => key(c) === `meters:${meter.id}`)).toEqual({ area: 'meters', id: meter.id, op: 'delete' });
  });

  it('brings requests from labels to full-access devices: new ones, a decision, the order completed, the place renamed', async () => {
    const location = (await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { ...place, name: 'Request Sync Wash' } })).json() as { id: number; code: string };
    const sent = await t.request({ method: 'POST', url: '/api/v1/public/requests/', payload: { code: location.code, description: 'Sync: hose split' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = (sent.json() as { id: number }).id;
    const first = await syncAll(full);
    const detail = (await t.request({ method: 'GET', url: `/api/v1/requests/${id}/`, as: full })).json();
    expect(first.changes.find((c) => key(c) === `requests:${id}`)).toEqual({ area: 'requests', id, op: 'upsert', record: detail });
    // Limited users keep no requests.
    const limitedSync = await syncAll(limited);
    expect(limitedSync.scope).not.toContain('requests');
    expect(limitedSync.changes.filter((c) => c.area === 'requests')).toEqual([]);

    const accepted = (await t.request({ method: 'POST', url: `/api/v1/requests/${id}/accept/`, as: full })).json() as { work_order_id: number };
    const afterAccept = await syncAll(full, first.cursor);
    expect(afterAccept.changes.find((c) => key(c) === `requests:${id}`)).toMatchObject({ op: 'upsert', record: { status: 'accepted', work_order_id: accepted.work_order_id } });

    await t.database.db.updateTable('work_orders').set({ status: 'Completed', completed_at: new Date().toISOString() }).where('id', '=', accepted.work_order_id).execute();
    const afterDone = await syncAll(full, afterAccept.cursor);
    expect(afterDone.changes.find((c) => key(c) === `requests:${id}`)).toMatchObject({ op: 'upsert', record: { status: 'completed' } });

    await t.database.db.updateTable('locations').set({ name: 'Request Sync Wash 2' }).where('id', '=', location.id).execute();
    const afterRename = await syncAll(full, afterDone.cursor);
    expect(afterRename.changes.find((c) => key(c) === `requests:${id}`)).toMatchObject({ op: 'upsert', record: { location: { id: location.id, name: 'Request Sync Wash 2' } } });
  });

  it('says a record is gone with a tombstone', async () => {
    const { cursor } = await syncAll(full);
    const vendor = await t.database.db.insertInto('vendors').values({ name: 'Brief', address: '', city: '', state: '', postal_code: '', telephone_number: '', created_at: 'x', updated_at: 'x' }).returning('id').executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('vendors').where('id', '=', vendor.id).execute();
    expect((await syncAll(full, cursor)).changes).toEqual([{ area: 'vendors', id: vendor.id, op: 'delete' }]);
  });

  it('refuses a malformed cursor with 400, and a future or compacted one with 410 so the device starts over', async () => {
    for (const bad of ['abc', '-1', '1.5', 's.1.2', '01', '9'.repeat(20)]) {
      const res = await t.request({ method: 'GET', url: `/api/v1/sync/?since=${encodeURIComponent(bad)}`, as: full });
      expect(res.statusCode, bad).toBe(400);
    }
    const { cursor } = await syncAll(full);
    const ahead = await t.request({ method: 'GET', url: `/api/v1/sync/?since=${Number(cursor) + 1000}`, as: full });
    expect(ahead.statusCode).toBe(410);
    expect(ahead.json()).toEqual({ detail: 'This sync cursor is no longer valid. Sync again from the start.', code: 'cursor_gone' });

    await sql`update change_log set changed_at = '2000-01-01T00:00:00.000Z'`.execute(t.database.db);
    await new ChangeLogRepository(t.database.db).compact('2001-01-01T00:00:00.000Z');
    expect((await t.request({ method: 'GET', url: '/api/v1/sync/?since=1', as: full })).statusCode).toBe(410);
    // The cursor at the floor is still whole, and a new first sync works.
    expect((await t.request({ method: 'GET', url: `/api/v1/sync/?since=${cursor}`, as: full })).statusCode).toBe(200);
    expect((await syncAll(full)).changes.length).toBeGreaterThan(SYNC_PAGE);
  });

  it('answers 401 without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/sync/' })).statusCode).toBe(401);
  });
});
