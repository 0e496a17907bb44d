/**
 * Reports are bounded (src-server/reports/report-size.ts): one that would list more than
 * REPORT_MAX_ROWS rows is refused, downloaded or mailed, with the bound and what to do instead,
 * before anything is built or mailed; one of exactly that many rows is built. On SQLite and
 * PostgreSQL, each report with its own location so the sizes do not mix.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHEMICAL_REPORT_TOO_LONG } from '../../src-server/modules/chemicals/chemicals.report.js';
import { PART_REPORT_TOO_LONG } from '../../src-server/modules/parts/parts.report.js';
import { CAR_WASH_REPORT_TOO_LONG } from '../../src-server/modules/washes/washes.report.js';
import { REPORT_MAX_ROWS } from '../../src-server/reports/report-size.js';
import { insertLocation, insertPackage, insertParts, insertStockedChemicals } from '../helpers/inventory-fixtures.js';
import { createTestApp, readOutbox, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
const name = (prefix: string, i: number) => `${prefix} ${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
});
afterAll(() => t.close());

describe(`a report of more than ${REPORT_MAX_ROWS} rows`, () => {
  it('is refused for the part inventory, downloaded or mailed, with the bound and the CSV export to use instead; at the bound it is built', async () => {
    const depot = await insertLocation(t.database.db, 'Parts Depot', 3008);
    const ids = await insertParts(t.database.db, depot.id, REPORT_MAX_ROWS + 1, 'Seal');

    const res = await t.request({ method: 'GET', url: `/api/v1/parts/part-inventory-report/?location=${depot.id}`, as: full });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: PART_REPORT_TOO_LONG });
    expect(PART_REPORT_TOO_LONG).toBe(
      `This report would list more than ${REPORT_MAX_ROWS} rows, the most one report holds. Export the part list of this location as CSV instead (Parts, Export CSV).`,
    );
    const mailed = await t.request({ method: 'POST', url: '/api/v1/parts/part-inventory-report/', as: full, payload: { email: 'parts@example.com', location: depot.id } });
    expect(mailed.statusCode).toBe(400);
    expect(mailed.json()).toEqual({ detail: PART_REPORT_TOO_LONG });
    expect(readOutbox(t.dataDir)).toHaveLength(0);

    await t.database.db.deleteFrom('parts').where('id', '=', ids[REPORT_MAX_ROWS]!).execute();
    const atBound = await t.request({ method: 'GET', url: `/api/v1/parts/part-inventory-report/?location=${depot.id}`, as: full });
    expect(atBound.statusCode, atBound.body).toBe(200);
    const text = pdfText(atBound.rawPayload);
    expect(text).toContain(name('Seal', 0));
    expect(text).toContain(name('Seal', REPORT_MAX_ROWS - 1));
    expect(text).not.toContain(name('Seal', REPORT_MAX_ROWS));
  }, 120_000); // seconds of building, many more on a crowded machine

  it('is refused for the chemical inventory, with the CSV export to use instead', async () => {
    const warehouse = await insertLocation(t.database.db, 'Central Warehouse', 3003);
    await insertStockedChemicals(t.database.db, warehouse.id, REPORT_MAX_ROWS + 1, 'Soap');
    const res = await t.request({ method: 'GET', url: `/api/v1/chemicals/chemical-inventory-report/?location=${warehouse.id}`, as: full });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: CHEMICAL_REPORT_TOO_LONG });
    expect(CHEMICAL_REPORT_TOO_LONG).toContain('Export the chemical list of this location as CSV instead');
  }, 60_000);

  it('is refused for the car wash report, asking for a shorter period; a shorter one is built', async () => {
    const wash = await insertLocation(t.database.db, 'Wash A', 1102);
    await insertPackage(t.database.db, wash.id, 'Basic');
    const [stock] = await insertStockedChemicals(t.database.db, wash.id, 1, 'Presoak');
    // The bound in fills and counts over two days; the package's row and the total make it longer.
    const now = new Date().toISOString();
    const records = Array.from({ length: REPORT_MAX_ROWS }, (_, i) => ({
      kind: 'fill' as const,
      chemical_location_id: stock!,
      part_id: null,
      date: i % 2 === 0 ? '2025-03-01' : '2025-03-02',
      quantity: 1,
      user_id: full.user.id,
      created_at: now,
    }));
    for (let i = 0; i < records.length; i += 200) await t.database.db.insertInto('quantity_records').values(records.slice(i, i + 200)).execute();

    const both = await t.request({ method: 'GET', url: `/api/v1/washes/car-wash-report/?location=${wash.id}&start=2025-03-01&end=2025-03-02`, as: full });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ detail: CAR_WASH_REPORT_TOO_LONG });
    expect(CAR_WASH_REPORT_TOO_LONG).toContain('Choose a shorter period.');

    const oneDay = await t.request({ method: 'GET', url: `/api/v1/washes/car-wash-report/?location=${wash.id}&start=2025-03-02&end=2025-03-02`, as: full });
    expect(oneDay.statusCode, oneDay.body).toBe(200);
    expect(pdfText(oneDay.rawPayload)).toContain('Period: 03/02/2025 to 03/02/2025');
  }, 120_000);
});
