import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { createTestApp, readOutbox, type TestApp, type TestUser } from '../helpers/test-app.js';
import { insertChemical, insertLocation, insertPackage, insertPart, stockChemical, type LocationFixture } from '../helpers/inventory-fixtures.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let warehouse: LocationFixture;
let washA: LocationFixture;
let depot: LocationFixture;
let today: string;

/** The text of a PDF, laid out so a table row stays on one line. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

/** The newest raw mail file (undecoded, so base64 attachments stay intact). */
function lastRawMail(dataDir: string): string {
  const dir = join(dataDir, 'outbox');
  const files = existsSync(dir) ? readdirSync(dir).sort() : [];
  if (!files.length) throw new Error('no mail written');
  return readFileSync(join(dir, files[files.length - 1]!), 'utf8');
}

/** The PDF attached to a raw mail. */
function pdfAttachment(raw: string, filename: string): Buffer {
  const header = raw.indexOf(`Content-Type: application/pdf; name=${filename}`);
  if (header < 0) throw new Error(`no application/pdf attachment named ${filename}`);
  const bodyStart = raw.indexOf('\n\n', header) + 2;
  const bodyEnd = raw.indexOf('\n--', bodyStart);
  return Buffer.from(raw.slice(bodyStart, bodyEnd).replace(/\s+/g, ''), 'base64');
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  limited = await t.createUser();
  const db = t.database.db;
  warehouse = await insertLocation(db, 'Central Warehouse', 3003);
  washA = await insertLocation(db, 'Wash A', 1102);
  depot = await insertLocation(db, 'Parts Depot', 3008);
  today = todayIn(t.config.timeZone);
});
afterAll(async () => {
  await t.close();
});

describe('chemical inventory report', () => {
  let bugRemover: number;

  beforeAll(async () => {
    const db = t.database.db;
    bugRemover = await insertChemical(db, { name: 'Bug Remover', brand: 'Turtle', chemical_type: 'Presoak' });
    const salt = await insertChemical(db, { name: 'Rock Salt', brand: 'Morton', chemical_type: 'Salt' });
    const special = await insertChemical(db, { name: 'Cire Spéciale 中', brand: 'Lumière', chemical_type: 'Wax' });
    const elsewhere = await insertChemical(db, { name: 'Only At Wash A', chemical_type: 'Soap' });
    await stockChemical(db, bugRemover, warehouse.id, 12.5);
    await stockChemical(db, salt, warehouse.id, 7);
    await stockChemical(db, special, warehouse.id, 0);
    await stockChemical(db, elsewhere, washA.id, 99);
  });

  it('downloads a PDF listing every chemical at the location with its quantity (2 decimals) and unit', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/chemicals/chemical-inventory-report/?location=${warehouse.id}`, as: full });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="chemical_inventory_report.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Chemical Inventory Report');
    expect(text).toContain('Central Warehouse');
    expect(text).toMatch(/Generated: \d{2}\/\d{2}\/\d{4} @ \d{2}:\d{2} (AM|PM) \(UTC\)/);
    expect(text).toMatch(/Bug Remover\s+Turtle\s+Presoak\s+12\.50\s+gallons/);
    expect(text).toMatch(/Rock Salt\s+Morton\s+Salt\s+7\.00\s+sacks/);
    // Characters the built-in font cannot draw print as "?", not as a wrong letter.
    expect(text).toMatch(/Cire Spéciale \?\s+Lumière\s+Wax\s+0\.00\s+gallons/);
    expect(text).not.toContain('Only At Wash A');
    expect(text).toContain('Page 1 of 1');
  });

  it('follows the stock: a fill recorded through the API shows in the next report', async () => {
    const entry = await t.database.db.selectFrom('chemical_locations').select('id').where('chemical_id', '=', bugRemover).where('location_id', '=', warehouse.id).executeTakeFirstOrThrow();
    const fill = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemicalfills/create/', as: full, payload: { chemical: bugRemover, chemical_location_id: entry.id, date: today, quantity: 0.25 } });
    expect(fill.statusCode).toBe(201);
    const res = await t.request({ method: 'GET', url: `/api/v1/chemicals/chemical-inventory-report/?location=${warehouse.id}`, as: full });
    expect(pdfText(res.rawPayload)).toMatch(/Bug Remover\s+Turtle\s+Presoak\s+12\.75\s+gallons/);
  });

  it('refuses locations outside the chemical sites, unknown ones and a missing location', async () => {
    const get = (query: string) => t.request({ method: 'GET', url: `/api/v1/chemicals/chemical-inventory-report/${query}`, as: full });
    const notSite = await get(`?location=${depot.id}`);
    expect(notSite.statusCode).toBe(400);
    expect(notSite.json()).toEqual({ location: ['The chemical inventory report is available only for locations 1102, 1104, 1311, 3003.'] });
    expect((await get('?location=1311')).json()).toEqual({ location: ['Location 1311 does not exist.'] });
    expect((await get('')).json()).toEqual({ location: ['This field is required.'] });
  });

  it('mails the same PDF as an attachment', async () => {
    const before = readOutbox(t.dataDir).length;
    const res = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemical-inventory-report/', as: full, payload: { email: 'boss@example.com', location: warehouse.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Report sent successfully!' });
    const mails = readOutbox(t.dataDir);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[mails.length - 1]!;
    expect(mail).toMatch(/^To: boss@example\.com$/m);
    expect(mail).toMatch(/^Subject: Chemical Inventory Report - Central Warehouse$/m);
    expect(mail).toContain('Content-Type: application/pdf; name=chemical_inventory_report.pdf');
    const text = pdfText(pdfAttachment(lastRawMail(t.dataDir), 'chemical_inventory_report.pdf'));
    expect(text).toContain('Central Warehouse');
    expect(text).toMatch(/Rock Salt\s+Morton\s+Salt\s+7\.00\s+sacks/);
  });

  it('speaks the language of the user who asks: Spanish headings, footer, dates and numbers, refusals and mail (docs/i18n.md)', async () => {
    const es = { 'accept-language': 'es' };
    const res = await t.request({ method: 'GET', url: `/api/v1/chemicals/chemical-inventory-report/?location=${warehouse.id}`, as: full, headers: es });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="chemical_inventory_report.pdf"');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Informe de inventario de químicos');
    expect(text).toContain('Ubicación: Central Warehouse (#3003)');
    expect(text).toMatch(/Generado: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(UTC\)/);
    expect(text).toContain('Página 1 de 1');
    expect(text).toMatch(/Rock Salt\s+Morton\s+Salt\s+7,00\s/);
    expect(text).not.toContain('Chemical Inventory Report');
    expect(text).not.toContain('Page 1 of 1');

    const refused = await t.request({ method: 'GET', url: `/api/v1/chemicals/chemical-inventory-report/?location=${depot.id}`, as: full, headers: es });
    expect(refused.json()).toEqual({ location: ['El informe de inventario de químicos solo está disponible para las ubicaciones 1102, 1104, 1311, 3003.'] });

    const mailed = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemical-inventory-report/', as: full, headers: es, payload: { email: 'jefa@example.com', location: warehouse.id } });
    expect(mailed.statusCode).toBe(200);
    const mail = readOutbox(t.dataDir).at(-1)!;
    expect(mail).toMatch(/^To: jefa@example\.com$/m);
    expect(mail).toContain('Adjuntamos el Informe de inventario de químicos de Central Warehouse (chemical_inventory_report.pdf).');
    expect(pdfText(pdfAttachment(lastRawMail(t.dataDir), 'chemical_inventory_report.pdf'))).toContain('Página 1 de 1');
  });

  it('refuses an invalid email or location without sending anything', async () => {
    const before = readOutbox(t.dataDir).length;
    for (const email of ['', 'boss', 'boss@example', 'boss @example.com', '@example.com', 'boss@.', 'a@b.c\nBcc: x@y.z', 'a@b.co,c@d.co', 'a@b.co;c@d.co', 'Boss <boss@example.com>']) {
      const res = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemical-inventory-report/', as: full, payload: { email, location: warehouse.id } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: ['Please enter a valid email address.'] });
    }
    const missing = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemical-inventory-report/', as: full, payload: { location: warehouse.id } });
    expect(missing.json()).toEqual({ email: ['This field is required.'] });
    const badLocation = await t.request({ method: 'POST', url: '/api/v1/chemicals/chemical-inventory-report/', as: full, payload: { email: 'boss@example.com', location: depot.id } });
    expect(badLocation.statusCode).toBe(400);
    expect(badLocation.json()).toHaveProperty('location');
    expect(readOutbox(t.dataDir)).toHaveLength(before);
  });
});

describe('car wash report', () => {
  let basic: number;
  let deluxe: number;
  const washes: { pkg: () => number; count: number; daysAgo: number }[] = [
    { pkg: () => basic, count: 5, daysAgo: 0 },
    { pkg: () => basic, count: 7, daysAgo: 3 },
    { pkg: () => deluxe, count: 11, daysAgo: 5 },
    { pkg: () => basic, count: 1000, daysAgo: 40 },
  ];

  beforeAll(async () => {
    const db = t.database.db;
    basic = await insertPackage(db, washA.id, 'Basic', 1);
    deluxe = await insertPackage(db, washA.id, 'Deluxe', 2);
    await insertPackage(db, washA.id, 'Unused', 3);
    for (const w of washes) {
      const res = await t.request({ method: 'POST', url: '/api/v1/washes/washrecords/', as: full, payload: { wash_package: w.pkg(), count: w.count, location: washA.id, date: addDays(today, -w.daysAgo) } });
      expect(res.statusCode).toBe(201);
    }
    const tireShine = await insertChemical(db, { name: 'Tire Shine', chemical_type: 'Dressing' });
    const entry = await stockChemical(db, tireShine, washA.id, 20);
    const records = [
      { url: 'chemicalfills', quantity: 3.25, daysAgo: 2 },
      { url: 'chemicalinventories', quantity: 9, daysAgo: 4 },
      { url: 'chemicalfills', quantity: 50, daysAgo: 45 },
    ];
    for (const r of records) {
      const res = await t.request({ method: 'POST', url: `/api/v1/chemicals/${r.url}/create/`, as: full, payload: { chemical: tireShine, chemical_location_id: entry, date: addDays(today, -r.daysAgo), quantity: r.quantity } });
      expect(res.statusCode).toBe(201);
    }
  });

  const get = (query: string) => t.request({ method: 'GET', url: `/api/v1/washes/car-wash-report/${query}`, as: full });

  it('reports wash counts per package and the chemical fills and counts over the period', async () => {
    const start = addDays(today, -10);
    const res = await get(`?location=${washA.id}&start=${start}&end=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="car_wash_report.pdf"');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Car Wash Report');
    expect(text).toContain('Wash A');
    expect(text).toContain(`Period: ${usDate(start)} to ${usDate(today)}`);
    expect(text).toMatch(/Basic\s+12\n/);
    expect(text).toMatch(/Deluxe\s+11\n/);
    expect(text).toMatch(/Unused\s+0\n/);
    expect(text).toMatch(/Total\s+23\n/);
    expect(text).toMatch(new RegExp(`${usDate(addDays(today, -2)).replace(/\//g, '\\/')}\\s+Tire Shine\\s+Fill\\s+3\\.25\\s+gallons`));
    expect(text).toMatch(new RegExp(`${usDate(addDays(today, -4)).replace(/\//g, '\\/')}\\s+Tire Shine\\s+Inventory count\\s+9\\.00\\s+gallons`));
    expect(text).not.toContain('50.00');
    expect(text).not.toContain('1,0');
  });

  it('covers the current month to date by default', async () => {
    const monthStart = `${today.slice(0, 8)}01`;
    const inMonth = (daysAgo: number) => addDays(today, -daysAgo) >= monthStart;
    const basicTotal = washes.filter((w) => w.pkg() === basic && inMonth(w.daysAgo)).reduce((s, w) => s + w.count, 0);
    const deluxeTotal = washes.filter((w) => w.pkg() === deluxe && inMonth(w.daysAgo)).reduce((s, w) => s + w.count, 0);
    const text = pdfText((await get(`?location=${washA.id}`)).rawPayload);
    expect(text).toContain(`Period: ${usDate(monthStart)} to ${usDate(today)}`);
    expect(text).toMatch(new RegExp(`Basic\\s+${basicTotal}\\n`));
    expect(text).toMatch(new RegExp(`Deluxe\\s+${deluxeTotal}\\n`));
    expect(text).toMatch(new RegExp(`Total\\s+${basicTotal + deluxeTotal}\\n`));
  });

  it('refuses the chemical report location, non-wash locations and a bad period', async () => {
    expect((await get(`?location=${warehouse.id}`)).json()).toEqual({ location: ['Location 3003 keeps a chemical inventory report instead of wash data.'] });
    expect((await get(`?location=${depot.id}`)).json()).toEqual({ location: ['The car wash report is available only for locations 1102, 1104, 1311.'] });
    expect((await get('?location=1104')).json()).toEqual({ location: ['Location 1104 does not exist.'] });
    expect((await get(`?location=${washA.id}&start=${today}&end=${addDays(today, -1)}`)).json()).toEqual({ end: ['The end date must not be before the start date.'] });
    expect((await get(`?location=${washA.id}&start=2024-02-31`)).json()).toEqual({ start: ['Date has wrong format. Use YYYY-MM-DD.'] });
    const noEnd = await get(`?location=${washA.id}&start=${addDays(today, 1)}`);
    expect(noEnd.statusCode).toBe(400);
    expect(noEnd.json()).toHaveProperty('start');
  });

  it('covers at most 366 days, downloaded or mailed, and says so', async () => {
    const tooLong = { start: ['The report period can be at most 366 days. Choose a later start date or an earlier end date.'] };
    const openEnded = await get(`?location=${washA.id}&start=0100-01-01`);
    expect(openEnded.statusCode).toBe(400);
    expect(openEnded.json()).toEqual(tooLong);
    expect((await get(`?location=${washA.id}&start=${addDays(today, -366)}&end=${today}`)).json()).toEqual(tooLong);
    expect((await get(`?location=${washA.id}&start=2024-01-01&end=2025-01-01`)).json()).toEqual(tooLong);
    // A whole leap year and a year up to today are still one report.
    const leapYear = await get(`?location=${washA.id}&start=2024-01-01&end=2024-12-31`);
    expect(leapYear.statusCode).toBe(200);
    expect(leapYear.headers['content-type']).toBe('application/pdf');
    expect((await get(`?location=${washA.id}&start=${addDays(today, -365)}&end=${today}`)).statusCode).toBe(200);

    const before = readOutbox(t.dataDir).length;
    const mailed = await t.request({ method: 'POST', url: '/api/v1/washes/car-wash-report/', as: full, payload: { email: 'manager@wash.example.org', location: washA.id, start: '0100-01-01' } });
    expect(mailed.statusCode).toBe(400);
    expect(mailed.json()).toEqual(tooLong);
    expect(readOutbox(t.dataDir)).toHaveLength(before);
  });

  it('mails the report, and refuses an invalid email', async () => {
    const before = readOutbox(t.dataDir).length;
    const start = addDays(today, -10);
    const res = await t.request({ method: 'POST', url: '/api/v1/washes/car-wash-report/', as: full, payload: { email: 'manager@wash.example.org', location: washA.id, start, end: today } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Report sent successfully!' });
    const mails = readOutbox(t.dataDir);
    expect(mails).toHaveLength(before + 1);
    expect(mails[mails.length - 1]).toMatch(/^To: manager@wash\.example\.org$/m);
    expect(mails[mails.length - 1]).toMatch(/^Subject: Car Wash Report - Wash A$/m);
    const text = pdfText(pdfAttachment(lastRawMail(t.dataDir), 'car_wash_report.pdf'));
    expect(text).toMatch(/Total\s+23\n/);

    const bad = await t.request({ method: 'POST', url: '/api/v1/washes/car-wash-report/', as: full, payload: { email: 'manager', location: washA.id } });
    expect(bad.json()).toEqual({ email: ['Please enter a valid email address.'] });
    const wrongSite = await t.request({ method: 'POST', url: '/api/v1/washes/car-wash-report/', as: full, payload: { email: 'manager@wash.example.org', location: warehouse.id } });
    expect(wrongSite.statusCode).toBe(400);
    expect(readOutbox(t.dataDir)).toHaveLength(before + 1);
  });
});

describe('part inventory report', () => {
  const depotParts = Array.from({ length: 60 }, (_, i) => ({ name: `Depot Part ${String(i).padStart(2, '0')}`, quantity: i + 0.5 }));

  beforeAll(async () => {
    for (const p of depotParts) await insertPart(t.database.db, { name: p.name, location_id: depot.id, quantity: p.quantity, item_number: `DP-${p.name.slice(-2)}` });
    await insertPart(t.database.db, { name: 'Warehouse Only Part', location_id: warehouse.id, quantity: 3 });
  });

  it('lists every part at the location with its quantity on hand over several pages, header repeated', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/parts/part-inventory-report/?location=${depot.id}`, as: full });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="part_inventory_report.pdf"');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Part Inventory Report');
    expect(text).toContain('Parts Depot');
    for (const p of depotParts) expect(text).toMatch(new RegExp(`${p.name}\\s+PartCo\\s+DP-${p.name.slice(-2)}\\s+Nozzle\\s+${p.quantity.toFixed(2)}\\n`));
    expect(text).not.toContain('Warehouse Only Part');
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.match(/Quantity on Hand/g)).toHaveLength(pages);
  });

  it('is only for part locations', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/parts/part-inventory-report/?location=${washA.id}`, as: full });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ location: ['The part inventory report is available only for locations 3003, 3008.'] });
  });

  it('mails the report, and refuses an invalid email', async () => {
    const before = readOutbox(t.dataDir).length;
    const res = await t.request({ method: 'POST', url: '/api/v1/parts/part-inventory-report/', as: full, payload: { email: 'parts@example.com', location: warehouse.id } });
    expect(res.json()).toEqual({ detail: 'Report sent successfully!' });
    const mails = readOutbox(t.dataDir);
    expect(mails).toHaveLength(before + 1);
    expect(mails[mails.length - 1]).toMatch(/^To: parts@example\.com$/m);
    expect(mails[mails.length - 1]).toMatch(/^Subject: Part Inventory Report - Central Warehouse$/m);
    expect(pdfText(pdfAttachment(lastRawMail(t.dataDir), 'part_inventory_report.pdf'))).toMatch(/Warehouse Only Part\s+PartCo\s+\S+\s+Nozzle\s+3\.00/);
    const bad = await t.request({ method: 'POST', url: '/api/v1/parts/part-inventory-report/', as: full, payload: { email: 'parts@example', location: depot.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Please enter a valid email address.'] });
    expect(readOutbox(t.dataDir)).toHaveLength(before + 1);
  });
});

describe('report permissions', () => {
  it('visitors get 401 and limited users 403 on every report endpoint, and nothing is mailed', async () => {
    const before = readOutbox(t.dataDir).length;
    const calls = [
      { method: 'GET' as const, url: `/api/v1/chemicals/chemical-inventory-report/?location=${warehouse.id}` },
      { method: 'POST' as const, url: '/api/v1/chemicals/chemical-inventory-report/', payload: { email: 'x@example.com', location: warehouse.id } },
      { method: 'GET' as const, url: `/api/v1/washes/car-wash-report/?location=${washA.id}` },
      { method: 'POST' as const, url: '/api/v1/washes/car-wash-report/', payload: { email: 'x@example.com', location: washA.id } },
      { method: 'GET' as const, url: `/api/v1/parts/part-inventory-report/?location=${depot.id}` },
      { method: 'POST' as const, url: '/api/v1/parts/part-inventory-report/', payload: { email: 'x@example.com', location: depot.id } },
    ];
    for (const call of calls) {
      expect((await t.request(call)).statusCode).toBe(401);
      expect((await t.request({ ...call, as: limited })).statusCode).toBe(403);
    }
    expect(readOutbox(t.dataDir)).toHaveLength(before);
  });
});

describe('report mail failure', () => {
  it('answers 503 with a clear message when the mail server fails', async () => {
    const broken = await createTestApp({
      mailer: {
        send: async () => {
          throw new Error('connection refused');
        },
      },
    });
    try {
      const user = await broken.createUser({ full: true });
      const site = await insertLocation(broken.database.db, 'Depot', 3008);
      const res = await broken.request({ method: 'POST', url: '/api/v1/parts/part-inventory-report/', as: user, payload: { email: 'x@example.com', location: site.id } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'The report could not be sent. Please try again later.' });
    } finally {
      await broken.close();
    }
  });
});
