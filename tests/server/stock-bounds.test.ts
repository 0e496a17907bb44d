/**
 * The bounds of a stock record beyond its own quantity: the stock it leaves stays below 1,000,000
 * (decided in the write itself, so concurrent fills cannot pass it together), quantities have at
 * most two decimal places, and a record's date lies between a year back and a day ahead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { yearBefore } from '../../src-server/http/dates.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { insertChemical, insertLocation, insertPackage, insertPart, stockChemical } from '../helpers/inventory-fixtures.js';

let t: TestApp;
let full: TestUser;
let today: string;
let items = 0;
let washSite: number;
let washPackage: number;
let depot: number;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  const db = t.database.db;
  washSite = (await insertLocation(db, 'Wash A', 1102)).id;
  depot = (await insertLocation(db, 'Parts Depot', 3008)).id;
  washPackage = await insertPackage(db, washSite, 'Basic', 1);
  today = todayIn(t.config.timeZone);
});
afterAll(async () => {
  await t.close();
});

const recordCount = async () => Number((await t.database.db.selectFrom('quantity_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** One stocked item of each area, with its record routes and its stock as the database holds it. */
interface Stocked {
  fill(quantity: unknown, date?: string): ReturnType<TestApp['request']>;
  count(quantity: unknown, date?: string): ReturnType<TestApp['request']>;
  stock(): Promise<number>;
}

async function chemicalEntry(quantity: number): Promise<Stocked> {
  const chemical = await insertChemical(t.database.db, { name: `Tire Shine ${++items}` });
  const entry = await stockChemical(t.database.db, chemical, washSite, quantity);
  const post = (url: string) => (q: unknown, date = today) => t.request({ method: 'POST', url, as: full, payload: { chemical, chemical_location_id: entry, date, quantity: q } });
  return {
    fill: post('/api/v1/chemicals/chemicalfills/create/'),
    count: post('/api/v1/chemicals/chemicalinventories/create/'),
    stock: async () => (await t.database.db.selectFrom('chemical_locations').select('current_quantity').where('id', '=', entry).executeTakeFirstOrThrow()).current_quantity,
  };
}

async function part(quantity: number): Promise<Stocked> {
  const id = await insertPart(t.database.db, { name: `Nozzle ${++items}`, location_id: depot, quantity });
  const post = (url: string) => (q: unknown, date = today) => t.request({ method: 'POST', url, as: full, payload: { part: id, date, quantity: q } });
  return {
    fill: post('/api/v1/parts/partfills/create/'),
    count: post('/api/v1/parts/partinventories/create/'),
    stock: async () => (await t.database.db.selectFrom('parts').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity,
  };
}

for (const [area, make] of [
  ['chemical', chemicalEntry],
  ['part', part],
] as const) {
  describe(`${area} records`, () => {
    it('refuse a fill that would bring the stock to 1,000,000 or more, changing nothing', async () => {
      const item = await make(0);
      expect((await item.fill(999_999)).statusCode).toBe(201);
      const records = await recordCount();
      const second = await item.fill(999_999);
      expect(second.statusCode).toBe(400);
      expect(second.json()).toEqual({ quantity: ['The quantity after this fill must be less than 1000000; it is 999999.00 now.'] });
      const edge = await item.fill(1);
      expect(edge.statusCode).toBe(400);
      expect(await item.stock()).toBe(999_999);
      expect(await recordCount()).toBe(records);
      // Right up to the bound is still a fill.
      const last = await item.fill(0.99);
      expect(last.statusCode).toBe(201);
      expect(last.json().current_quantity).toBeCloseTo(999_999.99, 6);
      // A count replaces the stock, so it may bring it down again.
      expect((await item.count(10)).json().current_quantity).toBe(10);
    });

    it('let only as many concurrent fills through as fit below 1,000,000', async () => {
      const item = await make(0);
      const records = await recordCount();
      const results = await Promise.all(Array.from({ length: 8 }, () => item.fill(300_000)));
      const saved = results.filter((r) => r.statusCode === 201).length;
      expect(saved).toBe(3);
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
      expect(await item.stock()).toBe(900_000);
      expect(await recordCount()).toBe(records + 3);
    });

    it('take quantities to two decimal places at most', async () => {
      const item = await make(5);
      const records = await recordCount();
      const tooFine = { quantity: ['Ensure that there are no more than 2 decimal places.'] };
      for (const q of [1e-300, 0.001, 2.345, '1.005', '1e-3']) {
        const res = await item.fill(q);
        expect(res.statusCode, String(q)).toBe(400);
        expect(res.json(), String(q)).toEqual(tooFine);
      }
      expect((await item.count(0.005)).json()).toEqual(tooFine);
      expect(await item.stock()).toBe(5);
      expect(await recordCount()).toBe(records);
      expect((await item.fill(0.01)).statusCode).toBe(201);
      expect((await item.fill('2.35')).statusCode).toBe(201);
      expect((await item.count('12.50')).json().current_quantity).toBe(12.5);
    });

    it('are dated from a year back to a day ahead; an older count does not touch the stock', async () => {
      const item = await make(7);
      const records = await recordCount();
      const tooEarly = { date: ['Date cannot be more than one year in the past.'] };
      for (const date of ['0100-01-01', '1970-01-01', addDays(yearBefore(today), -1)]) {
        expect((await item.count(0, date)).json(), date).toEqual(tooEarly);
        expect((await item.fill(1, date)).json(), date).toEqual(tooEarly);
      }
      expect(await item.stock()).toBe(7);
      expect(await recordCount()).toBe(records);
      expect((await item.fill(1, yearBefore(today))).statusCode).toBe(201);
      expect((await item.count(3, addDays(today, 1))).statusCode).toBe(201);
      expect(await item.stock()).toBe(3);
    });
  });
}

describe('wash records', () => {
  it('are dated from a year back to a day ahead', async () => {
    const post = (date: string) => t.request({ method: 'POST', url: '/api/v1/washes/washrecords/', as: full, payload: { wash_package: washPackage, count: 4, location: washSite, date } });
    const old = await post('0100-01-01');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ date: ['Date cannot be more than one year in the past.'] });
    expect((await post(addDays(yearBefore(today), -1))).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('wash_records').select('id').execute()).toHaveLength(0);
    expect((await post(yearBefore(today))).statusCode).toBe(201);
  });
});

describe('a year back', () => {
  it('is the same day of the year before, 29 February becoming 28 February', () => {
    expect(yearBefore('2026-03-10')).toBe('2025-03-10');
    expect(yearBefore('2024-02-29')).toBe('2023-02-28');
    expect(yearBefore('2025-01-01')).toBe('2024-01-01');
  });
});
