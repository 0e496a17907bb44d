/**
 * Record versions on maintenance tasks and assets: every write raises the version, PATCH changes
 * only what it is given, and an update based on an older version (If-Match) is refused with 412 and
 * the record as it is now, so an edit queued offline never rolls back a newer change.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '../../shared/api/assets.js';
import type { MaintenanceTask } from '../../shared/api/maintenance.js';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const TASKS = '/api/v1/maintenance/tasks';
const ASSETS = '/api/v1/assets';
const NOTHING_TO_CHANGE = { detail: 'Send at least one field to change.' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let ada: TestUser;
let grace: TestUser;
let storeA: { id: number; name: string };
let storeB: { id: number; name: string };

const today = () => todayIn('UTC');
const daysAgo = (n: number) => addDays(today(), -n);
const ref = (u: TestUser) => ({ id: u.user.id, first_name: u.user.first_name, last_name: u.user.last_name });
const pad = (n: number) => String(n).padStart(2, '0');

/** Behaviour §9's "MM/DD/YYYY @ hh:mm AM" for a stored timestamp, in the test app's zone (UTC). */
function usTime(iso: string): string {
  const d = new Date(iso);
  const h = d.getUTCHours();
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} @ ${pad(h % 12 || 12)}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

beforeAll(async () => {
  t = await createTestApp();
  expect(t.config.timeZone).toBe('UTC');
  ada = await t.createUser({ full: true, firstName: 'Ada', lastName: 'Lovelace' });
  grace = await t.createUser({ full: true, firstName: 'Grace', lastName: 'Hopper' });
  const location = async (name: string) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/locations/',
      as: ada,
      payload: { location_type: 'GENERAL STORE', name, address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().id as number, name };
  };
  storeA = await location('Version Store A');
  storeB = await location('Version Store B');
});
afterAll(async () => {
  await t.close();
});

describe('maintenance task versions', () => {
  async function newTask(overrides: Record<string, unknown> = {}): Promise<MaintenanceTask> {
    const payload = { location_id: storeA.id, description: 'Check the lift', recurrence_interval: 30, last_completed_date: daysAgo(5), task_notes: 'Ladder', ...overrides };
    const res = await t.request({ method: 'POST', url: `${TASKS}/`, as: ada, payload });
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  const get = (id: number) => t.request({ method: 'GET', url: `${TASKS}/${id}/`, as: ada });
  const patch = (id: number, payload: Record<string, unknown> | undefined, as: TestUser, ifMatch?: string) =>
    t.request({ method: 'PATCH', url: `${TASKS}/${id}/`, as, ...(payload ? { payload } : {}), headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
  const put = (id: number, payload: Record<string, unknown>, as: TestUser, ifMatch?: string) =>
    t.request({ method: 'PUT', url: `${TASKS}/${id}/`, as, payload, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
  const action = (id: number, verb: 'claim' | 'unclaim' | 'complete', as: TestUser) => t.request({ method: 'POST', url: `${TASKS}/${id}/${verb}/`, as });
  const row = (id: number) => t.database.db.selectFrom('maintenance_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const fullBody = (task: MaintenanceTask, overrides: Record<string, unknown> = {}) => ({
    location_id: task.location_id,
    description: task.description.full_description,
    recurrence_interval: task.recurrence_interval,
    last_completed_date: task.last_completed_date,
    task_notes: task.task_notes,
    ...overrides,
  });

  it('every write raises the version and records who wrote it: update, patch, claim, unclaim, complete', async () => {
    const task = await newTask();
    expect(task).toMatchObject({ version: 1, updated_by: ref(ada), updated_at: task.created });
    const steps: [string, () => Promise<{ statusCode: number; json(): MaintenanceTask }>, TestUser][] = [
      ['put', () => put(task.id, fullBody(task, { description: 'Check the lift arms' }), grace), grace],
      ['patch', () => patch(task.id, { task_notes: 'Gloves' }, ada), ada],
      ['claim', () => action(task.id, 'claim', grace), grace],
      ['unclaim', () => action(task.id, 'unclaim', grace), grace],
      ['claim again', () => action(task.id, 'claim', ada), ada],
      ['complete', () => action(task.id, 'complete', ada), ada],
    ];
    let previous = task;
    for (const [name, step, who] of steps) {
      const res = await step();
      expect(res.statusCode, name).toBe(200);
      const answer = res.json();
      expect(answer.version, name).toBe(previous.version + 1);
      expect(answer.updated_by, name).toEqual(ref(who));
      expect(answer.updated_at >= previous.updated_at, name).toBe(true);
      previous = answer;
    }
    expect(previous).toMatchObject({ version: 7, last_completed_date: today(), last_completed_by: ref(ada) });
    const detail = await get(task.id);
    expect(detail.headers.etag).toBe('"7"');
    expect(detail.json()).toEqual(previous);
    expect((await row(task.id)).version).toBe(7);

    // A refused transition writes nothing, so the version stays.
    await action(task.id, 'claim', grace);
    expect((await action(task.id, 'claim', ada)).statusCode).toBe(409);
    expect((await action(task.id, 'complete', ada)).statusCode).toBe(403);
    expect((await row(task.id)).version).toBe(8);
  });

  it('PATCH changes only the fields sent and keeps the due date in step with date and interval', async () => {
    const task = await newTask();
    const described = await patch(task.id, { description: '  Check the lift pads ' }, grace);
    expect(described.statusCode).toBe(200);
    expect(described.json()).toEqual({ ...task, description: { full_description: 'Check the lift pads' }, version: 2, updated_by: ref(grace), updated_at: expect.any(String) });
    expect(described.headers.etag).toBe('"2"');

    const weekly = (await patch(task.id, { recurrence_interval: 7 }, grace)).json();
    expect(weekly).toMatchObject({ recurrence_interval: 7, formatted_recurrence_interval: 'Weekly', last_completed_date: daysAgo(5), due_date: addDays(daysAgo(5), 7) });
    const redated = (await patch(task.id, { last_completed_date: daysAgo(2) }, grace)).json();
    expect(redated).toMatchObject({ recurrence_interval: 7, last_completed_date: daysAgo(2), due_date: addDays(daysAgo(2), 7) });
    expect((await row(task.id)).due_date).toBe(addDays(daysAgo(2), 7));
    const moved = (await patch(task.id, { location: storeB.id, task_notes: null }, grace)).json();
    expect(moved).toMatchObject({ location: storeB, location_id: storeB.id, task_notes: null, description: { full_description: 'Check the lift pads' }, version: 5 });
  });

  it('PATCH checks each field sent as PUT does, refuses an empty body, and changes nothing', async () => {
    const task = await newTask();
    const cases: [Record<string, unknown> | undefined, unknown][] = [
      [undefined, NOTHING_TO_CHANGE],
      [{}, NOTHING_TO_CHANGE],
      [{ description: '   ' }, { description: ['This field may not be blank.'] }],
      [{ description: null }, { description: ['This field is required.'] }],
      [{ recurrence_interval: 0 }, { recurrence_interval: ['Ensure this value is greater than or equal to 1.'] }],
      [{ recurrence_interval: null }, { recurrence_interval: ['This field is required.'] }],
      [{ last_completed_date: addDays(today(), 1) }, { last_completed_date: ['Date cannot be in the future.'] }],
      [{ last_completed_date: '2024-02-30' }, { last_completed_date: ['Date has wrong format. Use YYYY-MM-DD.'] }],
      [{ location_id: 999999 }, { location_id: ['Invalid pk "999999" - object does not exist.'] }],
      [{ location_id: null }, { location_id: ['This field is required.'] }],
      [{ description: 'Fine', recurrence_interval: 'weekly' }, { recurrence_interval: ['A valid integer is required.'] }],
    ];
    for (const [payload, expected] of cases) {
      const res = await patch(task.id, payload, ada);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(expected);
      // The same field, sent in a full update, gets the same answer.
      if (payload && Object.keys(payload).length) expect((await put(task.id, fullBody(task, payload), ada)).json()).toEqual(expected);
    }
    for (const header of ['abc', '"1', 'W/1"', '1, 2', '-1']) {
      const res = await patch(task.id, { description: 'Fine' }, ada, header);
      expect(res.statusCode, header).toBe(400);
      expect(res.json()).toEqual({ detail: 'If-Match must be the version of the record, e.g. "3".' });
    }
    expect((await get(task.id)).json()).toEqual(task);
  });

  it('refuses an edit made on an older version with 412 and the current task: a completion is never rolled back', async () => {
    const task = await newTask({ last_completed_date: daysAgo(20) });
    // Someone else completes the task while the edit waits in a queue.
    await action(task.id, 'claim', grace);
    const completed = (await action(task.id, 'complete', grace)).json() as MaintenanceTask;
    expect(completed).toMatchObject({ version: 3, last_completed_date: today() });
    const before = await row(task.id);

    const stale = await patch(task.id, { last_completed_date: daysAgo(20), description: 'Edited offline' }, ada, '1');
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ detail: `Changed by Grace Hopper at ${usTime(completed.updated_at)} since you edited it.`, code: 'stale_version', current: (await get(task.id)).json() });
    expect(stale.json().current).toEqual(completed);
    const staleFull = await put(task.id, fullBody(task, { description: 'Edited offline' }), ada, 'W/"2"');
    expect(staleFull.statusCode).toBe(412);
    expect(staleFull.json().code).toBe('stale_version');
    expect(await row(task.id)).toEqual(before);

    // The version in any of its spellings lets the edit through.
    const plain = await patch(task.id, { description: 'Edited on 3' }, ada, '3');
    expect(plain.json()).toMatchObject({ version: 4, last_completed_date: today(), description: { full_description: 'Edited on 3' } });
    expect((await patch(task.id, { description: 'Edited on 4' }, ada, '"4"')).json().version).toBe(5);
    expect((await put(task.id, fullBody(completed, { description: 'Edited on 5' }), ada, 'W/"5"')).json().version).toBe(6);
    expect((await patch(task.id, { description: 'Any version' }, ada, '*')).json().version).toBe(7);
    // Without If-Match an update applies whatever the version, as before versions existed.
    const blind = await put(task.id, fullBody(task), grace);
    expect(blind.statusCode).toBe(200);
    expect(blind.json()).toMatchObject({ version: 8, description: { full_description: 'Check the lift' }, last_completed_date: daysAgo(20) });
  });

  it('of concurrent PATCHes on the same version exactly one applies; the others get 412 with the winner', async () => {
    const task = await newTask();
    const editors = await Promise.all(Array.from({ length: 6 }, (_, i) => t.createUser({ full: true, firstName: `Editor${i}`, lastName: 'Racer' })));
    const results = await Promise.all(editors.map((u, i) => patch(task.id, { description: `Edit ${i}`, recurrence_interval: 10 + i }, u, '"1"')));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    const won = winners[0]!.json() as MaintenanceTask;
    expect(won.version).toBe(2);
    const losers = results.filter((r) => r.statusCode !== 200);
    expect(losers).toHaveLength(5);
    for (const r of losers) {
      expect(r.statusCode).toBe(412);
      expect(r.json()).toMatchObject({ code: 'stale_version', current: { version: 2, description: won.description, updated_by: won.updated_by } });
    }
    expect(await row(task.id)).toMatchObject({ version: 2, description: won.description.full_description, recurrence_interval: won.recurrence_interval });
  });

  it('concurrent PATCHes without If-Match all apply, and the due date always follows the stored date and interval', async () => {
    const task = await newTask({ recurrence_interval: 30, last_completed_date: daysAgo(9) });
    const intervals = [7, 14, 21];
    const dates = [daysAgo(1), daysAgo(2), daysAgo(3)];
    const results = await Promise.all([
      ...intervals.map((recurrence_interval) => patch(task.id, { recurrence_interval }, ada)),
      ...dates.map((last_completed_date) => patch(task.id, { last_completed_date }, grace)),
      ...['One', 'Two'].map((description) => patch(task.id, { description }, ada)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const stored = await row(task.id);
    expect(stored.version).toBe(1 + results.length);
    expect(intervals).toContain(stored.recurrence_interval);
    expect(dates).toContain(stored.last_completed_date);
    expect(stored.due_date).toBe(addDays(stored.last_completed_date!, stored.recurrence_interval));
  });

  it('replays a PATCH sent twice with one Idempotency-Key, writing once', async () => {
    const task = await newTask();
    const send = () => t.request({ method: 'PATCH', url: `${TASKS}/${task.id}/`, as: ada, headers: { 'idempotency-key': 'task-patch-0001', 'if-match': '1' }, payload: { description: 'Once' } });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await row(task.id)).version).toBe(2);
  });
});

describe('asset versions', () => {
  async function newAsset(): Promise<Asset> {
    const res = await t.request({ method: 'POST', url: `${ASSETS}/create/`, as: ada, payload: { name: 'Compressor', description: 'Air', serial_number: 'AC-1', location_id: storeA.id, purchase_price: 100 } });
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  const get = (id: number) => t.request({ method: 'GET', url: `${ASSETS}/${id}/`, as: ada });
  const send = (method: 'PUT' | 'PATCH', id: number, payload: Record<string, unknown> | undefined, as: TestUser, ifMatch?: string) =>
    t.request({ method, url: `${ASSETS}/${id}/`, as, ...(payload ? { payload } : {}), headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
  const row = (id: number) => t.database.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** A multipart PATCH with a new thumbnail, as a browser form sends it. */
  async function patchWithPicture(id: number, fields: Record<string, string>, as: TestUser, ifMatch: string) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('thumbnail', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'picture.png');
    const encoded = new Response(form);
    return t.request({
      method: 'PATCH',
      url: `${ASSETS}/${id}/`,
      as,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, 'if-match': ifMatch },
    });
  }
  const thumbnails = () => {
    const dir = join(t.config.uploadsDir, 'assets');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const fullForm = { brand: 'Atlas', name: 'Compressor', description: 'Air', asset_type: 'OTHER', serial_number: 'AC-1', location_id: 0, acquisition_date: '2022-01-02', purchase_price: 100 };

  it('every write raises the version and records who wrote it: full update, move, patch', async () => {
    const asset = await newAsset();
    expect(asset).toMatchObject({ version: 1, updated_by: ref(ada) });
    expect((await get(asset.id)).headers.etag).toBe('"1"');
    const updated = await send('PUT', asset.id, { ...fullForm, location_id: storeA.id }, grace);
    expect(updated.json()).toMatchObject({ version: 2, updated_by: ref(grace), brand: { brand: 'Atlas' } });
    expect(updated.headers.etag).toBe('"2"');
    const moved = await send('PUT', asset.id, { location_id: storeB.id }, ada);
    expect(moved.json()).toMatchObject({ version: 3, updated_by: ref(ada), location: storeB });
    const patched = await send('PATCH', asset.id, { purchase_price: '12.5' }, grace);
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...moved.json(), purchase_price: 12.5, version: 4, updated_by: ref(grace), updated_at: expect.any(String) });
    const detail = await get(asset.id);
    expect(detail.headers.etag).toBe('"4"');
    expect(detail.json()).toEqual(patched.json());
  });

  it('PATCH checks each field sent as the full update does, refuses an empty body, and changes nothing', async () => {
    const asset = await newAsset();
    const cases: [Record<string, unknown> | undefined, unknown][] = [
      [undefined, NOTHING_TO_CHANGE],
      [{}, NOTHING_TO_CHANGE],
      [{ name: ' ' }, { name: ['This field may not be blank.'] }],
      [{ location_id: '' }, { location_id: ['This field may not be null.'] }],
      [{ location_id: 999999 }, { location_id: ['Invalid pk "999999" - object does not exist.'] }],
      [{ acquisition_date: 'soon' }, { acquisition_date: ['Date has wrong format. Use YYYY-MM-DD.'] }],
      [{ purchase_price: -1 }, { purchase_price: ['Ensure this value is greater than or equal to 0.'] }],
      [{ purchase_price: null }, { purchase_price: ['This field may not be null.'] }],
      [{ asset_type: 'SPACESHIP' }, { asset_type: ['Not a valid choice. Choose one of: BEVERAGE, FOOD SERVICE, GENERATOR, FUELING EQUIPMENT, IT, VEHICLE, OTHER.'] }],
    ];
    for (const [payload, expected] of cases) {
      const res = await send('PATCH', asset.id, payload, ada);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    expect((await get(asset.id)).json()).toEqual(asset);
  });

  it('PATCH takes a new thumbnail alone from a multipart form', async () => {
    const asset = await newAsset();
    const res = await patchWithPicture(asset.id, {}, grace, '"1"');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...asset, thumbnail_url: expect.stringMatching(/\/media\/assets\/[0-9a-f]{32}\.png$/), version: 2, updated_by: ref(grace), updated_at: expect.any(String) });
  });

  it('refuses an edit made on an older version with 412 and the current asset; a thumbnail sent with it is not kept', async () => {
    const asset = await newAsset();
    const moved = (await send('PUT', asset.id, { location_id: storeB.id }, grace)).json() as Asset;
    const before = await row(asset.id);
    const files = thumbnails();

    const stale = await send('PATCH', asset.id, { location_id: storeA.id, name: 'Offline name' }, ada, '1');
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ detail: `Changed by Grace Hopper at ${usTime(moved.updated_at)} since you edited it.`, code: 'stale_version', current: (await get(asset.id)).json() });
    expect(stale.json().current).toEqual(moved);
    expect((await send('PUT', asset.id, { ...fullForm, location_id: storeA.id }, ada, 'W/"1"')).statusCode).toBe(412);

    const withPicture = await patchWithPicture(asset.id, { name: 'With picture' }, ada, '1');
    expect(withPicture.statusCode).toBe(412);
    expect(thumbnails()).toBe(files);
    expect(await row(asset.id)).toEqual(before);

    expect((await send('PATCH', asset.id, { name: 'Current name' }, ada, '"2"')).json()).toMatchObject({ version: 3, name: { name: 'Current name' }, location: storeB });
  });

  it('of concurrent PATCHes on the same version exactly one applies', async () => {
    const asset = await newAsset();
    const editors = await Promise.all(Array.from({ length: 6 }, (_, i) => t.createUser({ full: true, firstName: `Mover${i}`, lastName: 'Racer' })));
    const results = await Promise.all(editors.map((u, i) => send('PATCH', asset.id, { serial_number: `SN-${i}`, location_id: i % 2 ? storeA.id : storeB.id }, u, '1')));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    const won = winners[0]!.json() as Asset;
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(412);
      expect(r.json().current).toMatchObject({ version: 2, serial_number: won.serial_number, updated_by: won.updated_by });
    }
    expect(await row(asset.id)).toMatchObject({ version: 2, serial_number: won.serial_number, location_id: won.location_id });
  });
});

describe('rows written without the version columns', () => {
  it('start at version 1 with no known writer, as a bulk load (bench/server.bench.ts) inserts them, and then take If-Match', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    const asset = await db
      .insertInto('assets')
      .values({ brand: 'True', name: 'Bulk cooler', description: 'Reach-in', asset_type: 'BEVERAGE', serial_number: 'BULK-1', location_id: storeA.id, acquisition_date: null, purchase_price: null, thumbnail: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const task = await db
      .insertInto('maintenance_tasks')
      .values({ location_id: storeA.id, description: 'Bulk task', recurrence_interval: 30, last_completed_date: daysAgo(1), due_date: addDays(daysAgo(1), 30), completed_through_system: 0, task_notes: null, created_by_id: null, created_at: now, updated_at: now, assigned_to_id: null, claimed_at: null, last_completed_by_id: null, last_completed_at: null, field_notes: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const url of [`${ASSETS}/${asset.id}/`, `${TASKS}/${task.id}/`]) {
      const read = await t.request({ method: 'GET', url, as: ada });
      expect(read.json()).toMatchObject({ version: 1, updated_by: null, updated_at: now });
      expect(read.headers.etag).toBe('"1"');
      const edited = await t.request({ method: 'PATCH', url, as: grace, headers: { 'if-match': '"1"' }, payload: { description: 'Edited' } });
      expect(edited.json()).toMatchObject({ version: 2, updated_by: ref(grace) });
      const refused = await t.request({ method: 'PATCH', url, as: ada, headers: { 'if-match': '"1"' }, payload: { description: 'Late' } });
      expect(refused.statusCode).toBe(412);
    }
    // A record whose last writer is unknown is still explained.
    await db.updateTable('assets').set({ updated_by_id: null }).where('id', '=', asset.id).execute();
    const unknown = await t.request({ method: 'PATCH', url: `${ASSETS}/${asset.id}/`, as: ada, headers: { 'if-match': '1' }, payload: { name: 'Late' } });
    expect(unknown.json().detail).toMatch(/^Changed by another user at \d{2}\/\d{2}\/\d{4} @ \d{2}:\d{2} [AP]M since you edited it\.$/);
  });
});
