/**
 * Label sheets (shared/api/labels.ts): the asset labels of a location and a location's own label,
 * as PDFs on Avery 5160 sheets. `pdftotext` finds each label's name and code; each QR code, drawn at
 * 150 dpi by `pdftoppm` and read with jsQR, holds the record's link under PUBLIC_URL. Full access
 * only; bad locations and empty ones are refused plainly. One request gives at most
 * MAX_LABELS_PER_REQUEST labels; a location with more is refused with the cap and asked for in parts.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS_PER_SHEET, MAX_LABELS_PER_REQUEST, NO_ASSETS_TO_LABEL, tooManyLabels } from '../../shared/api/labels.js';
import { recordCode } from '../../shared/rules/record-codes.js';
import { insertAssets, insertLocation } from '../helpers/inventory-fixtures.js';
import { readLabelQr, renderPage } from '../helpers/label-images.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
const pageCount = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8'))![1]);

async function createAsset(locationId: number, name: string, brand = 'Acme'): Promise<{ id: number; code: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/assets/create/',
    as: full,
    payload: { brand, name, description: `${name} description`, asset_type: 'OTHER', serial_number: `SN-${name}`, location_id: locationId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  limited = await t.createUser();
});
afterAll(() => t.close());

describe('asset labels of a location', () => {
  it('are a PDF with each asset’s name and code, and a QR code of its link', async () => {
    const location = await insertLocation(t.database.db, 'Label Diner');
    const other = await insertLocation(t.database.db, 'Elsewhere');
    const fryer = await createAsset(location.id, 'Fryer Two', 'Pitco');
    const ice = await createAsset(location.id, 'Ice Machine');
    await createAsset(other.id, 'Not Here');

    const res = await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location.id}`, as: full });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="asset-labels-location-${location.id}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);

    const text = pdfText(pdf);
    for (const [name, code] of [
      ['Acme Ice Machine', ice.code],
      ['Pitco Fryer Two', fryer.code],
    ]) {
      expect(text).toContain(name);
      expect(text).toContain(code);
    }
    expect(text).toContain('Label Diner');
    expect(text).not.toContain('Not Here');

    // By name, across the sheet: the ice machine ("Ice…") comes after the fryer ("Fry…").
    const page = renderPage(pdf);
    expect(readLabelQr(page, 0)).toBe(`http://cmms.test/scan/${fryer.code}`);
    expect(readLabelQr(page, 1)).toBe(`http://cmms.test/scan/${ice.code}`);
    expect(readLabelQr(page, 2)).toBeNull();
  });

  it('run onto a second sheet past 30, and each QR code there reads too', async () => {
    const location = await insertLocation(t.database.db, 'Big Plant');
    const assets = [];
    for (let i = 0; i < LABELS_PER_SHEET + 2; i++) assets.push(await createAsset(location.id, `Pump ${String(i).padStart(2, '0')}`));
    const res = await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location.id}`, as: full });
    expect(res.statusCode).toBe(200);
    expect(pageCount(res.rawPayload)).toBe(2);
    const first = renderPage(res.rawPayload, 1);
    expect(readLabelQr(first, 29)).toBe(`http://cmms.test/scan/${assets[29]!.code}`);
    const second = renderPage(res.rawPayload, 2);
    expect(readLabelQr(second, 0)).toBe(`http://cmms.test/scan/${assets[30]!.code}`);
    expect(readLabelQr(second, 1)).toBe(`http://cmms.test/scan/${assets[31]!.code}`);
  });

  it('are refused for a location without assets, one that does not exist, and a bad query', async () => {
    const empty = await insertLocation(t.database.db, 'Empty Lot');
    const none = await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${empty.id}`, as: full });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: NO_ASSETS_TO_LABEL });
    expect((await t.request({ method: 'GET', url: '/api/v1/assets/labels.pdf?location=999999', as: full })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/v1/assets/labels.pdf', as: full })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/v1/assets/labels.pdf?location=abc', as: full })).statusCode).toBe(400);
  });

  it('are for full-access users only', async () => {
    const location = await insertLocation(t.database.db, 'Guarded');
    await createAsset(location.id, 'Safe');
    const res = await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location.id}`, as: limited });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location.id}` })).statusCode).toBe(401);
  });
});

describe('the most labels one request gives', () => {
  const SHEETS = Math.ceil(MAX_LABELS_PER_REQUEST / LABELS_PER_SHEET);
  const scan = (id: number) => `http://cmms.test/scan/${recordCode('assets', id)}`;
  /** Every file under the data directory (a refused request must leave none behind). */
  const files = () => readdirSync(t.dataDir, { recursive: true, encoding: 'utf8' }).sort();

  it(`refuses a location with more than ${MAX_LABELS_PER_REQUEST} assets, naming the cap and the parts to ask for, and writes nothing`, async () => {
    const location = await insertLocation(t.database.db, 'Huge Yard');
    const ids = await insertAssets(t.database.db, location.id, MAX_LABELS_PER_REQUEST + 1, 'Crate');
    const before = files();

    const res = await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location.id}`, as: full });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: tooManyLabels(MAX_LABELS_PER_REQUEST + 1) });
    expect(res.json().detail).toBe(
      `At most ${MAX_LABELS_PER_REQUEST} labels (${SHEETS} sheets) per request; this location has ${MAX_LABELS_PER_REQUEST + 1} assets. Ask for them ${MAX_LABELS_PER_REQUEST} at a time, by name, with page=1 to page=2.`,
    );
    expect(files()).toEqual(before);

    // The second part holds the one asset past the cap; there is no third.
    const second = await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location.id}&page=2`, as: full });
    expect(second.statusCode, second.body).toBe(200);
    expect(pageCount(second.rawPayload)).toBe(1);
    const page = renderPage(second.rawPayload);
    expect(readLabelQr(page, 0)).toBe(scan(ids[MAX_LABELS_PER_REQUEST]!));
    expect(readLabelQr(page, 1)).toBeNull();
    const third = await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location.id}&page=3`, as: full });
    expect(third.statusCode).toBe(404);
    expect(third.json()).toEqual({ detail: 'Invalid page.' });
  });

  it(`gives exactly ${MAX_LABELS_PER_REQUEST} labels on ${SHEETS} sheets, the first and the last reading`, async () => {
    const location = await insertLocation(t.database.db, 'Full Yard');
    const ids = await insertAssets(t.database.db, location.id, MAX_LABELS_PER_REQUEST, 'Drum');
    const res = await t.request({ method: 'GET', url: `/api/v1/assets/labels.pdf?location=${location.id}`, as: full });
    expect(res.statusCode, res.body).toBe(200);
    expect(pageCount(res.rawPayload)).toBe(SHEETS);
    expect(readLabelQr(renderPage(res.rawPayload, 1), 0)).toBe(scan(ids[0]!));
    const lastPlace = (MAX_LABELS_PER_REQUEST - 1) % LABELS_PER_SHEET;
    const last = renderPage(res.rawPayload, SHEETS);
    expect(readLabelQr(last, lastPlace)).toBe(scan(ids[MAX_LABELS_PER_REQUEST - 1]!));
    expect(readLabelQr(last, lastPlace + 1)).toBeNull();
  }, 90_000); // some seconds of building, many more on a crowded machine
});

describe("a location's label", () => {
  it("holds its name, code, address and a QR code of its link; `copies` repeats it", async () => {
    const location = await insertLocation(t.database.db, 'Corner Store');
    const code = recordCode('locations', location.id);
    const res = await t.request({ method: 'GET', url: `/api/v1/locations/${location.id}/label.pdf`, as: full });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="location-label-${location.id}.pdf"`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Corner Store');
    expect(text).toContain(code);
    expect(text).toContain('1 Wash Way, Springfield');
    const page = renderPage(res.rawPayload);
    expect(readLabelQr(page, 0)).toBe(`http://cmms.test/scan/${code}`);
    expect(readLabelQr(page, 1)).toBeNull();

    const three = await t.request({ method: 'GET', url: `/api/v1/locations/${location.id}/label.pdf?copies=3`, as: full });
    const threePage = renderPage(three.rawPayload);
    expect([0, 1, 2, 3].map((place) => readLabelQr(threePage, place))).toEqual([...Array(3).fill(`http://cmms.test/scan/${code}`), null]);
    expect((await t.request({ method: 'GET', url: `/api/v1/locations/${location.id}/label.pdf?copies=31`, as: full })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/v1/locations/${location.id}/label.pdf?copies=0`, as: full })).statusCode).toBe(400);
  });

  it('is refused to limited users and for a location that does not exist', async () => {
    const location = await insertLocation(t.database.db, 'Private Label');
    expect((await t.request({ method: 'GET', url: `/api/v1/locations/${location.id}/label.pdf`, as: limited })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v1/locations/999999/label.pdf', as: full })).statusCode).toBe(404);
  });
});

describe('the link in a QR code', () => {
  it('is under PUBLIC_URL, and a long one still reads', async () => {
    const long = await createTestApp({ env: { PUBLIC_URL: 'https://maintenance-manager.facilities.example-company.com/' } });
    try {
      const user = await long.createUser({ full: true });
      const location = await insertLocation(long.database.db, 'Far Away');
      const res = await long.request({ method: 'GET', url: `/api/v1/locations/${location.id}/label.pdf`, as: user });
      expect(readLabelQr(renderPage(res.rawPayload), 0)).toBe(`https://maintenance-manager.facilities.example-company.com/scan/${recordCode('locations', location.id)}`);
    } finally {
      await long.close();
    }
  });
});
