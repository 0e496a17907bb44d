/**
 * A work order's asset (migration 0014): optional on create, as JSON or multipart; it must exist and
 * stand at the chosen location, else a field error beside `asset_id`; limited users link none;
 * the order shows it (id, name, code) in its detail, its list and the sync, and a renamed asset's
 * orders are logged for devices to pull again. Old clients that send no asset keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncAnswer } from '../../shared/api/sync.js';
import { ASSET_LINK_NOT_ALLOWED, ASSET_NOT_AT_LOCATION, type WorkOrder } from '../../shared/api/workorders.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let here: number;
let there: number;
let pump: { id: number; code: string; version: number };

const create = (as: TestUser, payload: object | FormData, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/api/v1/workorders/', as, payload: payload as object, headers });

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  limited = await t.createUser();
  here = (await insertLocation(t.database.db, 'Pump House')).id;
  there = (await insertLocation(t.database.db, 'Far Shed')).id;
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/assets/create/',
    as: full,
    payload: { brand: 'Grundfos', name: 'Booster Pump', description: 'Water', asset_type: 'OTHER', serial_number: 'P-1', location_id: here },
  });
  pump = res.json();
});
afterAll(() => t.close());

describe('a work order about an asset', () => {
  it('links the asset at the chosen location, and shows it in the detail and the list', async () => {
    const res = await create(full, { location_id: here, description: 'Pump rattles', asset_id: pump.id });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as WorkOrder;
    expect(order.asset_id).toBe(pump.id);
    expect(order.asset).toEqual({ id: pump.id, name: 'Grundfos Booster Pump', code: pump.code });
    const read = (await t.request({ method: 'GET', url: `/api/v1/workorders/${order.id}/`, as: limited })).json() as WorkOrder;
    expect(read.asset).toEqual(order.asset);
    const list = (await t.request({ method: 'GET', url: `/api/v1/workorders/?location=${here}`, as: full })).json() as { results: WorkOrder[] };
    expect(list.results.find((o) => o.id === order.id)!.asset_id).toBe(pump.id);
  });

  it('takes the asset from a multipart form, as the app sends it', async () => {
    const form = new FormData();
    form.append('location_id', String(here));
    form.append('description', 'Pump leaks');
    form.append('asset_id', String(pump.id));
    const res = await create(full, form);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as WorkOrder).asset_id).toBe(pump.id);
  });

  it('without an asset is as before: asset_id and asset are null', async () => {
    const res = await create(limited, { location_id: there, description: 'Door sticks' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ asset_id: null, asset: null });
  });

  it('refuses an asset at another location, one that does not exist, and a malformed id, beside the field', async () => {
    const elsewhere = await create(full, { location_id: there, description: 'Wrong place', asset_id: pump.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ asset_id: [ASSET_NOT_AT_LOCATION] });
    const missing = await create(full, { location_id: here, description: 'Ghost', asset_id: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ asset_id: ['Invalid pk "999999" - object does not exist.'] });
    const malformed = await create(full, { location_id: here, description: 'Bad', asset_id: 'pump' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['asset_id']);
    // With the other fields' errors, all in one answer.
    const both = await create(full, { location_id: there, asset_id: pump.id });
    expect(both.json()).toEqual({ description: ['This field is required.'], asset_id: [ASSET_NOT_AT_LOCATION] });
  });

  it('is not for limited users, who may not read assets', async () => {
    const res = await create(limited, { location_id: here, description: 'Mine', asset_id: pump.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ asset_id: [ASSET_LINK_NOT_ALLOWED] });
  });

  it('is refused when the asset moved away before a queued create arrived', async () => {
    const asset = (
      await t.request({
        method: 'POST',
        url: '/api/v1/assets/create/',
        as: full,
        payload: { brand: '', name: 'Mover', description: 'd', asset_type: 'OTHER', serial_number: 'M-1', location_id: here },
      })
    ).json() as { id: number; version: number };
    const moved = await t.request({ method: 'PATCH', url: `/api/v1/assets/${asset.id}/`, as: full, payload: { location_id: there } });
    expect(moved.statusCode).toBe(200);
    const res = await create(full, { location_id: here, description: 'Made before the move', asset_id: asset.id }, { 'idempotency-key': 'queued-before-move-1' });
    expect(res.json()).toEqual({ asset_id: [ASSET_NOT_AT_LOCATION] });
  });

  it("reaches devices through the sync, and a renamed asset's orders are pulled again", async () => {
    const order = (await create(full, { location_id: here, description: 'Synced pump', asset_id: pump.id })).json() as WorkOrder;
    let answer = (await t.request({ method: 'GET', url: '/api/v1/sync/', as: full })).json() as SyncAnswer;
    while (answer.more) answer = (await t.request({ method: 'GET', url: `/api/v1/sync/?since=${answer.cursor}`, as: full })).json() as SyncAnswer;
    const cursor = answer.cursor;

    const renamed = await t.request({ method: 'PATCH', url: `/api/v1/assets/${pump.id}/`, as: full, payload: { name: 'Booster Pump 2' } });
    expect(renamed.statusCode).toBe(200);
    const delta = (await t.request({ method: 'GET', url: `/api/v1/sync/?since=${cursor}`, as: full })).json() as SyncAnswer;
    const pulled = delta.changes.find((c) => c.area === 'workorders' && c.id === order.id);
    expect(pulled).toMatchObject({ op: 'upsert', record: { asset: { id: pump.id, name: 'Grundfos Booster Pump 2', code: pump.code } } });
    // A write that leaves the name alone does not log the orders.
    const since = delta.cursor;
    await t.request({ method: 'PATCH', url: `/api/v1/assets/${pump.id}/`, as: full, payload: { serial_number: 'P-2' } });
    const quiet = (await t.request({ method: 'GET', url: `/api/v1/sync/?since=${since}`, as: full })).json() as SyncAnswer;
    expect(quiet.changes.filter((c) => c.area === 'workorders')).toEqual([]);
  });
});
