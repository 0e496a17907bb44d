/**
 * Fills, inventory counts and wash records are limited per user and minute (RECORD_RATE_LIMIT):
 * beyond it a 429 that says what was limited, and nothing more is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../shared/rules/task-status.js';
import { loadConfig } from '../../src-server/config.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { insertChemical, insertLocation, insertPackage, insertPart, stockChemical } from '../helpers/inventory-fixtures.js';

const LIMIT = 3;

let t: TestApp;
let today: string;
let chemical: number;
let entry: number;
let part: number;
let washLocation: number;
let washPackage: number;

beforeAll(async () => {
  t = await createTestApp({ env: { RECORD_RATE_LIMIT: String(LIMIT) } });
  const db = t.database.db;
  const site = await insertLocation(db, 'Wash A', 1102);
  const depot = await insertLocation(db, 'Parts Depot', 3008);
  chemical = await insertChemical(db, { name: 'Tire Shine' });
  entry = await stockChemical(db, chemical, site.id, 10);
  part = await insertPart(db, { name: 'Nozzle', location_id: depot.id, quantity: 4 });
  washLocation = site.id;
  washPackage = await insertPackage(db, site.id, 'Basic', 1);
  today = todayIn(t.config.timeZone);
});
afterAll(async () => {
  await t.close();
});

const count = async (table: 'quantity_records' | 'wash_records') => Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('record rate limit', () => {
  it('defaults to a generous number a minute, and is configurable', () => {
    expect(loadConfig({ DATA_DIR: t.dataDir, SECRET_KEY: 'k'.repeat(32) }).recordRateLimit).toBe(120);
    expect(t.config.recordRateLimit).toBe(LIMIT);
    expect(() => loadConfig({ DATA_DIR: t.dataDir, SECRET_KEY: 'k'.repeat(32), RECORD_RATE_LIMIT: '0' })).toThrow(/RECORD_RATE_LIMIT/);
  });

  const routes = [
    { what: 'chemical fills', table: 'quantity_records' as const, url: '/api/v1/chemicals/chemicalfills/create/', body: () => ({ chemical, chemical_location_id: entry, date: today, quantity: 1 }) },
    { what: 'chemical counts', table: 'quantity_records' as const, url: '/api/v1/chemicals/chemicalinventories/create/', body: () => ({ chemical, chemical_location_id: entry, date: today, quantity: 5 }) },
    { what: 'part fills', table: 'quantity_records' as const, url: '/api/v1/parts/partfills/create/', body: () => ({ part, date: today, quantity: 1 }) },
    { what: 'part counts', table: 'quantity_records' as const, url: '/api/v1/parts/partinventories/create/', body: () => ({ part, date: today, quantity: 2 }) },
    { what: 'wash records', table: 'wash_records' as const, url: '/api/v1/washes/washrecords/', body: () => ({ wash_package: washPackage, count: 4, location: washLocation, date: today }) },
  ];

  for (const route of routes) {
    it(`answers 429 to a user's ${route.what} beyond the limit, recording none of them, while another user goes on`, async () => {
      const user = await t.createUser({ full: true });
      const other = await t.createUser({ full: true });
      for (let i = 0; i < LIMIT; i++) {
        expect((await t.request({ method: 'POST', url: route.url, as: user, payload: route.body() })).statusCode).toBe(201);
      }
      const before = await count(route.table);
      const refused = await t.request({ method: 'POST', url: route.url, as: user, payload: route.body() });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many (stock|wash) records\. Please wait .+ and try again\.$/);
      expect(await count(route.table)).toBe(before);
      expect((await t.request({ method: 'POST', url: route.url, as: other, payload: route.body() })).statusCode).toBe(201);
    });
  }
});
