/**
 * An asset's history (GET assets/{id}/history/): its linked work orders and the completions of tasks
 * at its location whose description or field notes name it (by name or code, any case), newest
 * first, pages of 10, each with its status and who; nothing from other assets or other locations;
 * full access only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_HISTORY_ENTRY_KEYS, type AssetHistoryEntry } from '../../shared/api/asset-history.js';
import type { Page } from '../../shared/api/common.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let other: TestUser;
let limited: TestUser;
let here: number;
let there: number;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function asset(name: string, location: number): Promise<{ id: number; code: string }> {
  const res = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { brand: 'Acme', name, description: 'd', asset_type: 'OTHER', serial_number: `S-${name}`, location_id: location } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function order(as: TestUser, location: number, description: string, assetId?: number): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as, payload: { location_id: location, description, ...(assetId ? { asset_id: assetId } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function completedTask(location: number, description: string, notes?: string): Promise<number> {
  const task = await t.request({
    method: 'POST',
    url: '/api/v1/maintenance/tasks/',
    as: full,
    payload: { location_id: location, description, recurrence_interval: 30, last_completed_date: daysAgo(40) },
  });
  expect(task.statusCode, task.body).toBe(201);
  const id = task.json().id as number;
  expect((await t.request({ method: 'POST', url: `/api/v1/maintenance/tasks/${id}/claim/`, as: other })).statusCode).toBe(200);
  const done = await t.request({ method: 'POST', url: `/api/v1/maintenance/tasks/${id}/complete/`, as: other, payload: notes === undefined ? {} : { field_notes: notes } });
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

const history = (id: number, page?: number, as: TestUser = full) => t.request({ method: 'GET', url: `/api/v1/assets/${id}/history/${page ? `?page=${page}` : ''}`, as });

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true, firstName: 'Fran', lastName: 'Full' });
  other = await t.createUser({ full: true, firstName: 'Otto', lastName: 'Other' });
  limited = await t.createUser({ firstName: 'Lee', lastName: 'Limited' });
  here = (await insertLocation(t.database.db, 'History Plant')).id;
  there = (await insertLocation(t.database.db, 'Other Plant')).id;
});
afterAll(() => t.close());

describe("an asset's history", () => {
  it('lists its orders and the completions that name it, newest first, with status and who', async () => {
    const boiler = await asset('Steam Boiler', here);
    const chiller = await asset('Chiller', here);
    const first = await order(full, here, 'Boiler pressure low', boiler.id);
    const taskByName = await completedTask(here, 'Quarterly steam boiler inspection');
    const taskByNotes = await completedTask(here, 'Check the boiler room', `Topped up ${boiler.code.toLowerCase()} water`);
    await completedTask(here, 'Service the chiller'); // names the other asset
    await completedTask(there, 'Steam boiler at the other plant'); // names it, at another location
    await completedTask(here, 'Sweep the yard', 'nothing about it');
    await order(full, here, 'Chiller noisy', chiller.id);
    await order(full, here, 'Steam boiler mentioned but not linked');
    const claimed = await order(full, here, 'Boiler valve drips', boiler.id);
    await t.request({ method: 'POST', url: `/api/v1/workorders/${claimed}/claim/`, as: other });

    const res = await history(boiler.id);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<AssetHistoryEntry>;
    expect(page.count).toBe(4);
    expect(page.next).toBeNull();
    for (const entry of page.results) expect(Object.keys(entry).sort()).toEqual(Object.keys(ASSET_HISTORY_ENTRY_KEYS).sort());
    expect(page.results.map((e) => [e.kind, e.record_id, e.status, e.by && `${e.by.first_name} ${e.by.last_name}`])).toEqual([
      ['workorder', claimed, 'Claimed', 'Otto Other'],
      ['task_completion', taskByNotes, 'Completed', 'Otto Other'],
      ['task_completion', taskByName, 'Completed', 'Otto Other'],
      ['workorder', first, 'Pending', 'Fran Full'],
    ]);
    expect(page.results[1]).toMatchObject({ description: 'Check the boiler room', field_notes: `Topped up ${boiler.code.toLowerCase()} water` });
    const times = page.results.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('names the completer of a completed order', async () => {
    const fryer = await asset('Fryer', here);
    const id = await order(full, here, 'Fryer oil', fryer.id);
    await t.request({ method: 'POST', url: `/api/v1/workorders/${id}/claim/`, as: other });
    await t.request({ method: 'POST', url: `/api/v1/workorders/${id}/complete/`, as: other, payload: { field_notes: 'Changed the oil' } });
    const [entry] = ((await history(fryer.id)).json() as Page<AssetHistoryEntry>).results;
    expect(entry).toMatchObject({ kind: 'workorder', status: 'Completed', by: { first_name: 'Otto' }, field_notes: 'Changed the oil' });
  });

  it('comes in pages of 10, each entry once', async () => {
    const press = await asset('Hydraulic Press', here);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await order(full, here, `Press job ${i}`, press.id));
    const first = (await history(press.id)).json() as Page<AssetHistoryEntry>;
    const second = (await history(press.id, 2)).json() as Page<AssetHistoryEntry>;
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.next).toBe(`http://cmms.test/api/v1/assets/${press.id}/history/?page=2`);
    expect(second.results).toHaveLength(2);
    expect([...first.results, ...second.results].map((e) => e.record_id)).toEqual([...ids].reverse());
    expect((await history(press.id, 3)).statusCode).toBe(404);
  });

  it('is empty for an asset without a location or anything done, and 404 for no asset', async () => {
    const res = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: full, payload: { brand: '', name: 'Spare Motor', description: 'd', asset_type: 'OTHER', serial_number: 'SM', location_id: null } });
    expect(res.statusCode, res.body).toBe(201);
    const page = (await history(res.json().id)).json() as Page<AssetHistoryEntry>;
    expect(page).toMatchObject({ count: 0, results: [] });
    expect((await history(999_999)).statusCode).toBe(404);
  });

  it('has the asset’s access: not for limited users', async () => {
    const pump = await asset('Pump', here);
    expect((await history(pump.id, undefined, limited)).statusCode).toBe(403);
  });
});
