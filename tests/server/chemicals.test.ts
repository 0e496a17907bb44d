import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/rules/task-status.js';
import type { TestApp, TestUser } from '../helpers/test-app.js';
import { inventoryApp } from '../helpers/inventory-app.js';
import { insertChemical, insertLocation, stockChemical, type LocationFixture } from '../helpers/inventory-fixtures.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let washA: LocationFixture;
let washB: LocationFixture;
let salt: number;
let soap: number;
let saltAtA: number;
let saltAtB: number;
let soapAtA: number;
let today: string;

beforeAll(async () => {
  ({ t, full, limited, today, locations: [washA, washB] } = await inventoryApp([['Wash A', 1102], ['Wash B', 1104]]));
  const db = t.database.db;
  salt = await insertChemical(db, { name: 'Water Softener Salt', brand: 'Morton', chemical_type: 'Salt', thumbnail: 'chemicals/salt.png' });
  soap = await insertChemical(db, { name: 'Foam Soap', brand: 'Blue Coral', chemical_type: 'Soap' });
  saltAtA = await stockChemical(db, salt, washA.id, 10);
  saltAtB = await stockChemical(db, salt, washB.id, 3.5);
  soapAtA = await stockChemical(db, soap, washA.id, 40);
});
afterAll(async () => {
  await t.close();
});

const quantityOf = async (entryId: number) =>
  (await t.database.db.selectFrom('chemical_locations').select('current_quantity').where('id', '=', entryId).executeTakeFirstOrThrow()).current_quantity;
const recordCount = async () => Number((await t.database.db.selectFrom('quantity_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('chemical list and detail', () => {
  it('lists chemicals in name order with brand, type, unit, thumbnail and every location entry', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/chemicals/list/', as: full });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
    expect(body.results.map((c: { id: number }) => c.id)).toEqual([soap, salt]);
    expect(body.results[1]).toEqual({
      id: salt,
      brand: { brand: 'Morton' },
      chemical_name_description: { name: 'Water Softener Salt', description: 'Water Softener Salt description' },
      chemical_type: { chemical_type: 'Salt' },
      unit: 'sacks',
      thumbnail_url: expect.stringMatching(/^http:\/\/cmms\.test\/media\/chemicals\/salt\.png$/),
      locations: [
        { id: saltAtA, location: { id: washA.id, name: 'Wash A' }, current_quantity: 10 },
        { id: saltAtB, location: { id: washB.id, name: 'Wash B' }, current_quantity: 3.5 },
      ],
    });
    expect(body.results[0]).toMatchObject({ unit: 'gallons', thumbnail_url: null, locations: [{ id: soapAtA, location: { id: washA.id, name: 'Wash A' }, current_quantity: 40 }] });
  });

  it('filters by locations__id and pages by 10', async () => {
    const db = t.database.db;
    const site = await insertLocation(db, 'Paging Wash', 1311);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await insertChemical(db, { name: `Paged Chemical ${String(i).padStart(2, '0')}` });
      await stockChemical(db, id, site.id, i);
      ids.push(id);
    }
    const first = await t.request({ method: 'GET', url: `/api/v1/chemicals/list/?locations__id=${site.id}`, as: full });
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(12);
    expect(first.json().results.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 10));
    const next = new URL(first.json().next);
    expect(next.pathname + next.search).toBe(`/api/v1/chemicals/list/?locations__id=${site.id}&page=2`);
    const second = await t.request({ method: 'GET', url: `/api/v1/chemicals/list/?locations__id=${site.id}&page=2`, as: full });
    expect(second.json().results.map((c: { id: number }) => c.id)).toEqual(ids.slice(10));
    expect(second.json().next).toBeNull();

    const atB = await t.request({ method: 'GET', url: `/api/v1/chemicals/list/?locations__id=${washB.id}`, as: full });
    expect(atB.json().results.map((c: { id: number }) => c.id)).toEqual([salt]);
    const nowhere = await t.request({ method: 'GET', url: '/api/v1/chemicals/list/?locations__id=999999', as: full });
    expect(nowhere.json()).toMatchObject({ count: 0, results: [] });
    expect((await t.request({ method: 'GET', url: `/api/v1/chemicals/list/?locations__id=${site.id}&page=3`, as: full })).json()).toEqual({ detail: 'Invalid page.' });
    expect((await t.request({ method: 'GET', url: '/api/v1/chemicals/list/?locations__id=abc', as: full })).statusCode).toBe(400);
  });

  it('reads one chemical, and 404 for unknown or malformed ids', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/chemicals/${soap}/`, as: full });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: soap, chemical_name_description: { name: 'Foam Soap' }, unit: 'gallons', locations: [{ id: soapAtA }] });
    expect((await t.request({ method: 'GET', url: '/api/v1/chemicals/999999/', as: full })).json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ method: 'GET', url: '/api/v1/chemicals/abc/', as: full })).statusCode).toBe(404);
  });
});

describe('chemical fills and inventory counts', () => {
  it('a fill adds to the stock and keeps a record with its user', async () => {
    const before = await quantityOf(saltAtA);
    const res = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalfills/create/', as: full, payload: { chemical: salt, chemical_location_id: saltAtA, date: today, quantity: 2.25 } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), chemical: salt, chemical_location_id: saltAtA, date: today, quantity: 2.25, current_quantity: before + 2.25 });
    expect(await quantityOf(saltAtA)).toBe(before + 2.25);
    const record = await t.database.db.selectFrom('quantity_records').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ kind: 'fill', chemical_location_id: saltAtA, part_id: null, date: today, quantity: 2.25, user_id: full.user.id });
    // The other location of the same chemical is untouched.
    expect(await quantityOf(saltAtB)).toBe(3.5);
  });

  it('takes the date the device gave: yesterday (queued and synced today) and tomorrow (a zone ahead) are kept, the day after is refused', async () => {
    for (const url of ['/api/v1/chemicals/chemicalfills/create/', '/api/v1/chemicals/chemicalinventories/create/']) {
      for (const date of [addDays(today, -1), addDays(today, 1)]) {
        const res = await t.request({ method: 'POST', url, as: full, payload: { chemical: salt, chemical_location_id: saltAtB, date, quantity: 1 } });
        expect(res.statusCode).toBe(201);
        const record = await t.database.db.selectFrom('quantity_records').select('date').where('id', '=', res.json().id).executeTakeFirstOrThrow();
        expect(record.date).toBe(date);
      }
      const records = await recordCount();
      const stock = await quantityOf(saltAtB);
      const late = await t.request({ method: 'POST', url, as: full, payload: { chemical: salt, chemical_location_id: saltAtB, date: addDays(today, 2), quantity: 1 } });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ date: ['Date cannot be more than one day in the future.'] });
      expect(await recordCount()).toBe(records);
      expect(await quantityOf(saltAtB)).toBe(stock);
    }
  });

  it('an inventory count replaces the stock, zero included, and every record is kept', async () => {
    const records = await recordCount();
    const res = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalinventories/create/', as: full, payload: { chemical: soap, chemical_location_id: soapAtA, date: addDays(today, -1), quantity: 17 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ chemical: soap, chemical_location_id: soapAtA, date: addDays(today, -1), quantity: 17, current_quantity: 17 });
    expect(await quantityOf(soapAtA)).toBe(17);
    const zero = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalinventories/create/', as: full, payload: { chemical: soap, chemical_location_id: soapAtA, date: today, quantity: 0 } });
    expect(zero.statusCode).toBe(201);
    expect(await quantityOf(soapAtA)).toBe(0);
    // A numeric string is read as a number, as DRF does.
    const text = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalfills/create/', as: full, payload: { chemical: soap, chemical_location_id: soapAtA, date: today, quantity: '4.5' } });
    expect(text.statusCode).toBe(201);
    expect(await quantityOf(soapAtA)).toBe(4.5);
    const kinds = await t.database.db.selectFrom('quantity_records').select('kind').where('chemical_location_id', '=', soapAtA).orderBy('id').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['inventory', 'inventory', 'fill']);
    expect(await recordCount()).toBe(records + 3);
  });

  it('a replayed fill (same Idempotency-Key) is applied once', async () => {
    const before = await quantityOf(saltAtA);
    const records = await recordCount();
    const send = () =>
      t.request({
        method: 'POST',
        url: '/api/v1/chemicals/chemicalfills/create/',
        as: full,
        headers: { 'idempotency-key': 'fill-replay-0001' },
        payload: { chemical: salt, chemical_location_id: saltAtA, date: today, quantity: 5 },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await quantityOf(saltAtA)).toBe(before + 5);
    expect(await recordCount()).toBe(records + 1);
  });

  it('concurrent fills all count', async () => {
    const before = await quantityOf(saltAtB);
    const fills = Array.from({ length: 12 }, () =>
      t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalfills/create/', as: full, payload: { chemical: salt, chemical_location_id: saltAtB, date: today, quantity: 1 } }),
    );
    const results = await Promise.all(fills);
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(await quantityOf(saltAtB)).toBe(before + 12);
  });

  it('rejects bad quantities, dates and references, changing nothing', async () => {
    const stockA = await quantityOf(saltAtA);
    const stockSoap = await quantityOf(soapAtA);
    const records = await recordCount();
    const fill = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalfills/create/', as: full, payload: { chemical: salt, chemical_location_id: saltAtA, date: today, quantity: 1, ...payload } });
    const count = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalinventories/create/', as: full, payload: { chemical: salt, chemical_location_id: saltAtA, date: today, quantity: 1, ...payload } });

    const cases: [Promise<{ statusCode: number; json: () => unknown }>, unknown][] = [
      [fill({ quantity: 0 }), { quantity: ['Ensure this value is greater than 0.'] }],
      [fill({ quantity: -3 }), { quantity: ['Ensure this value is greater than 0.'] }],
      [fill({ quantity: 1_000_000 }), { quantity: ['Ensure this value is less than 1000000.'] }],
      [fill({ quantity: '1e6' }), { quantity: ['Ensure this value is less than 1000000.'] }],
      [fill({ quantity: 1e308 }), { quantity: ['Ensure this value is less than 1000000.'] }],
      [fill({ quantity: '1e400' }), { quantity: ['A valid number is required.'] }],
      [fill({ quantity: 'NaN' }), { quantity: ['A valid number is required.'] }],
      [fill({ quantity: 'Infinity' }), { quantity: ['A valid number is required.'] }],
      [fill({ quantity: 'abc' }), { quantity: ['A valid number is required.'] }],
      [fill({ quantity: '' }), { quantity: ['A valid number is required.'] }],
      [fill({ quantity: true }), { quantity: ['A valid number is required.'] }],
      [fill({ quantity: null }), { quantity: ['This field may not be null.'] }],
      [fill({ quantity: undefined }), { quantity: ['This field is required.'] }],
      [count({ quantity: -0.01 }), { quantity: ['Ensure this value is greater than or equal to 0.'] }],
      [count({ quantity: 999_999.999_9 + 1 }), { quantity: ['Ensure this value is less than 1000000.'] }],
      [count({ quantity: null }), { quantity: ['This field may not be null.'] }],
      [fill({ date: addDays(today, 2) }), { date: ['Date cannot be more than one day in the future.'] }],
      [fill({ date: '2024-02-30' }), { date: ['Date has wrong format. Use YYYY-MM-DD.'] }],
      [fill({ date: '03/14/2024' }), { date: ['Date has wrong format. Use YYYY-MM-DD.'] }],
      [fill({ date: undefined }), { date: ['This field is required.'] }],
      [fill({ chemical: 999999 }), { chemical: ['Invalid pk "999999" - object does not exist.'] }],
      [fill({ chemical_location_id: 999999 }), { chemical_location_id: ['Invalid pk "999999" - object does not exist.'] }],
      [fill({ chemical_location_id: soapAtA }), { chemical_location_id: ['This location entry belongs to another chemical.'] }],
      [count({ chemical: soap }), { chemical_location_id: ['This location entry belongs to another chemical.'] }],
      [fill({ quantity: 0, date: 'soon', chemical: 999999 }), { quantity: ['Ensure this value is greater than 0.'], date: ['Date has wrong format. Use YYYY-MM-DD.'], chemical: ['Invalid pk "999999" - object does not exist.'] }],
    ];
    for (const [pending, expected] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    const missingIds = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalfills/create/', as: full, payload: { date: today, quantity: 1 } });
    expect(missingIds.json()).toEqual({ chemical: ['This field is required.'], chemical_location_id: ['This field is required.'] });

    expect(await quantityOf(saltAtA)).toBe(stockA);
    expect(await quantityOf(soapAtA)).toBe(stockSoap);
    expect(await recordCount()).toBe(records);
  });
});

describe('chemical permissions', () => {
  const body = () => ({ chemical: salt, chemical_location_id: saltAtA, date: today, quantity: 1 });
  const calls = () => [
    { method: 'GET' as const, url: '/api/v1/chemicals/list/' },
    { method: 'GET' as const, url: `/api/v1/chemicals/${salt}/` },
    { method: 'POST' as const, url: '/api/v1/chemicals/chemicalfills/create/', payload: body() },
    { method: 'POST' as const, url: '/api/v1/chemicals/chemicalinventories/create/', payload: body() },
  ];

  it('visitors get 401 and limited users 403 on every chemical endpoint, changing nothing', async () => {
    const stock = await quantityOf(saltAtA);
    for (const call of calls()) {
      expect((await t.request(call)).statusCode).toBe(401);
      const res = await t.request({ ...call, as: limited });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    expect(await quantityOf(saltAtA)).toBe(stock);
  });
});
