import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/rules/task-status.js';
import type { TestApp, TestUser } from '../helpers/test-app.js';
import { inventoryApp } from '../helpers/inventory-app.js';
import { insertPart, type LocationFixture } from '../helpers/inventory-fixtures.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let shop: LocationFixture;
let depot: LocationFixture;
let nozzle: number;
let loose: number;
let today: string;

beforeAll(async () => {
  ({ t, full, limited, today, locations: [shop, depot] } = await inventoryApp([['Shop', 3003], ['Depot', 3008]]));
  const db = t.database.db;
  nozzle = await insertPart(db, { name: 'Nozzle 3/4', brand: 'OPW', part_type: 'Nozzle', item_number: 'OPW-11B', location_id: shop.id, quantity: 6, thumbnail: 'parts/nozzle.jpg' });
  loose = await insertPart(db, { name: 'Breakaway', location_id: null, quantity: 1 });
});
afterAll(async () => {
  await t.close();
});

const quantityOf = async (id: number) => (await t.database.db.selectFrom('parts').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;
const recordCount = async () => Number((await t.database.db.selectFrom('quantity_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('part list and detail', () => {
  it('lists parts in name order with the documented shape; a part without a location has null', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/parts/list/', as: full });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
    expect(body.results).toEqual([
      {
        id: loose,
        brand: { brand: 'PartCo' },
        name: { name: 'Breakaway' },
        description: { description: 'Breakaway description' },
        part_type: { part_type: 'Nozzle' },
        item_number: 'IT-Breakaway',
        location: null,
        quantity: 1,
        thumbnail_url: null,
        unit_cost: 0,
        reorder_point: null,
        short: false,
      },
      {
        id: nozzle,
        brand: { brand: 'OPW' },
        name: { name: 'Nozzle 3/4' },
        description: { description: 'Nozzle 3/4 description' },
        part_type: { part_type: 'Nozzle' },
        item_number: 'OPW-11B',
        location: { id: shop.id, name: 'Shop' },
        quantity: 6,
        thumbnail_url: expect.stringMatching(/^http:\/\/cmms\.test\/media\/parts\/nozzle\.jpg$/),
        unit_cost: 0,
        reorder_point: null,
        short: false,
      },
    ]);
  });

  it('filters by location and pages by 10', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) ids.push(await insertPart(t.database.db, { name: `Depot Part ${String(i).padStart(2, '0')}`, location_id: depot.id, quantity: i }));
    const first = await t.request({ method: 'GET', url: `/api/v1/parts/list/?location=${depot.id}`, as: full });
    expect(first.json().count).toBe(11);
    expect(first.json().results.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 10));
    const next = new URL(first.json().next);
    expect(next.pathname + next.search).toBe(`/api/v1/parts/list/?location=${depot.id}&page=2`);
    const second = await t.request({ method: 'GET', url: next.pathname + next.search, as: full });
    expect(second.json().results.map((p: { id: number }) => p.id)).toEqual(ids.slice(10));
    expect(second.json().previous).not.toBeNull();
    const atShop = await t.request({ method: 'GET', url: `/api/v1/parts/list/?location=${shop.id}`, as: full });
    expect(atShop.json().results.map((p: { id: number }) => p.id)).toEqual([nozzle]);
    expect((await t.request({ method: 'GET', url: `/api/v1/parts/list/?location=${depot.id}&page=3`, as: full })).json()).toEqual({ detail: 'Invalid page.' });
  });

  it('reads one part, and 404 for unknown or malformed ids', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/parts/${nozzle}/`, as: full });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: nozzle, name: { name: 'Nozzle 3/4' }, location: { id: shop.id, name: 'Shop' }, quantity: 6 });
    expect((await t.request({ method: 'GET', url: '/api/v1/parts/999999/', as: full })).json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ method: 'GET', url: '/api/v1/parts/x/', as: full })).statusCode).toBe(404);
  });
});

describe('part fills and inventory counts', () => {
  it('takes the date the device gave: yesterday (queued and synced today) and tomorrow (a zone ahead) are kept, the day after is refused', async () => {
    for (const url of ['/api/v1/parts/partfills/create/', '/api/v1/parts/partinventories/create/']) {
      for (const date of [addDays(today, -1), addDays(today, 1)]) {
        const res = await t.request({ method: 'POST', url, as: full, payload: { part: loose, date, quantity: 1 } });
        expect(res.statusCode).toBe(201);
        const record = await t.database.db.selectFrom('quantity_records').select('date').where('id', '=', res.json().id).executeTakeFirstOrThrow();
        expect(record.date).toBe(date);
      }
      const records = await recordCount();
      const stock = await quantityOf(loose);
      const late = await t.request({ method: 'POST', url, as: full, payload: { part: loose, date: addDays(today, 2), quantity: 1 } });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ date: ['Date cannot be more than one day in the future.'] });
      expect(await recordCount()).toBe(records);
      expect(await quantityOf(loose)).toBe(stock);
    }
  });

  it('a fill adds, an inventory count replaces, and both are kept as records', async () => {
    const start = await quantityOf(nozzle);
    const fill = await t.request({ method: 'POST', url: '/api/v1/parts/partfills/create/', as: full, payload: { part: nozzle, date: today, quantity: 4 } });
    expect(fill.statusCode).toBe(201);
    expect(fill.json()).toEqual({ id: expect.any(Number), part: nozzle, date: today, quantity: 4, current_quantity: start + 4 });
    expect(await quantityOf(nozzle)).toBe(start + 4);

    const count = await t.request({ method: 'POST', url: '/api/v1/parts/partinventories/create/', as: full, payload: { part: nozzle, date: addDays(today, -2), quantity: 2.5 } });
    expect(count.statusCode).toBe(201);
    expect(count.json()).toMatchObject({ part: nozzle, date: addDays(today, -2), quantity: 2.5, current_quantity: 2.5 });
    expect(await quantityOf(nozzle)).toBe(2.5);

    const zero = await t.request({ method: 'POST', url: '/api/v1/parts/partinventories/create/', as: full, payload: { part: nozzle, date: today, quantity: 0 } });
    expect(zero.json().current_quantity).toBe(0);

    const records = await t.database.db.selectFrom('quantity_records').selectAll().where('part_id', '=', nozzle).orderBy('id').execute();
    expect(records.map((r) => [r.kind, r.quantity, r.user_id, r.chemical_location_id])).toEqual([
      ['fill', 4, full.user.id, null],
      ['inventory', 2.5, full.user.id, null],
      ['inventory', 0, full.user.id, null],
    ]);
  });

  it('a replayed fill (same Idempotency-Key) is applied once', async () => {
    const before = await quantityOf(loose);
    const send = () =>
      t.request({ method: 'POST', url: '/api/v1/parts/partfills/create/', as: full, headers: { 'idempotency-key': 'part-fill-replay-1' }, payload: { part: loose, date: today, quantity: 3 } });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await quantityOf(loose)).toBe(before + 3);
  });

  it('rejects bad quantities, dates and parts, changing nothing', async () => {
    const before = await quantityOf(loose);
    const records = await recordCount();
    const fill = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/parts/partfills/create/', as: full, payload: { part: loose, date: today, quantity: 1, ...payload } });
    const count = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/v1/parts/partinventories/create/', as: full, payload: { part: loose, date: today, quantity: 1, ...payload } });
    const cases: [Promise<{ statusCode: number; json: () => unknown }>, unknown][] = [
      [fill({ quantity: 0 }), { quantity: ['Ensure this value is greater than 0.'] }],
      [fill({ quantity: -1 }), { quantity: ['Ensure this value is greater than 0.'] }],
      [fill({ quantity: 'NaN' }), { quantity: ['A valid number is required.'] }],
      [fill({ quantity: '12abc' }), { quantity: ['A valid number is required.'] }],
      [fill({ quantity: 1e6 }), { quantity: ['Ensure this value is less than 1000000.'] }],
      [fill({ quantity: 9e99 }), { quantity: ['Ensure this value is less than 1000000.'] }],
      [count({ quantity: -5 }), { quantity: ['Ensure this value is greater than or equal to 0.'] }],
      [count({ quantity: '1e6' }), { quantity: ['Ensure this value is less than 1000000.'] }],
      [count({ quantity: null }), { quantity: ['This field may not be null.'] }],
      [count({ quantity: [] }), { quantity: ['A valid number is required.'] }],
      [fill({ date: addDays(today, 2) }), { date: ['Date cannot be more than one day in the future.'] }],
      [count({ date: '2023-02-29' }), { date: ['Date has wrong format. Use YYYY-MM-DD.'] }],
      [fill({ part: 999999 }), { part: ['Invalid pk "999999" - object does not exist.'] }],
      [count({ part: 0 }), { part: ['Ensure this value is greater than or equal to 1.'] }],
    ];
    for (const [pending, expected] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    expect(await quantityOf(loose)).toBe(before);
    expect(await recordCount()).toBe(records);
  });
});

describe('part permissions', () => {
  it('visitors get 401 and limited users 403 on every part endpoint, changing nothing', async () => {
    const before = await quantityOf(loose);
    const calls = [
      { method: 'GET' as const, url: '/api/v1/parts/list/' },
      { method: 'GET' as const, url: `/api/v1/parts/${loose}/` },
      { method: 'POST' as const, url: '/api/v1/parts/partfills/create/', payload: { part: loose, date: today, quantity: 1 } },
      { method: 'POST' as const, url: '/api/v1/parts/partinventories/create/', payload: { part: loose, date: today, quantity: 9 } },
    ];
    for (const call of calls) {
      expect((await t.request(call)).statusCode).toBe(401);
      expect((await t.request({ ...call, as: limited })).statusCode).toBe(403);
    }
    expect(await quantityOf(loose)).toBe(before);
  });
});
