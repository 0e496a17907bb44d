/**
 * CSV exports of the seven lists (docs/decisions.md: CSV exports), on both engines: the columns and
 * rows of each with its filters, the same access as its list, the work orders' cost columns for full
 * access only, RFC 4180 quoting and formula escaping, a clear 400 for a filter of the wrong type,
 * and a large export streamed while it is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../shared/api/common.js';
import { CSV_EXPORTS, csvExportRequestPath, type CsvExportArea } from '../../shared/api/exports.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { todayIn } from '../../shared/rules/task-status.js';
import { csvCell } from '../../src-server/exports/csv.js';
import { csvRecords, parseCsv } from '../helpers/csv-parse.js';
import { insertChemical, insertLocation, insertPart, stockChemical, type LocationFixture } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

/** The export as records by header (checked: the BOM, the header line, every line as long). */
function records(body: string, headers: readonly string[]): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return csvRecords(body, headers);
}

/** An Acme asset made through the API by Ana (full access). */
async function createAsset(name: string, location: number | null, price: number | null = null): Promise<{ id: number; code: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/assets/create/',
    as: ana,
    payload: { brand: 'Acme', name, description: `${name} unit`, asset_type: 'GENERATOR', serial_number: `SN-${name}`, location_id: location, acquisition_date: '2024-02-29', purchase_price: price },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string };
}

const url = (area: CsvExportArea, query = '') => `/api/v1/${CSV_EXPORTS[area].path}${query}`;

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let ana: TestUser;
let depot: LocationFixture;
let yard: LocationFixture;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true, firstName: 'Frank', lastName: 'Full' });
  limited = await t.createUser({ firstName: 'Lena', lastName: 'Limited' });
  ana = await t.createUser({ full: true, firstName: 'Ana', lastName: 'Doe' });
  // Part and chemical locations are configured by id (3003, 3008, 1102 …); the exports do not depend on them.
  depot = await insertLocation(t.database.db, 'Depot, North', 3003);
  yard = await insertLocation(t.database.db, 'Yard', 3008);
  today = todayIn(t.config.timeZone);
});
afterAll(async () => {
  await t.close();
});

const exportAs = (as: TestUser | undefined, area: CsvExportArea, query = '') => t.request({ method: 'GET', url: url(area, query), ...(as ? { as } : {}) });

describe('CSV cells', () => {
  it('quotes by RFC 4180 and turns would-be formulas into text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    // The separators of other locales are quoted too.
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
    // Every piece that a separator or a line break may make a cell of gets its quote, behind spaces
    // and double quotes as well; where no formula character opens a piece, the text is left as it is.
    expect(csvCell('ok;=1+1')).toBe(`"ok;'=1+1"`);
    expect(csvCell('a,-2;+3')).toBe(`"a,'-2;'+3"`);
    expect(csvCell('two\n@lines')).toBe(`"two\n'@lines"`);
    expect(csvCell('cr\r\n=x')).toBe(`"cr\r\n'=x"`);
    expect(csvCell('tab\t=x')).toBe(`"tab\t'=x"`);
    expect(csvCell('\t=x')).toBe(`"'\t'=x"`);
    expect(csvCell('a; =1')).toBe(`"a;' =1"`);
    expect(csvCell('a;"=1"')).toBe(`"a;'""=1"""`);
    expect(csvCell(' -1')).toBe(`"' -1"`);
    expect(csvCell('Belt: Pass; Pressure: 1 psi')).toBe('"Belt: Pass; Pressure: 1 psi"');
    expect(csvCell('3-5 days, 2+2=4')).toBe('"3-5 days, 2+2=4"');
    // Numbers are numbers, never formulas; nothing is an empty cell.
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

/** The columns every user's file has. */
const SHARED_HEADERS = [
  'ID',
  'Location',
  'Asset',
  'Asset Code',
  'Description',
  'Status',
  'Created By',
  'Created At',
  'Claimed By',
  'Claimed At',
  'Completed By',
  'Completed At',
  'Field Notes',
  'Attachments',
  'Updated At',
  'Location ID',
  'Asset ID',
];
/** What the work cost: in the files of full-access users only (docs/decisions.md: What the work costs). */
const COST_HEADERS = ['Labour Minutes', 'Labour Cost', 'Parts Cost', 'Total Cost'];
const HEADERS = [...SHARED_HEADERS, ...COST_HEADERS];

describe('work orders', () => {
  const ids: Record<string, number> = {};
  let pumpCode = '';

  beforeAll(async () => {
    const asset = await createAsset('Pump 3', depot.id);
    ids.pumpAsset = asset.id;
    pumpCode = asset.code;
    const create = async (key: string, location: number, description: string, assetId?: number) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/workorders/',
        // Limited users may not link an asset (docs/decisions.md: Labels and scanning).
        as: assetId ? full : limited,
        payload: { location_id: location, description, ...(assetId ? { asset_id: assetId } : {}) },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[key] = res.json().id;
    };
    await create('pump', depot.id, 'Pump 3 leaks, badly: "drips"\non the left', ids.pumpAsset);
    await create('formula', depot.id, '=HYPERLINK("http://evil.example","click")');
    await create('yard', yard.id, '-5 psi on the air line');
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${ids.pump}/claim/`, as: ana })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${ids.formula}/claim/`, as: ana })).statusCode).toBe(200);
    const done = await t.request({ method: 'POST', url: `/api/v1/workorders/${ids.formula}/complete/`, as: ana, payload: { field_notes: '@once, done' } });
    expect(done.statusCode).toBe(200);
  });

  it('exports every order of the list, newest first, with names, ISO times and the file name of the day', async () => {
    const res = await exportAs(full, 'workorders');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="workorders-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = records(res.body, HEADERS);
    expect(rows.map((r) => Number(r.ID))).toEqual([ids.yard, ids.formula, ids.pump]);
    const list = (await t.request({ method: 'GET', url: '/api/v1/workorders/', as: full })).json().results as { id: number }[];
    expect(rows.map((r) => Number(r.ID))).toEqual(list.map((o) => o.id));

    const [yardRow, formulaRow, pumpRow] = rows;
    expect(pumpRow).toMatchObject({
      Location: 'Depot, North',
      Asset: 'Acme Pump 3',
      'Asset Code': pumpCode,
      'Asset ID': String(ids.pumpAsset),
      Description: 'Pump 3 leaks, badly: "drips"\non the left',
      Status: 'Claimed',
      'Created By': 'Frank Full',
      'Claimed By': 'Ana Doe',
      'Completed By': '',
      'Completed At': '',
      'Field Notes': '',
      Attachments: '0',
      'Location ID': String(depot.id),
    });
    expect(pumpRow!['Created At']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(pumpRow!['Claimed At']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Would-be formulas start with a quote, so a spreadsheet shows them as text.
    expect(formulaRow).toMatchObject({ Description: `'=HYPERLINK("http://evil.example","click")`, Status: 'Completed', 'Completed By': 'Ana Doe', 'Field Notes': "'@once, done" });
    expect(formulaRow!['Completed At']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(yardRow).toMatchObject({ Location: 'Yard', Asset: '', 'Asset Code': '', 'Asset ID': '', Description: "'-5 psi on the air line", Status: 'Pending', 'Claimed By': '' });
    // The raw text: quoted fields, doubled quotes, CRLF line ends.
    expect(res.body).toContain(`"Pump 3 leaks, badly: ""drips""\non the left"`);
    expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${HEADERS.join(',')}`);
  });

  it('applies the list filters: location, search (in descriptions and location names), both', async () => {
    const ofIds = async (query: string) => records((await exportAs(full, 'workorders', query)).body, HEADERS).map((r) => Number(r.ID));
    expect(await ofIds(`?location=${depot.id}`)).toEqual([ids.formula, ids.pump]);
    expect(await ofIds(`?location=${yard.id}`)).toEqual([ids.yard]);
    expect(await ofIds('?search=pump')).toEqual([ids.pump]);
    expect(await ofIds('?search=north')).toEqual([ids.formula, ids.pump]);
    expect(await ofIds(`?search=${encodeURIComponent('  PSI ')}`)).toEqual([ids.yard]);
    expect(await ofIds(`?location=${yard.id}&search=pump`)).toEqual([]);
    expect(await ofIds('?search=')).toEqual([ids.yard, ids.formula, ids.pump]);
    // A location without orders: just the header line.
    const empty = await exportAs(full, 'workorders', '?location=999999');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(`\uFEFF${HEADERS.join(',')}\r\n`);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await t.request({ method: 'HEAD', url: url('workorders'), as: full });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('');
  });

  it('is what the worker asks for: the filters a list screen shows, blank ones left out', () => {
    expect(csvExportRequestPath('workorders', { location: 7, search: ' a&b ' })).toBe('workorders/export.csv?location=7&search=a%26b');
    expect(csvExportRequestPath('workorders', { location: null, search: '  ' })).toBe('workorders/export.csv');
    expect(csvExportRequestPath('assets', { location: 7, search: 'ignored' })).toBe('assets/export.csv?location=7');
    expect(csvExportRequestPath('vendors', { location: 7, search: 'x' })).toBe('vendors/export.csv');
  });

  it('refuses a filter of the wrong type with a clear 400, and changes nothing', async () => {
    const before = await t.database.db.selectFrom('work_orders').selectAll().orderBy('id').execute();
    for (const query of ['?location=abc', '?location=0', '?location=-1', '?location=1.5', `?search=${'x'.repeat(201)}`]) {
      const res = await exportAs(full, 'workorders', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json() as Record<string, string[]>;
      expect(Object.keys(body), query).toEqual([query.startsWith('?location') ? 'location' : 'search']);
      expect(body[Object.keys(body)[0]!]![0]).toEqual(expect.any(String));
    }
    expect((await exportAs(full, 'assets', '?location=abc')).statusCode).toBe(400);
    expect((await exportAs(full, 'chemicals', '?location=x')).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('work_orders').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('access: the same as the list it exports', () => {
  it('lets limited users export work orders and locations only; visitors none', async () => {
    for (const area of Object.keys(CSV_EXPORTS) as CsvExportArea[]) {
      const mayRead = area === 'workorders' || area === 'locations';
      const asLimited = await exportAs(limited, area);
      expect(asLimited.statusCode, area).toBe(mayRead ? 200 : 403);
      if (!mayRead) expect(asLimited.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect((await exportAs(undefined, area)).statusCode, area).toBe(401);
      expect((await exportAs(full, area)).statusCode, area).toBe(200);
    }
  });

  it('checks access before the query: a limited user with a bad filter is refused, not told about the filter', async () => {
    expect((await exportAs(limited, 'vendors', '?location=abc')).statusCode).toBe(403);
    expect((await exportAs(undefined, 'workorders', '?location=abc')).statusCode).toBe(401);
  });
});

const TASK_HEADERS = [
  'ID',
  'Location',
  'Description',
  'Status',
  'Recurrence',
  'Recurrence Interval (days)',
  'Last Completed Date',
  'Due Date',
  'Claimed By',
  'Last Completed By',
  'Last Completed At',
  'Task Notes',
  'Field Notes',
  'Procedure Steps',
  'Last Completion Answers',
  'Meter',
  'Meter Interval',
  'Counted Since Completion',
  'Due at Reading',
  'Forecast Due Date',
  'Created By',
  'Created At',
  'Updated By',
  'Updated At',
  'Location ID',
];

describe('the other lists', () => {
  it('maintenance tasks: by due date, undated last, with statuses and names; location and search', async () => {
    const make = async (location: number, description: string, last: string | null, interval = 7) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v1/maintenance/tasks/',
        as: full,
        payload: { location_id: location, description, recurrence_interval: interval, last_completed_date: last ?? today, task_notes: 'Check, then "log"' },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const later = await make(depot.id, 'Grease the bearings', today, 30);
    const sooner = await make(yard.id, '+ Replace filters', today, 1);
    // No due date: made through the API every task has one, so this one loses it in the database.
    const undated = await make(depot.id, 'Inspect signage', today);
    await t.database.db.updateTable('maintenance_tasks').set({ last_completed_date: null, due_date: null }).where('id', '=', undated).execute();
    expect((await t.request({ method: 'POST', url: `/api/v1/maintenance/tasks/${later}/claim/`, as: ana })).statusCode).toBe(200);

    const res = await exportAs(full, 'maintenance');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="maintenance-tasks-${today}.csv"`);
    const rows = records(res.body, TASK_HEADERS);
    expect(rows.map((r) => Number(r.ID))).toEqual([sooner, later, undated]);
    expect(rows[0]).toMatchObject({
      Location: 'Yard',
      Description: "'+ Replace filters",
      Status: 'Almost due',
      Recurrence: 'Daily',
      'Recurrence Interval (days)': '1',
      'Last Completed Date': today,
      'Task Notes': 'Check, then "log"',
      'Created By': 'Frank Full',
      'Claimed By': '',
    });
    expect(rows[1]).toMatchObject({ Location: 'Depot, North', Recurrence: 'Monthly', Status: 'Claimed', 'Claimed By': 'Ana Doe', 'Updated By': 'Ana Doe' });
    expect(rows[1]!['Due Date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows[2]).toMatchObject({ Description: 'Inspect signage', Status: 'New', 'Due Date': '', 'Last Completed Date': '' });
    const ofIds = async (query: string) => records((await exportAs(full, 'maintenance', query)).body, TASK_HEADERS).map((r) => Number(r.ID));
    expect(await ofIds(`?location=${depot.id}`)).toEqual([later, undated]);
    expect(await ofIds('?search=filters')).toEqual([sooner]);
    expect(await ofIds(`?search=north&location=${depot.id}`)).toEqual([later, undated]);
  });

  it("maintenance tasks: the procedure's step count and the last completion's answers as the detail says them", async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/maintenance/tasks/',
      as: full,
      payload: {
        location_id: yard.id,
        description: 'Checklist: compressor round',
        recurrence_interval: 7,
        last_completed_date: today,
        steps: [
          { kind: 'check', label: 'Belt tight', required: true },
          { kind: 'reading', label: 'Pressure', unit: 'psi', min: 90, max: 120, required: true },
          { kind: 'text', label: 'Remarks', required: false },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json() as { id: number; procedure_version: number; steps: { id: string }[] };
    const exported = async () =>
      records((await exportAs(full, 'maintenance', '?search=compressor%20round')).body, TASK_HEADERS).map((r) => ({ ID: r.ID, 'Procedure Steps': r['Procedure Steps'], 'Last Completion Answers': r['Last Completion Answers'] }));
    expect(await exported()).toEqual([{ ID: String(task.id), 'Procedure Steps': '3', 'Last Completion Answers': '' }]);

    expect((await t.request({ method: 'POST', url: `/api/v1/maintenance/tasks/${task.id}/claim/`, as: ana })).statusCode).toBe(200);
    const [belt, pressure] = task.steps;
    const done = await t.request({
      method: 'POST',
      url: `/api/v1/maintenance/tasks/${task.id}/complete/`,
      as: ana,
      payload: { procedure_version: task.procedure_version, answers: [{ step_id: belt!.id, value: 'pass' }, { step_id: pressure!.id, value: 131, note: 'Relief valve hissing' }] },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await exported()).toEqual([
      { ID: String(task.id), 'Procedure Steps': '3', 'Last Completion Answers': 'Belt tight: Pass; Pressure: 131 psi (Relief valve hissing); Remarks: Not answered' },
    ]);
  });

  it('assets: by name, with location, price and who changed them; location filter', async () => {
    const b = (await createAsset('Boiler', depot.id, 1250.5)).id;
    const a = (await createAsset('Air compressor', yard.id)).id;
    const headers = ['ID', 'Name', 'Brand', 'Description', 'Asset Type', 'Serial Number', 'Location', 'Acquisition Date', 'Purchase Price', 'Created At', 'Updated By', 'Updated At', 'Location ID'];
    const rows = records((await exportAs(full, 'assets')).body, headers);
    // By name: with the pump the work orders above are about.
    expect(rows.map((r) => r.Name)).toEqual(['Air compressor', 'Boiler', 'Pump 3']);
    expect(rows.slice(0, 2).map((r) => Number(r.ID))).toEqual([a, b]);
    expect(rows[1]).toMatchObject({ Name: 'Boiler', Brand: 'Acme', 'Asset Type': 'GENERATOR', 'Serial Number': 'SN-Boiler', Location: 'Depot, North', 'Acquisition Date': '2024-02-29', 'Purchase Price': '1250.5', 'Location ID': String(depot.id) });
    expect(rows[0]).toMatchObject({ Location: 'Yard', 'Purchase Price': '' });
    expect(records((await exportAs(full, 'assets', `?location=${yard.id}`)).body, headers).map((r) => Number(r.ID))).toEqual([a]);
  });

  it('parts: by name, with the quantity on hand; location filter', async () => {
    const nozzle = await insertPart(t.database.db, { name: 'Nozzle', location_id: depot.id, quantity: 6.5, item_number: '@NZ-1' });
    const hose = await insertPart(t.database.db, { name: 'Hose', location_id: null, quantity: 0 });
    const headers = ['ID', 'Name', 'Brand', 'Description', 'Part Type', 'Item Number', 'Location', 'Quantity on Hand', 'Location ID'];
    const rows = records((await exportAs(full, 'parts')).body, headers);
    expect(rows).toEqual([
      { ID: String(hose), Name: 'Hose', Brand: 'PartCo', Description: 'Hose description', 'Part Type': 'Nozzle', 'Item Number': 'IT-Hose', Location: '', 'Quantity on Hand': '0', 'Location ID': '' },
      { ID: String(nozzle), Name: 'Nozzle', Brand: 'PartCo', Description: 'Nozzle description', 'Part Type': 'Nozzle', 'Item Number': "'@NZ-1", Location: 'Depot, North', 'Quantity on Hand': '6.5', 'Location ID': String(depot.id) },
    ]);
    expect(records((await exportAs(full, 'parts', `?location=${depot.id}`)).body, headers).map((r) => r.Name)).toEqual(['Nozzle']);
  });

  it('chemicals: a line per location stocked at, with quantity and unit; a location filter keeps its own lines', async () => {
    const soap = await insertChemical(t.database.db, { name: 'Soap', chemical_type: 'Soap' });
    const salt = await insertChemical(t.database.db, { name: 'Salt', chemical_type: 'Salt' });
    const wax = await insertChemical(t.database.db, { name: 'Wax' });
    await stockChemical(t.database.db, soap, depot.id, 12.25);
    await stockChemical(t.database.db, soap, yard.id, 3);
    await stockChemical(t.database.db, salt, yard.id, 40);
    const headers = ['ID', 'Name', 'Brand', 'Description', 'Chemical Type', 'Location', 'Quantity', 'Unit', 'Location ID'];
    const rows = records((await exportAs(full, 'chemicals')).body, headers);
    expect(rows.map((r) => [r.Name, r.Location, r.Quantity, r.Unit])).toEqual([
      ['Salt', 'Yard', '40', 'sacks'],
      ['Soap', 'Depot, North', '12.25', 'gallons'],
      ['Soap', 'Yard', '3', 'gallons'],
      ['Wax', '', '', 'gallons'],
    ]);
    expect(rows.map((r) => Number(r.ID))).toEqual([salt, soap, soap, wax]);
    const atYard = records((await exportAs(full, 'chemicals', `?location=${yard.id}`)).body, headers);
    expect(atYard.map((r) => [r.Name, r.Location, r.Quantity])).toEqual([
      ['Salt', 'Yard', '40'],
      ['Soap', 'Yard', '3'],
    ]);
  });

  it('locations and vendors: by name, every column', async () => {
    const locationHeaders = ['ID', 'Name', 'Location Type', 'Address', 'City', 'State', 'Postal Code', 'Phone Number', 'EPOS', 'Verifone ID', 'SageNet ID', 'OCC ID', 'Created At', 'Updated At'];
    const locations = records((await exportAs(limited, 'locations')).body, locationHeaders);
    expect(locations.map((r) => r.Name)).toEqual(['Depot, North', 'Yard']);
    expect(locations[0]).toMatchObject({ ID: String(depot.id), 'Location Type': 'OTHER', Address: '1 Wash Way', City: 'Springfield', State: 'IL', 'Postal Code': '62701', EPOS: '' });

    const vendor = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: 'Bolt & Nut, Inc.', telephone_number: '+1 555 0100', city: 'Springfield' } });
    expect(vendor.statusCode).toBe(201);
    const res = await exportAs(full, 'vendors');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="vendors-${today}.csv"`);
    const vendors = records(res.body, ['ID', 'Name', 'Address', 'City', 'State', 'Postal Code', 'Telephone Number', 'Created At', 'Updated At']);
    expect(vendors).toEqual([
      expect.objectContaining({ ID: String(vendor.json().id), Name: 'Bolt & Nut, Inc.', City: 'Springfield', 'Telephone Number': "'+1 555 0100", Address: '' }),
    ]);
    expect(res.body).toContain(`,"Bolt & Nut, Inc.",`);
  });
});

describe('what the work cost, in the work-order export', () => {
  let bay: LocationFixture;
  let costly = 0;
  let free = 0;

  beforeAll(async () => {
    // 90 minutes at 40.00 an hour and 3 units at 2.35 on one order; the other costs nothing.
    bay = await insertLocation(t.database.db, 'Repair Bay');
    const staff = await t.createUser({ staff: true });
    expect((await t.request({ method: 'PATCH', url: `/api/v1/admin/users/${ana.user.id}/`, as: staff, payload: { hourly_rate: 40 } })).statusCode).toBe(200);
    const create = async (description: string) => {
      const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: limited, payload: { location_id: bay.id, description } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    costly = await create('Pump seal replaced');
    free = await create('=1+1');
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${costly}/claim/`, as: ana })).statusCode).toBe(200);
    const labour = await t.request({ method: 'POST', url: `/api/v1/workorders/${costly}/labour/`, as: ana, payload: { minutes: 90, date: today } });
    expect(labour.statusCode, labour.body).toBe(201);
    const part = await insertPart(t.database.db, { name: 'Pump Seal', location_id: bay.id, quantity: 10 });
    expect((await t.request({ method: 'PATCH', url: `/api/v1/parts/${part}/`, as: full, payload: { unit_cost: 2.35 } })).statusCode).toBe(200);
    const issued = await t.request({ method: 'POST', url: `/api/v1/workorders/${costly}/parts/`, as: ana, payload: { part_id: part, quantity: 3, kind: 'issue' } });
    expect(issued.statusCode, issued.body).toBe(201);
  });

  it('gives full access the four cost columns, each the order\'s own costs, the total labour plus parts', async () => {
    const res = await exportAs(full, 'workorders', `?location=${bay.id}`);
    expect(res.statusCode).toBe(200);
    const rows = records(res.body, HEADERS);
    expect(rows.map((r) => [Number(r.ID), ...COST_HEADERS.map((h) => r[h])])).toEqual([
      [free, '0', '0', '0', '0'],
      [costly, '90', '60', '7.05', '67.05'],
    ]);
    // Each line's figures are what the order answers as its `costs`, and Total Cost adds up.
    const listed = ((await t.request({ method: 'GET', url: `/api/v1/workorders/?location=${bay.id}`, as: full })).json() as Page<WorkOrder>).results;
    expect(listed.map((o) => o.id)).toEqual([free, costly]);
    for (const [i, order] of listed.entries()) {
      const { labour_minutes, labour_cost, parts_cost, total } = order.costs!;
      expect(COST_HEADERS.map((h) => rows[i]![h])).toEqual([labour_minutes, labour_cost, parts_cost, total].map(String));
      expect(Math.round((labour_cost + parts_cost) * 100)).toBe(Math.round(total * 100));
    }
    // The would-be formula is text here too.
    expect(rows[0]!.Description).toBe("'=1+1");
  });

  it('leaves the cost columns out of a limited user\'s file: the same lines without them, not with empty ones', async () => {
    const ofFull = records((await exportAs(full, 'workorders', `?location=${bay.id}`)).body, HEADERS);
    const res = await exportAs(limited, 'workorders', `?location=${bay.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(`\uFEFF${SHARED_HEADERS.join(',')}`);
    const rows = records(res.body, SHARED_HEADERS);
    expect(rows).toEqual(ofFull.map((row) => Object.fromEntries(SHARED_HEADERS.map((h) => [h, row[h]]))));
    // No header names a cost, and every line has as many cells as the header (records checks it).
    expect(res.body).not.toMatch(/Labour|Cost/);
    // The rules of every export still hold: the would-be formula is text.
    expect(rows[0]!.Description).toBe("'=1+1");
    expect(res.body).toContain(`,"'=1+1",`);
    // Nor does an empty file show a limited user that the columns exist.
    expect((await exportAs(limited, 'workorders', '?location=999999')).body).toBe(`\uFEFF${SHARED_HEADERS.join(',')}\r\n`);
  });
});

describe('a file opened where the list separator is not a comma', () => {
  // As typed, each with a piece that a spreadsheet splitting at `;` or a tab would start a cell with.
  const TYPED = [
    'ok;=1+1',
    'Pressure 10;+5 after;-3 before;@SUM(A1)',
    'First line\n=2+3 on the second',
    'Tab\t=TODAY()',
    'Quoted;"=1+2"',
    'Spaced; =3+4',
    'Plain; nothing to see, 3-5 days',
  ];
  let site: LocationFixture;
  beforeAll(async () => {
    site = await insertLocation(t.database.db, 'Semicolon Works');
    for (const description of TYPED) {
      const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: limited, payload: { location_id: site.id, description } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('has no cell that opens with a formula character, and reads back with a comma as typed, marked', async () => {
    const res = await exportAs(full, 'workorders', `?location=${site.id}`);
    expect(res.statusCode).toBe(200);
    // Excel or LibreOffice set to `;` (most continental locales), or to a tab, split every line there.
    for (const separator of [';', '\t']) {
      const cells = parseCsv(res.body.slice(1), separator).flat();
      expect(cells.length, JSON.stringify(separator)).toBeGreaterThan(TYPED.length);
      expect(cells.filter((cell) => /^ *[=+\-@\t\r]/.test(cell)), JSON.stringify(separator)).toEqual([]);
    }
    // Read with a comma, each description is the text typed, with a quote before each piece that opened with a formula character.
    const headers = parseCsv(res.body.slice(1))[0]!;
    const oldestFirst = records(res.body, headers).map((r) => r.Description).reverse();
    expect(oldestFirst).toEqual([
      "ok;'=1+1",
      "Pressure 10;'+5 after;'-3 before;'@SUM(A1)",
      "First line\n'=2+3 on the second",
      "Tab\t'=TODAY()",
      `Quoted;'"=1+2"`,
      "Spaced;' =3+4",
      'Plain; nothing to see, 3-5 days',
    ]);
  });
});

describe('a large export', () => {
  const ROWS = 20_000;
  // Long enough that the whole file (about 22 MB) is far more than the connection's buffers hold.
  const PADDING = 'x'.repeat(1_000);
  let site: LocationFixture;
  let origin: string;

  beforeAll(async () => {
    site = await insertLocation(t.database.db, 'Bulk site');
    const db = t.database.db;
    const base = Date.parse('2020-01-01T00:00:00.000Z');
    await db.transaction().execute(async (trx) => {
      for (let from = 0; from < ROWS; from += 1_000) {
        const values = Array.from({ length: 1_000 }, (_, k) => {
          const n = from + k;
          // Pairs share a timestamp, so the keyset's tie-break on id is exercised too.
          const at = new Date(base + Math.floor(n / 2) * 1_000).toISOString();
          return { status: 'Pending' as const, description: `Bulk ${n} ${PADDING}`, location_id: site.id, created_by_id: full.user.id, created_at: at, updated_at: at };
        });
        await trx.insertInto('work_orders').values(values).execute();
      }
    });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);

  it('streams every row, newest first, and starts before the whole file is built', async () => {
    const oldest = await t.database.db
      .selectFrom('work_orders')
      .select('id')
      .where('location_id', '=', site.id)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const response = await fetch(`${origin}${url('workorders', `?location=${site.id}`)}`, { headers: full.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The oldest order is the file's last line. Changed now, after the first bytes arrived: a server
    // that had built the whole file before sending would still send the old text.
    await t.database.db.updateTable('work_orders').set({ description: 'Changed while exporting' }).where('id', '=', oldest.id).execute();
    const chunks: Uint8Array[] = [first.value!];
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
    }
    expect(chunks.length).toBeGreaterThan(10);
    const text = new TextDecoder().decode(Buffer.concat(chunks));
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(ROWS + 2);
    const idsInFile = lines.slice(1, -1).map((line) => Number(line.slice(0, line.indexOf(','))));
    expect(new Set(idsInFile).size).toBe(ROWS);
    // Newest first: the keyset walked (created_at, id) downwards without repeating or skipping a row.
    const column = lines[0]!.replace('\uFEFF', '').split(',').indexOf('Description');
    const descriptions = lines.slice(1, -1).map((line) => line.split(',')[column]!);
    expect(descriptions[0]).toBe(`Bulk ${ROWS - 1} ${PADDING}`);
    expect(descriptions.at(-1)).toBe('Changed while exporting');
    expect(idsInFile.at(-1)).toBe(oldest.id);
  }, 120_000);
});
