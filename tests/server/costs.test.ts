/**
 * What the work cost where people look (shared/api/costs.ts, src-server/modules/costs/; docs/
 * decisions.md: What the work costs), both engines: an asset's and a location's cost this year, the
 * key figures' cost by location and costliest assets over 30 and 90 days, each the sum of the very
 * orders' costs; labour when its time started and parts when they moved, a deleted or running entry
 * never; full access only; and the instant a year starts in the site's time zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YearCosts } from '../../shared/api/costs.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { todayIn } from '../../shared/rules/task-status.js';
import { buildRepositories } from '../../src-server/db/repositories.js';
import { startOfDayIn } from '../../src-server/modules/costs/costs.figures.js';
import { KpiFigures } from '../../src-server/modules/kpis/kpis.figures.js';
import { insertAssets, insertLocation, insertPart } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const DAY = 86_400_000;

let t: TestApp;
let alice: TestUser;
let lee: TestUser;
let yard: number;
let depot: number;
let quiet: number;
let pump: number;
let hose: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ full: true });
  lee = await t.createUser({});
  const staff = await t.createUser({ staff: true });
  expect((await t.request({ method: 'PATCH', url: `/api/v1/admin/users/${alice.user.id}/`, as: staff, payload: { hourly_rate: 60 } })).statusCode).toBe(200);
  yard = (await insertLocation(t.database.db, 'Cost Yard')).id;
  depot = (await insertLocation(t.database.db, 'Cost Depot')).id;
  quiet = (await insertLocation(t.database.db, 'Quiet Lot')).id;
  [pump, hose] = (await insertAssets(t.database.db, yard, 2, 'Costly')) as [number, number];
});
afterAll(async () => t?.close());

async function claimedOrder(location: number, asset?: number): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: alice, payload: { location_id: location, description: 'Cost test', ...(asset ? { asset_id: asset } : {}) } });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as WorkOrder).id;
  expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${id}/claim/`, as: alice })).statusCode).toBe(200);
  return id;
}

const addTime = async (order: number, minutes: number) => {
  const res = await t.request({ method: 'POST', url: `/api/v1/workorders/${order}/labour/`, as: alice, payload: { minutes, date: todayIn(t.config.timeZone) } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
};

async function issueAt(location: number, order: number, quantity: number, unitCost: number): Promise<void> {
  const part = await insertPart(t.database.db, { name: `Cost part ${order}-${quantity}`, location_id: location, quantity: 10 });
  expect((await t.request({ method: 'PATCH', url: `/api/v1/parts/${part}/`, as: alice, payload: { unit_cost: unitCost } })).statusCode).toBe(200);
  const res = await t.request({ method: 'POST', url: `/api/v1/workorders/${order}/parts/`, as: alice, payload: { part_id: part, quantity, kind: 'issue' } });
  expect(res.statusCode, res.body).toBe(201);
}

const yearOf = async (of: 'assets' | 'locations', id: number, as: TestUser = alice) => t.request({ method: 'GET', url: `/api/v1/${of}/${id}/costs/`, as });
const costsOf = async (order: number) => ((await t.request({ method: 'GET', url: `/api/v1/workorders/${order}/`, as: alice })).json() as WorkOrder).costs!;

describe('costs this year and in the key figures', () => {
  let pumpOrder: number;
  let hoseOrder: number;
  let depotOrder: number;

  beforeAll(async () => {
    pumpOrder = await claimedOrder(yard, pump);
    hoseOrder = await claimedOrder(yard, hose);
    depotOrder = await claimedOrder(depot);
    await addTime(pumpOrder, 90); // $90.00 at $60/h
    await issueAt(yard, pumpOrder, 2, 12.5); // $25.00
    await addTime(hoseOrder, 30); // $30.00
    const deleted = await addTime(hoseOrder, 600);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/workorders/${hoseOrder}/labour/${deleted}/`, as: alice })).statusCode).toBe(204);
    // A running timer costs nothing until it stops.
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${hoseOrder}/labour/`, as: alice, payload: { started_at: new Date(Date.now() - 60_000).toISOString() } })).statusCode).toBe(201);
    await issueAt(depot, depotOrder, 3, 0.1); // $0.30
    await addTime(depotOrder, 1); // $1.00
  });

  it("an asset's and a location's year add up their orders' costs; a place without work costs 0", async () => {
    const pumpYear = await yearOf('assets', pump);
    expect(pumpYear.statusCode, pumpYear.body).toBe(200);
    const year = Number(todayIn(t.config.timeZone).slice(0, 4));
    expect(pumpYear.json()).toEqual({ year, since: startOfDayIn(t.config.timeZone, `${year}-01-01`), labour_cost: 90, parts_cost: 25, total: 115 } satisfies YearCosts);
    expect((await yearOf('assets', hose)).json()).toMatchObject({ labour_cost: 30, parts_cost: 0, total: 30 });

    const yardYear = (await yearOf('locations', yard)).json() as YearCosts;
    const [a, b] = [await costsOf(pumpOrder), await costsOf(hoseOrder)];
    expect(yardYear).toMatchObject({ labour_cost: a.labour_cost + b.labour_cost, parts_cost: a.parts_cost + b.parts_cost, total: 145 });
    expect((await yearOf('locations', depot)).json()).toMatchObject({ labour_cost: 1, parts_cost: 0.3, total: 1.3 });
    expect((await yearOf('locations', quiet)).json()).toMatchObject({ labour_cost: 0, parts_cost: 0, total: 0 });
  });

  it('full access only; an unknown asset or location is 404', async () => {
    expect((await yearOf('assets', pump, lee)).statusCode).toBe(403);
    expect((await yearOf('locations', yard, lee)).statusCode).toBe(403);
    expect((await yearOf('assets', 9_999_999)).statusCode).toBe(404);
    expect((await yearOf('locations', 9_999_999)).statusCode).toBe(404);
  });

  it('the key figures name each location by cost and the costliest assets, over 30 and 90 days by when each cost was incurred', async () => {
    // Labour that started 45 days ago, and parts moved 100 days ago: in the 90 days, and in neither.
    const db = t.database.db;
    const old = new Date(Date.now() - 45 * DAY).toISOString();
    await db.insertInto('labour_entries').values({ work_order_id: depotOrder, user_id: alice.user.id, started_at: old, stopped_at: old, minutes: 120, date: null, rate_cents: 5000, created_at: old, deleted_at: null }).execute();
    const older = new Date(Date.now() - 100 * DAY).toISOString();
    const part = await insertPart(db, { name: 'Old issue', location_id: depot, quantity: 0 });
    await db.insertInto('stock_entries').values({ part_id: part, kind: 'issue', change: -1, quantity_after: -1, unit_cost_cents: 99_999, work_order_id: depotOrder, reason: null, user_id: alice.user.id, created_at: older }).execute();

    const figures = new KpiFigures(buildRepositories(db, t.database.dialect, t.config.site), t.config.site, t.config.timeZone);
    const { costs } = await figures.compute(30);
    expect(costs.map((w) => w.days)).toEqual([30, 90]);
    const [month, quarter] = costs as [(typeof costs)[0], (typeof costs)[0]];
    expect(month.locations.map((l) => [l.location.name, l.total])).toEqual([
      ['Cost Yard', 145],
      ['Cost Depot', 1.3],
    ]);
    expect(month.assets.map((a) => [a.asset.name, a.location?.name, a.labour_cost, a.parts_cost, a.total])).toEqual([
      ['Costly 0000', 'Cost Yard', 90, 25, 115],
      ['Costly 0001', 'Cost Yard', 30, 0, 30],
    ]);
    // 2 h at $50/h, 45 days back.
    expect(quarter.locations.find((l) => l.location.id === depot)).toMatchObject({ labour_cost: 101, parts_cost: 0.3, total: 101.3 });
    expect(quarter.locations.map((l) => l.location.name)).toEqual(['Cost Yard', 'Cost Depot']);
  });
});

describe('the instant a year starts in the site time zone', () => {
  it('is midnight there, whatever the offset', () => {
    expect(startOfDayIn('UTC', '2026-01-01')).toBe('2026-01-01T00:00:00.000Z');
    expect(startOfDayIn('America/Chicago', '2026-01-01')).toBe('2026-01-01T06:00:00.000Z');
    expect(startOfDayIn('Europe/Berlin', '2026-01-01')).toBe('2025-12-31T23:00:00.000Z');
    expect(startOfDayIn('Asia/Kolkata', '2026-01-01')).toBe('2025-12-31T18:30:00.000Z');
    // A day a clock change starts: midnight before it (New York springs forward at 02:00 on 8 March 2026).
    expect(startOfDayIn('America/New_York', '2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
  });
});
