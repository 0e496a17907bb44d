/**
 * History on every record (docs/decisions.md: History on every record): each kind of write appends
 * one entry in its own transaction, a refused or rolled-back write appends none, the history pages
 * newest first, an edit keeps its old and new values, the table refuses changes, and every history
 * answers as its record's detail does (403 and 404 alike).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../shared/api/activity.js';
import type { Page } from '../../shared/api/common.js';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { WorkOrdersRepository } from '../../src-server/modules/workorders/workorders.repository.js';
import { insertChemical, insertLocation, insertPackage, insertPart, stockChemical, type LocationFixture } from '../helpers/inventory-fixtures.js';
import { linkParts, readOutbox } from '../helpers/outbox.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let other: TestUser;
let limited: TestUser;
let staff: TestUser;
let storeA: LocationFixture;
let storeB: LocationFixture;
let wash: LocationFixture;
let partSite: LocationFixture;

const API = '/api/v1';
const who = (u: TestUser) => ({ id: u.user.id, first_name: u.user.first_name, last_name: u.user.last_name });

async function history(path: string, as: TestUser = staff, page?: number): Promise<Page<ActivityEntry>> {
  const res = await t.request({ method: 'GET', url: `${API}/${path}activity/${page ? `?page=${page}` : ''}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const kinds = async (path: string) => (await history(path)).results.map((e) => e.kind);
const rowCount = async () => Number((await t.database.db.selectFrom('activity').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function post(url: string, as: TestUser, payload: unknown = {}, headers: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: `${API}/${url}`, as, payload: payload as Record<string, unknown>, headers });
}

async function newOrder(as: TestUser = limited, location = storeA): Promise<number> {
  const res = await post('workorders/', as, { location_id: location.id, description: 'Leaking tap' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true, firstName: 'Fran', lastName: 'Fixer' });
  other = await t.createUser({ full: true, firstName: 'Olly', lastName: 'Other' });
  limited = await t.createUser({ firstName: 'Lee', lastName: 'Limited' });
  staff = await t.createUser({ staff: true, full: true });
  const db = t.database.db;
  storeA = await insertLocation(db, 'Store A');
  storeB = await insertLocation(db, 'Store B');
  wash = await insertLocation(db, 'Wash A', t.config.site.chemicalLocationIds[0]);
  partSite = await insertLocation(db, 'Parts Depot', t.config.site.partLocationIds[0]);
});
afterAll(() => t.close());

describe('work orders', () => {
  it('records created, claimed, unclaimed and completed (with the notes), newest first, with who and when', async () => {
    const id = await newOrder();
    expect((await post(`workorders/${id}/claim/`, full)).statusCode).toBe(200);
    expect((await post(`workorders/${id}/unclaim/`, full)).statusCode).toBe(200);
    expect((await post(`workorders/${id}/claim/`, other)).statusCode).toBe(200);
    const done = await post(`workorders/${id}/complete/`, other, { field_notes: 'Replaced the washer' });
    expect(done.statusCode).toBe(200);

    const page = await history(`workorders/${id}/`, limited);
    expect(page.count).toBe(5);
    expect(page.results.map((e) => [e.kind, e.actor?.id])).toEqual([
      ['completed', other.user.id],
      ['claimed', other.user.id],
      ['unclaimed', full.user.id],
      ['claimed', full.user.id],
      ['created', limited.user.id],
    ]);
    expect(page.results[0]).toEqual({ id: expect.any(Number), kind: 'completed', at: done.json().completed_at, actor: who(other), details: { field_notes: 'Replaced the washer' } });
    expect(page.results[4]!.details).toEqual({});
    // Newest first by the entry's own number, which follows the order of the writes.
    const ids = page.results.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('records nothing for a refused claim, unclaim or complete, or a create that failed validation', async () => {
    const id = await newOrder();
    expect((await post(`workorders/${id}/claim/`, full)).statusCode).toBe(200);
    const before = await rowCount();
    expect((await post(`workorders/${id}/claim/`, other)).statusCode).toBe(409);
    expect((await post(`workorders/${id}/unclaim/`, other)).statusCode).toBe(403);
    expect((await post(`workorders/${id}/complete/`, other)).statusCode).toBe(403);
    expect((await post(`workorders/${id}/claim/`, limited)).statusCode).toBe(403);
    expect((await post('workorders/', limited, { location_id: storeA.id })).statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
    expect(await kinds(`workorders/${id}/`)).toEqual(['claimed', 'created']);
  });

  it('leaves no entry when the request that wrote it is rolled back', async () => {
    const id = await newOrder();
    const before = await rowCount();
    // The claim applies and is recorded inside the request's transaction (an Idempotency-Key), then
    // reading the answer fails: the 500 rolls the claim and its entry back together.
    const failure = vi.spyOn(WorkOrdersRepository.prototype, 'shown').mockRejectedValueOnce(new Error('database went away'));
    try {
      const res = await post(`workorders/${id}/claim/`, full, {}, { 'idempotency-key': `history-rollback-${id}` });
      expect(res.statusCode).toBe(500);
    } finally {
      failure.mockRestore();
    }
    expect(await rowCount()).toBe(before);
    expect(await kinds(`workorders/${id}/`)).toEqual(['created']);
    const order = await t.request({ method: 'GET', url: `${API}/workorders/${id}/`, as: full });
    expect(order.json().status).toBe('Pending');
  });

  it('pages by 10, newest first; a page past the end is 404', async () => {
    const id = await newOrder();
    for (let i = 0; i < 6; i++) {
      expect((await post(`workorders/${id}/claim/`, full)).statusCode).toBe(200);
      expect((await post(`workorders/${id}/unclaim/`, full)).statusCode).toBe(200);
    }
    const first = await history(`workorders/${id}/`);
    expect(first.count).toBe(13);
    expect(first.results).toHaveLength(10);
    expect(first.next).toBe(`http://cmms.test${API}/workorders/${id}/activity/?page=2`);
    expect(first.previous).toBeNull();
    expect(first.results[0]!.kind).toBe('unclaimed');
    const second = await history(`workorders/${id}/`, staff, 2);
    expect(second.results.map((e) => e.kind)).toEqual(['unclaimed', 'claimed', 'created']);
    expect(second.next).toBeNull();
    const all = [...first.results, ...second.results].map((e) => e.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set(all).size).toBe(13);
    const past = await t.request({ method: 'GET', url: `${API}/workorders/${id}/activity/?page=3`, as: full });
    expect(past.statusCode).toBe(404);
  });
});

describe('maintenance tasks', () => {
  let taskId: number;
  const yesterday = () => addDays(todayIn(t.config.timeZone), -1);

  it('records the create, then an edit with each changed field before and after', async () => {
    const created = await post('maintenance/tasks/', full, { location_id: storeA.id, description: 'Check extinguishers', recurrence_interval: 30, last_completed_date: yesterday() });
    expect(created.statusCode).toBe(201);
    taskId = created.json().id;
    const edit = await t.request({
      method: 'PATCH',
      url: `${API}/maintenance/tasks/${taskId}/`,
      as: other,
      headers: { 'if-match': String(created.json().version) },
      payload: { description: 'Check every extinguisher', recurrence_interval: 7, task_notes: 'Ground floor first' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [latest, first] = (await history(`maintenance/tasks/${taskId}/`)).results;
    expect(first).toMatchObject({ kind: 'created', actor: who(full) });
    expect(latest).toMatchObject({ kind: 'edited', actor: who(other), at: edit.json().updated_at });
    expect(latest!.details.changes).toEqual(
      expect.arrayContaining([
        { field: 'description', old: 'Check extinguishers', new: 'Check every extinguisher' },
        { field: 'recurrence_interval', old: 30, new: 7 },
        { field: 'task_notes', old: null, new: 'Ground floor first' },
        { field: 'due_date', old: addDays(yesterday(), 30), new: addDays(yesterday(), 7) },
      ]),
    );
    expect(latest!.details.changes).toHaveLength(4);
  });

  it('records nothing for a stale edit or one that changes nothing; a new location is a move, named', async () => {
    const before = await rowCount();
    const stale = await t.request({ method: 'PATCH', url: `${API}/maintenance/tasks/${taskId}/`, as: full, headers: { 'if-match': '1' }, payload: { description: 'Stale' } });
    expect(stale.statusCode).toBe(412);
    const same = await t.request({ method: 'PATCH', url: `${API}/maintenance/tasks/${taskId}/`, as: full, payload: { description: 'Check every extinguisher' } });
    expect(same.statusCode).toBe(200);
    expect(await rowCount()).toBe(before);

    const moved = await t.request({ method: 'PATCH', url: `${API}/maintenance/tasks/${taskId}/`, as: full, payload: { location_id: storeB.id } });
    expect(moved.statusCode).toBe(200);
    const [latest] = (await history(`maintenance/tasks/${taskId}/`)).results;
    expect(latest).toMatchObject({ kind: 'moved', details: { changes: [{ field: 'location', old: { id: storeA.id, name: 'Store A' }, new: { id: storeB.id, name: 'Store B' } }] } });
  });

  it('records claims and the completion with its notes', async () => {
    expect((await post(`maintenance/tasks/${taskId}/claim/`, full)).statusCode).toBe(200);
    expect((await post(`maintenance/tasks/${taskId}/claim/`, other)).statusCode).toBe(409);
    expect((await post(`maintenance/tasks/${taskId}/complete/`, full, { field_notes: 'All charged' })).statusCode).toBe(200);
    const page = await history(`maintenance/tasks/${taskId}/`);
    expect(page.results.slice(0, 2).map((e) => [e.kind, e.details])).toEqual([
      ['completed', { field_notes: 'All charged' }],
      ['claimed', {}],
    ]);
  });
});

describe('assets', () => {
  it('records the create, an edit with old and new values, and a move with the locations named', async () => {
    const created = await post('assets/create/', full, { brand: 'Hoshizaki', name: 'Ice Machine', description: 'Cube ice', asset_type: 'FOOD SERVICE', serial_number: 'HZ-1', location_id: storeA.id });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const edit = await t.request({ method: 'PATCH', url: `${API}/assets/${id}/`, as: other, payload: { serial_number: 'HZ-2', purchase_price: 1200 } });
    expect(edit.statusCode, edit.body).toBe(200);
    const move = await t.request({ method: 'PUT', url: `${API}/assets/${id}/`, as: full, payload: { location_id: storeB.id, serial_number: 'HZ-2' } });
    expect(move.statusCode, move.body).toBe(200);
    const stale = await t.request({ method: 'PATCH', url: `${API}/assets/${id}/`, as: full, headers: { 'if-match': '1' }, payload: { name: 'Old' } });
    expect(stale.statusCode).toBe(412);

    const page = await history(`assets/${id}/`);
    expect(page.results.map((e) => e.kind)).toEqual(['moved', 'edited', 'created']);
    expect(page.results[0]!.details.changes).toEqual([{ field: 'location', old: { id: storeA.id, name: 'Store A' }, new: { id: storeB.id, name: 'Store B' } }]);
    expect(page.results[1]).toMatchObject({ actor: who(other) });
    expect(page.results[1]!.details.changes).toEqual([
      { field: 'serial_number', old: 'HZ-1', new: 'HZ-2' },
      { field: 'purchase_price', old: null, new: 1200 },
    ]);
    expect(page.results[2]).toMatchObject({ kind: 'created', actor: who(full) });
  });
});

describe('locations and vendors', () => {
  it('records a location create and an edit (only what changed), and wash counts at it', async () => {
    const created = await post('locations/', full, { location_type: 'GENERAL STORE', name: 'Corner Shop', address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const put = await t.request({ method: 'PUT', url: `${API}/locations/${id}/`, as: other, payload: { name: 'Corner Shop', address: '2 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', epos: 'E-1' } });
    expect(put.statusCode).toBe(200);
    const [edited, first] = (await history(`locations/${id}/`, limited)).results;
    expect(first).toMatchObject({ kind: 'created', actor: who(full) });
    expect(edited).toMatchObject({ kind: 'edited', actor: who(other), details: { changes: [{ field: 'address', old: '1 Main St', new: '2 Main St' }, { field: 'epos', old: null, new: 'E-1' }] } });

    const basic = await insertPackage(t.database.db, wash.id, 'Basic');
    const today = todayIn(t.config.timeZone);
    expect((await post('washes/washrecords/', full, { wash_package: basic, count: 42, location: wash.id, date: today })).statusCode).toBe(201);
    expect((await post('washes/washrecords/', full, { wash_package: basic, count: -1, location: wash.id, date: today })).statusCode).toBe(400);
    const washes = await history(`locations/${wash.id}/`);
    expect(washes.results).toEqual([
      { id: expect.any(Number), kind: 'wash_counted', at: expect.any(String), actor: who(full), details: { wash_package: 'Basic', count: 42, date: today, location: { id: wash.id, name: 'Wash A' } } },
    ]);
  });

  it('records a vendor create and an edit with old and new values', async () => {
    const created = await post('vendors/', full, { name: 'Acme Supply', city: 'Springfield' });
    const id = created.json().id;
    expect((await t.request({ method: 'PUT', url: `${API}/vendors/${id}/`, as: full, payload: { name: 'Acme Supply Co', city: 'Springfield' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url: `${API}/vendors/${id}/`, as: full, payload: { name: '' } })).statusCode).toBe(400);
    const page = await history(`vendors/${id}/`);
    expect(page.results.map((e) => [e.kind, e.details])).toEqual([
      ['edited', { changes: [{ field: 'name', old: 'Acme Supply', new: 'Acme Supply Co' }] }],
      ['created', {}],
    ]);
  });
});

describe('parts and chemicals', () => {
  it('records fills and counts with the quantity and the stock after; a refused fill records nothing', async () => {
    const db = t.database.db;
    const today = todayIn(t.config.timeZone);
    const part = await insertPart(db, { name: 'Nozzle', location_id: partSite.id, quantity: 2 });
    expect((await post('parts/partfills/create/', full, { part, date: today, quantity: 3 })).statusCode).toBe(201);
    expect((await post('parts/partinventories/create/', other, { part, date: today, quantity: 4.5 })).statusCode).toBe(201);
    const before = await rowCount();
    expect((await post('parts/partfills/create/', full, { part, date: today, quantity: 999_999 })).statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
    const parts = await history(`parts/${part}/`);
    expect(parts.results.map((e) => [e.kind, e.actor?.id, e.details])).toEqual([
      ['counted', other.user.id, { quantity: 4.5, stock_after: 4.5, location: { id: partSite.id, name: 'Parts Depot' }, date: today }],
      ['filled', full.user.id, { quantity: 3, stock_after: 5, location: { id: partSite.id, name: 'Parts Depot' }, date: today }],
    ]);

    const soap = await insertChemical(db, { name: 'Foam Soap' });
    const entry = await stockChemical(db, soap, wash.id, 10);
    expect((await post('chemicals/chemicalfills/create/', full, { chemical: soap, chemical_location_id: entry, date: today, quantity: 2.25 })).statusCode).toBe(201);
    expect((await post('chemicals/chemicalinventories/create/', full, { chemical: soap, chemical_location_id: entry, date: today, quantity: 7 })).statusCode).toBe(201);
    const chemicals = await history(`chemicals/${soap}/`);
    expect(chemicals.results.map((e) => [e.kind, e.details])).toEqual([
      ['counted', { quantity: 7, stock_after: 7, location: { id: wash.id, name: 'Wash A' }, date: today }],
      ['filled', { quantity: 2.25, stock_after: 12.25, location: { id: wash.id, name: 'Wash A' }, date: today }],
    ]);
  });
});

describe('user accounts', () => {
  it('records staff changes of rights and activity with who made them, and an activation by link', async () => {
    const target = await t.createUser();
    const patch = (body: Record<string, boolean>, as: TestUser = staff) => t.request({ method: 'PATCH', url: `${API}/admin/users/${target.user.id}/`, as, payload: body });
    expect((await patch({ full_feature_access: true })).statusCode).toBe(200);
    expect((await patch({ is_staff: true, is_active: false })).statusCode).toBe(200);
    expect((await patch({ is_staff: true })).statusCode).toBe(200); // nothing changes: nothing recorded
    // Refused (the staff user's own full access): nothing recorded.
    expect((await t.request({ method: 'PATCH', url: `${API}/admin/users/${staff.user.id}/`, as: staff, payload: { full_feature_access: false } })).statusCode).toBe(400);
    const page = await history(`admin/users/${target.user.id}/`);
    expect(page.results.map((e) => [e.kind, e.actor?.id, e.details])).toEqual([
      ['access_changed', staff.user.id, { changes: [{ field: 'is_staff', old: false, new: true }, { field: 'is_active', old: true, new: false }] }],
      ['access_changed', staff.user.id, { changes: [{ field: 'full_feature_access', old: false, new: true }] }],
    ]);
    expect((await history(`admin/users/${staff.user.id}/`)).count).toBe(0);

    const signup = { email: 'history.new@example.com', password: 'Spanner-Wrench-42', re_password: 'Spanner-Wrench-42', first_name: 'Nia', last_name: 'New' };
    expect((await t.request({ method: 'POST', url: `${API}/auth/users/`, payload: signup })).statusCode).toBe(201);
    const mail = readOutbox(t.dataDir).find((m) => m.toLowerCase().includes('to: history.new@example.com'));
    const { uid, token } = linkParts(mail!, '/activate');
    expect((await t.request({ method: 'POST', url: `${API}/auth/users/activation/`, payload: { uid, token } })).statusCode).toBe(204);
    const created = await t.database.db.selectFrom('users').select('id').where('email_normalized', '=', 'history.new@example.com').executeTakeFirstOrThrow();
    const [activated] = (await history(`admin/users/${created.id}/`)).results;
    expect(activated).toMatchObject({ kind: 'activated', actor: { id: created.id, first_name: 'Nia', last_name: 'New' }, details: {} });
  });
});

describe('the history table', () => {
  it('refuses every change and removal of an entry, on this engine', async () => {
    const id = await newOrder();
    const db = t.database.db;
    const before = await rowCount();
    await expect(db.updateTable('activity').set({ kind: 'edited' }).where('record_id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('activity').where('record_id', '=', id).execute()).rejects.toThrow(/append-only/);
    expect(await rowCount()).toBe(before);
    expect(await kinds(`workorders/${id}/`)).toEqual(['created']);
  });

  it('has no write route', () => {
    const writes = t.app.apiRoutes.filter((r) => r.url.includes('/activity/') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });
});

describe('who may read a history', () => {
  it('answers every history as its record’s own detail, for every role, a record that exists and one that does not', async () => {
    const db = t.database.db;
    const order = await newOrder();
    const task = (await post('maintenance/tasks/', full, { location_id: storeA.id, description: 'Sweep', recurrence_interval: 7, last_completed_date: addDays(todayIn(t.config.timeZone), -1) })).json().id;
    const asset = (await post('assets/create/', full, { name: 'Fryer', description: 'Deep fryer', serial_number: 'F-1', location_id: storeA.id })).json().id;
    const vendor = (await post('vendors/', full, { name: 'Vend' })).json().id;
    const part = await insertPart(db, { name: 'Gasket', location_id: partSite.id });
    const chemical = await insertChemical(db, { name: 'Wax' });
    const records: [string, number][] = [
      ['workorders/', order],
      ['maintenance/tasks/', task],
      ['assets/', asset],
      ['locations/', storeA.id],
      ['vendors/', vendor],
      ['parts/', part],
      ['chemicals/', chemical],
      ['admin/users/', limited.user.id],
    ];
    const differences: string[] = [];
    for (const [path, id] of records) {
      for (const recordId of [id, 2_000_000_000]) {
        for (const as of [undefined, limited, full, staff]) {
          const record = await t.request({ method: 'GET', url: `${API}/${path}${recordId}/`, ...(as ? { as } : {}) });
          const entries = await t.request({ method: 'GET', url: `${API}/${path}${recordId}/activity/`, ...(as ? { as } : {}) });
          const name = as === undefined ? 'visitor' : as === limited ? 'limited' : as === full ? 'full' : 'staff';
          if (record.statusCode !== entries.statusCode || (record.statusCode >= 400 && record.body !== entries.body)) {
            differences.push(`${path}${recordId} as ${name}: record ${record.statusCode} ${record.body.slice(0, 80)}, history ${entries.statusCode} ${entries.body.slice(0, 80)}`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
