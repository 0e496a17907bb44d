import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceTask } from '../../shared/api/maintenance.js';
import { TEXT_LIMIT } from '../../shared/constants.js';
import { addDays, taskDueDate, todayIn } from '../../shared/rules/task-status.js';
import { openDatabase } from '../../src-server/db/database.js';
import { toCount } from '../../src-server/db/dialect.js';
import * as m0001 from '../../src-server/db/migrations/0001_initial.js';
import * as m0002 from '../../src-server/db/migrations/0002_task_due_date.js';
import type { Database } from '../../src-server/db/schema.js';
import { createPgSchema, createTestApp, usesPostgres, type TestApp, type TestUser } from '../helpers/test-app.js';

const BASE = '/api/v1/maintenance/tasks';
const REQUIRED = 'This field is required.';
const DATE_FORMAT = 'Date has wrong format. Use YYYY-MM-DD.';
const DATE_IN_FUTURE = 'Date cannot be in the future.';
const DENIED = { detail: 'You do not have permission to perform this action.' };

let t: TestApp;
let full: TestUser;
let other: TestUser;
let limited: TestUser;
let storeA: { id: number; name: string };
let storeB: { id: number; name: string };

/** The test app runs with the default TIME_ZONE (UTC). */
const today = () => todayIn('UTC');
const daysAgo = (n: number) => addDays(today(), -n);

async function createLocation(name: string): Promise<{ id: number; name: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/locations/',
    as: full,
    payload: { location_type: 'GENERAL STORE', name, address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, name };
}

const taskBody = (overrides: Record<string, unknown> = {}) => ({
  location_id: storeA.id,
  description: 'Inspect fire extinguishers',
  recurrence_interval: 30,
  last_completed_date: daysAgo(1),
  ...overrides,
});

const create = (payload: Record<string, unknown>, as: TestUser = full) => t.request({ method: 'POST', url: `${BASE}/`, as, payload });

async function newTask(overrides: Record<string, unknown> = {}): Promise<MaintenanceTask> {
  const res = await create(taskBody(overrides));
  expect(res.statusCode).toBe(201);
  return res.json();
}

const action = (id: number, verb: 'claim' | 'unclaim' | 'complete', as: TestUser, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `${BASE}/${id}/${verb}/`, as, ...(payload ? { payload } : {}) });

const read = async (id: number): Promise<MaintenanceTask> => (await t.request({ method: 'GET', url: `${BASE}/${id}/`, as: full })).json();

async function countRows(table: 'maintenance_tasks' | 'task_completions', taskId?: number): Promise<number> {
  let query = t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (taskId !== undefined) query = query.where(table === 'task_completions' ? 'task_id' : 'id', '=', taskId);
  return toCount((await query.executeTakeFirstOrThrow()).n);
}

const ref = (u: TestUser) => ({ id: u.user.id, first_name: u.user.first_name, last_name: u.user.last_name });

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true, firstName: 'Ada', lastName: 'Lovelace' });
  other = await t.createUser({ full: true, firstName: 'Grace', lastName: 'Hopper' });
  limited = await t.createUser();
  storeA = await createLocation('North Store');
  storeB = await createLocation('South Depot');
});
afterAll(async () => {
  await t.close();
});

describe('maintenance tasks: create, read, update', () => {
  it('creates a task and reads it back in the behaviour §3 shape', async () => {
    const res = await create(taskBody({ description: '  Inspect fire extinguishers  ', recurrence_interval: 7, task_notes: 'Bring the tag gun', last_completed_date: daysAgo(2) }));
    expect(res.statusCode).toBe(201);
    const task = res.json();
    expect(task).toEqual({
      id: expect.any(Number),
      location: storeA,
      location_id: storeA.id,
      description: { full_description: 'Inspect fire extinguishers' },
      recurrence_interval: 7,
      formatted_recurrence_interval: 'Weekly',
      assigned_to: [],
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      created_by: ref(full),
      last_completed_date: daysAgo(2),
      completed_through_system: false,
      due_date: addDays(today(), 5),
      status: 'NEW',
      formatted_status: 'New',
      task_notes: 'Bring the tag gun',
      field_notes: null,
      last_completed_by: null,
      last_completed_at: null,
      version: 1,
      updated_at: task.created,
      updated_by: ref(full),
      steps: [],
      procedure_version: 0,
      last_completion_answers: [],
      // By days only (tests/server/task-meters.test.ts has tasks by usage).
      meter_id: null,
      meter: null,
      meter_interval: null,
      meter_used: null,
      meter_last_reading: null,
      meter_due_at: null,
      forecast_due_date: null,
    });

    const detail = await t.request({ method: 'GET', url: `${BASE}/${task.id}`, as: full });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(task);
    expect(detail.headers.etag).toBe('"1"');
  });

  it('accepts the location as `location`, a named creator, and empty notes as none', async () => {
    const res = await create({ location: storeB.id, description: 'Drain the compressor', recurrence_interval: 14, last_completed_date: today(), task_notes: '   ', created_by: other.user.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ location: storeB, created_by: ref(other), task_notes: null, formatted_recurrence_interval: 'Every 2 weeks', due_date: addDays(today(), 14) });
  });

  it('reports every missing required field at once and stores nothing', async () => {
    const before = await countRows('maintenance_tasks');
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ location_id: [REQUIRED], description: [REQUIRED], recurrence_interval: [REQUIRED], last_completed_date: [REQUIRED] });
    const nulls = await create({ location_id: null, description: null, recurrence_interval: null, last_completed_date: null });
    expect(nulls.json()).toEqual({ location_id: [REQUIRED], description: [REQUIRED], recurrence_interval: [REQUIRED], last_completed_date: [REQUIRED] });
    expect((await create(taskBody({ description: '   ' }))).json()).toEqual({ description: ['This field may not be blank.'] });
    expect(await countRows('maintenance_tasks')).toBe(before);
  });

  it('checks the last completed date: format, real day, not in the future', async () => {
    const before = await countRows('maintenance_tasks');
    for (const bad of ['2026/01/05', '05-01-2026', '2026-02-30', '2026-13-01', 'yesterday', '', '2026-1-5']) {
      const res = await create(taskBody({ last_completed_date: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toEqual({ last_completed_date: [DATE_FORMAT] });
    }
    const tomorrow = await create(taskBody({ last_completed_date: addDays(today(), 1) }));
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toEqual({ last_completed_date: [DATE_IN_FUTURE] });
    expect(await countRows('maintenance_tasks')).toBe(before);
    // Today itself is allowed.
    expect((await create(taskBody({ last_completed_date: today() }))).statusCode).toBe(201);
  });

  it('checks the recurrence interval: whole days from 1 to 3650', async () => {
    const before = await countRows('maintenance_tasks');
    const cases: [unknown, string][] = [
      [0, 'Ensure this value is greater than or equal to 1.'],
      [-5, 'Ensure this value is greater than or equal to 1.'],
      [1.5, 'A valid integer is required.'],
      ['weekly', 'A valid integer is required.'],
      [3651, 'Ensure this value is less than or equal to 3650.'],
      [1e12, 'Ensure this value is less than or equal to 3650.'],
    ];
    for (const [value, message] of cases) {
      const res = await create(taskBody({ recurrence_interval: value }));
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json(), String(value)).toEqual({ recurrence_interval: [message] });
    }
    expect(await countRows('maintenance_tasks')).toBe(before);
    expect((await create(taskBody({ recurrence_interval: 3650 }))).json()).toMatchObject({ recurrence_interval: 3650, formatted_recurrence_interval: 'Every 3650 days' });
    expect((await create(taskBody({ recurrence_interval: 1 }))).json()).toMatchObject({ formatted_recurrence_interval: 'Daily' });
  });

  it('rejects unknown locations and creators, and over-long text', async () => {
    const before = await countRows('maintenance_tasks');
    expect((await create(taskBody({ location_id: 999999 }))).json()).toEqual({ location_id: ['Invalid pk "999999" - object does not exist.'] });
    expect((await create({ ...taskBody({ location_id: undefined }), location: 888888 })).json()).toEqual({ location: ['Invalid pk "888888" - object does not exist.'] });
    expect((await create(taskBody({ created_by: 777777 }))).json()).toEqual({ created_by: ['Invalid pk "777777" - object does not exist.'] });
    const long = await create(taskBody({ description: 'x'.repeat(TEXT_LIMIT + 1), task_notes: 'y'.repeat(TEXT_LIMIT + 1) }));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      description: [`Ensure this field has no more than ${TEXT_LIMIT} characters.`],
      task_notes: [`Ensure this field has no more than ${TEXT_LIMIT} characters.`],
    });
    // Several problems come back together.
    expect(Object.keys((await create(taskBody({ location_id: 999999, description: '', last_completed_date: 'soon' }))).json()).sort()).toEqual([
      'description',
      'last_completed_date',
      'location_id',
    ]);
    expect(await countRows('maintenance_tasks')).toBe(before);
    expect((await create(taskBody({ description: 'x'.repeat(TEXT_LIMIT) }))).statusCode).toBe(201);
  });

  it('updates every field, keeps the creator, and moves the due date', async () => {
    const task = await newTask({ created_by: other.user.id });
    const res = await t.request({
      method: 'PUT',
      url: `${BASE}/${task.id}/`,
      as: full,
      payload: { location_id: storeB.id, description: 'Replace filters', recurrence_interval: 90, last_completed_date: daysAgo(10), task_notes: 'Size 20x25', created_by: full.user.id },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      id: task.id,
      location: storeB,
      description: { full_description: 'Replace filters' },
      recurrence_interval: 90,
      formatted_recurrence_interval: 'Quarterly',
      last_completed_date: daysAgo(10),
      due_date: addDays(today(), 80),
      task_notes: 'Size 20x25',
      created_by: ref(other),
      created: task.created,
    });
    expect(await read(task.id)).toEqual(updated);
  });

  it('validates an update the same way and changes nothing on error', async () => {
    const task = await newTask();
    const put = (payload: Record<string, unknown>, id = task.id) => t.request({ method: 'PUT', url: `${BASE}/${id}/`, as: full, payload });
    expect((await put({})).json()).toEqual({ location_id: [REQUIRED], description: [REQUIRED], recurrence_interval: [REQUIRED], last_completed_date: [REQUIRED] });
    expect((await put(taskBody({ last_completed_date: addDays(today(), 1) }))).json()).toEqual({ last_completed_date: [DATE_IN_FUTURE] });
    expect((await put(taskBody({ recurrence_interval: 0 }))).statusCode).toBe(400);
    expect((await put(taskBody({ location_id: 999999 }))).json()).toEqual({ location_id: ['Invalid pk "999999" - object does not exist.'] });
    expect(await read(task.id)).toEqual(task);
    expect((await put(taskBody(), 999999)).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await t.request({ method: 'GET', url: `${BASE}/999999/`, as: full })).json()).toEqual({ detail: 'Not found.' });
    expect((await t.request({ method: 'GET', url: `${BASE}/abc/`, as: full })).statusCode).toBe(404);
    for (const verb of ['claim', 'unclaim', 'complete'] as const) {
      expect((await action(999999, verb, full)).statusCode, verb).toBe(404);
    }
  });
});

describe('maintenance tasks: permissions', () => {
  it('refuses visitors and limited users on every route and changes nothing', async () => {
    const task = await newTask();
    const routes: { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: Record<string, unknown> }[] = [
      { method: 'GET', url: `${BASE}/` },
      { method: 'GET', url: `${BASE}/${task.id}/` },
      { method: 'POST', url: `${BASE}/`, payload: taskBody() },
      { method: 'PUT', url: `${BASE}/${task.id}/`, payload: taskBody({ description: 'Changed' }) },
      { method: 'PATCH', url: `${BASE}/${task.id}/`, payload: { description: 'Changed' } },
      { method: 'POST', url: `${BASE}/${task.id}/claim/` },
      { method: 'POST', url: `${BASE}/${task.id}/unclaim/` },
      { method: 'POST', url: `${BASE}/${task.id}/complete/`, payload: { field_notes: 'x' } },
    ];
    const before = await countRows('maintenance_tasks');
    for (const route of routes) {
      const visitor = await t.request(route);
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401);
      const denied = await t.request({ ...route, as: limited });
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(denied.json()).toEqual(DENIED);
    }
    expect(await countRows('maintenance_tasks')).toBe(before);
    expect(await read(task.id)).toEqual(task);
  });

  it('lets staff without the full-access flag in, as every full route does', async () => {
    const staff = await t.createUser({ staff: true });
    expect((await t.request({ method: 'GET', url: `${BASE}/`, as: staff })).statusCode).toBe(200);
  });
});

describe('maintenance tasks: claim, unclaim, complete', () => {
  it('walks claim → unclaim → claim → complete, refusing wrong moves', async () => {
    const task = await newTask({ recurrence_interval: 10, last_completed_date: daysAgo(3) });
    expect(task.status).toBe('NEW');

    // Nothing to unclaim or complete before a claim.
    expect((await action(task.id, 'unclaim', full)).json()).toEqual({ detail: 'This task is not claimed.' });
    const early = await action(task.id, 'complete', full, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'This task must be claimed before it can be completed.' });

    const claimed = await action(task.id, 'claim', full);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ status: 'CLAIMED', formatted_status: 'Claimed', assigned_to: [ref(full)] });

    const again = await action(task.id, 'claim', full);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You have already claimed this task.' });
    const taken = await action(task.id, 'claim', other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: 'This task is already claimed by Ada Lovelace.' });
    const foreignUnclaim = await action(task.id, 'unclaim', other);
    expect(foreignUnclaim.statusCode).toBe(403);
    expect(foreignUnclaim.json()).toEqual({ detail: 'Only the user who claimed this task can unclaim it.' });
    const foreignComplete = await action(task.id, 'complete', other, { field_notes: 'Done by someone else' });
    expect(foreignComplete.statusCode).toBe(403);
    expect(foreignComplete.json()).toEqual({ detail: 'Only the user who claimed this task can complete it.' });
    expect((await read(task.id)).assigned_to).toEqual([ref(full)]);

    const released = await action(task.id, 'unclaim', full);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ status: 'NEW', assigned_to: [] });

    expect((await action(task.id, 'claim', other)).json()).toMatchObject({ status: 'CLAIMED', assigned_to: [ref(other)] });
    const tooLong = await action(task.id, 'complete', other, { field_notes: 'n'.repeat(TEXT_LIMIT + 1) });
    expect(tooLong.json()).toEqual({ field_notes: [`Ensure this field has no more than ${TEXT_LIMIT} characters.`] });
    expect(await countRows('task_completions', task.id)).toBe(0);

    const done = await action(task.id, 'complete', other, { field_notes: '  Replaced two units  ' });
    expect(done.statusCode).toBe(200);
    const completed = done.json();
    expect(completed).toMatchObject({
      status: 'COMPLETE',
      formatted_status: 'Complete',
      assigned_to: [],
      last_completed_date: today(),
      due_date: addDays(today(), 10),
      last_completed_by: ref(other),
      field_notes: 'Replaced two units',
      description: task.description,
      created_by: task.created_by,
    });
    expect(Date.now() - Date.parse(completed.last_completed_at)).toBeLessThan(60_000);
    expect(await read(task.id)).toEqual(completed);

    const rows = await t.database.db.selectFrom('task_completions').selectAll().where('task_id', '=', task.id).execute();
    expect(rows).toEqual([
      { id: expect.any(Number), task_id: task.id, completed_by_id: other.user.id, completed_at: completed.last_completed_at, completed_date: today(), field_notes: 'Replaced two units', due_date: addDays(today(), 7), procedure_version: 0, answers: null, meter_late: null },
    ]);

    // Completing released the claim: a second complete needs a new claim.
    expect((await action(task.id, 'complete', other, {})).statusCode).toBe(409);
    expect((await action(task.id, 'unclaim', other)).statusCode).toBe(409);
  });

  it('completes without a body or notes', async () => {
    const task = await newTask();
    await action(task.id, 'claim', full);
    const done = await action(task.id, 'complete', full);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETE', field_notes: null, last_completed_by: ref(full) });
  });

  it('gives exactly one of ten concurrent claims the task', async () => {
    const task = await newTask();
    const claimers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.createUser({ full: true, firstName: `Racer${i}`, lastName: 'Claimant' })));
    const results = await Promise.all(claimers.map((u) => action(task.id, 'claim', u)));
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.json().assigned_to[0];
    const losers = results.filter((r) => r.statusCode !== 200);
    expect(losers).toHaveLength(9);
    for (const r of losers) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ detail: `This task is already claimed by ${winner.first_name} ${winner.last_name}.` });
    }
    expect((await read(task.id)).assigned_to).toEqual([winner]);
  });

  it('replays a repeated complete with the same Idempotency-Key and records one completion', async () => {
    const task = await newTask();
    await action(task.id, 'claim', full);
    const send = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: `${BASE}/${task.id}/complete/`, as: full, payload, headers: { 'idempotency-key': `complete-${task.id}-key` } });
    const first = await send({ field_notes: 'Checked' });
    expect(first.statusCode).toBe(200);
    const second = await send({ field_notes: 'Checked' });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await countRows('task_completions', task.id)).toBe(1);
    expect((await send({ field_notes: 'Something else' })).statusCode).toBe(422);
    expect(await countRows('task_completions', task.id)).toBe(1);
  });
});

describe('maintenance tasks: status as read', () => {
  it('shows each status from the dates relative to today', async () => {
    // Interval 10: the almost-due window is 2 days.
    const pastDue = await newTask({ recurrence_interval: 10, last_completed_date: daysAgo(11) });
    const due = await newTask({ recurrence_interval: 10, last_completed_date: daysAgo(10) });
    const almostDue = await newTask({ recurrence_interval: 10, last_completed_date: daysAgo(8) });
    const fresh = await newTask({ recurrence_interval: 10, last_completed_date: daysAgo(7) });
    expect([pastDue, due, almostDue, fresh].map((x) => [x.status, x.formatted_status])).toEqual([
      ['PAST_DUE', 'Past due'],
      ['DUE', 'Due'],
      ['ALMOST_DUE', 'Almost due'],
      ['NEW', 'New'],
    ]);
    expect(due.due_date).toBe(today());
    expect(pastDue.due_date).toBe(daysAgo(1));

    const claimed = (await action(fresh.id, 'claim', full)).json();
    expect([claimed.status, claimed.formatted_status]).toEqual(['CLAIMED', 'Claimed']);
    const complete = (await action(fresh.id, 'complete', full, {})).json();
    expect([complete.status, complete.formatted_status]).toEqual(['COMPLETE', 'Complete']);

    // Once completed through the system, an earlier date reads as up to date, not new.
    const edited = await t.request({ method: 'PUT', url: `${BASE}/${fresh.id}/`, as: full, payload: taskBody({ recurrence_interval: 10, last_completed_date: daysAgo(1) }) });
    expect([edited.json().status, edited.json().formatted_status]).toEqual(['UP_TO_DATE', 'Up to date']);
    const overdue = await t.request({ method: 'PUT', url: `${BASE}/${fresh.id}/`, as: full, payload: taskBody({ recurrence_interval: 10, last_completed_date: daysAgo(12) }) });
    expect(overdue.json()).toMatchObject({ status: 'PAST_DUE', due_date: daysAgo(2) });
  });

  it('takes "today" from TIME_ZONE', async () => {
    // UTC+14 and UTC-12 are 26 hours apart, so at every instant their dates differ.
    const east = await createTestApp({ env: { TIME_ZONE: 'Pacific/Kiritimati' } });
    const west = await createTestApp({ env: { TIME_ZONE: 'Etc/GMT+12' } });
    try {
      const setUp = async (app: TestApp) => {
        const user = await app.createUser({ full: true });
        const loc = await app.request({
          method: 'POST',
          url: '/api/v1/locations/',
          as: user,
          payload: { location_type: 'OTHER', name: 'Island', address: '1 Reef Rd', city: 'London', state: 'KI', postal_code: '00000' },
        });
        return { user, locationId: loc.json().id as number };
      };
      const e = await setUp(east);
      const w = await setUp(west);
      const eastToday = todayIn('Pacific/Kiritimati');
      expect(eastToday > todayIn('Etc/GMT+12')).toBe(true);

      const body = (locationId: number) => ({ location_id: locationId, description: 'Check generator', recurrence_interval: 30, last_completed_date: eastToday });
      const accepted = await east.request({ method: 'POST', url: `${BASE}/`, as: e.user, payload: body(e.locationId) });
      expect(accepted.statusCode).toBe(201);
      const refused = await west.request({ method: 'POST', url: `${BASE}/`, as: w.user, payload: body(w.locationId) });
      expect(refused.json()).toEqual({ last_completed_date: [DATE_IN_FUTURE] });

      for (const [app, who, zone] of [
        [east, e, 'Pacific/Kiritimati'],
        [west, w, 'Etc/GMT+12'],
      ] as const) {
        const before = todayIn(zone);
        const created = await app.request({ method: 'POST', url: `${BASE}/`, as: who.user, payload: { ...body(who.locationId), last_completed_date: addDays(before, -3) } });
        const id = created.json().id as number;
        await app.request({ method: 'POST', url: `${BASE}/${id}/claim/`, as: who.user });
        const done = (await app.request({ method: 'POST', url: `${BASE}/${id}/complete/`, as: who.user })).json();
        const after = todayIn(zone);
        expect([before, after]).toContain(done.last_completed_date);
        expect(done.status).toBe('COMPLETE');
      }
    } finally {
      await east.close();
      await west.close();
    }
  });
});

describe('maintenance tasks: list', () => {
  it('pages by 10, soonest due first, never-completed last, ties by id', async () => {
    const site = await createLocation('Paging Yard');
    const made: MaintenanceTask[] = [];
    for (let i = 0; i < 23; i++) {
      // Dates and intervals chosen so due dates interleave with creation order and repeat.
      made.push(await newTask({ location_id: site.id, description: `Paged task ${i}`, recurrence_interval: 1 + ((i * 7) % 11), last_completed_date: daysAgo((i * 5) % 13) }));
    }
    // A task never completed (written as an older import would) has no due date.
    const undated = await t.database.db
      .insertInto('maintenance_tasks')
      .values({ location_id: site.id, description: 'Imported task', recurrence_interval: 30, last_completed_date: null, completed_through_system: 0, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();

    const seen: MaintenanceTask[] = [];
    let url: string | null = `${BASE}/?location=${site.id}`;
    let pages = 0;
    while (url) {
      const res = await t.request({ method: 'GET', url, as: full });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(24);
      expect(body.results.length).toBe(pages < 2 ? 10 : 4);
      expect(body.previous === null).toBe(pages === 0);
      seen.push(...body.results);
      pages++;
      url = body.next ? new URL(body.next).pathname + new URL(body.next).search : null;
    }
    expect(pages).toBe(3);
    expect(seen.map((x) => x.id).sort((a, b) => a - b)).toEqual([...made.map((x) => x.id), undated.id].sort((a, b) => a - b));

    const expected = [...made]
      .sort((a, b) => (a.due_date! < b.due_date! ? -1 : a.due_date! > b.due_date! ? 1 : a.id - b.id))
      .map((x) => x.id);
    expect(seen.map((x) => x.id)).toEqual([...expected, undated.id]);
    expect(seen.at(-1)).toMatchObject({ due_date: null, last_completed_date: null, status: 'NEW' });
    expect(seen.map((x) => x.due_date).slice(0, -1)).toEqual(made.map((x) => taskDueDate(x.last_completed_date, x.recurrence_interval)).sort());

    expect((await t.request({ method: 'GET', url: `${BASE}/?location=${site.id}&page=4`, as: full })).json()).toEqual({ detail: 'Invalid page.' });
    expect((await t.request({ method: 'GET', url: `${BASE}/?page=0`, as: full })).statusCode).toBe(400);
  });

  it('filters by location and searches description or location name, ignoring case', async () => {
    const yard = await createLocation('Harbour Warehouse');
    const dock = await createLocation('Dockside Kiosk');
    const pump = await newTask({ location_id: yard.id, description: 'Grease the BILGE pump' });
    const sign = await newTask({ location_id: dock.id, description: 'Clean the sign' });
    const pct = await newTask({ location_id: dock.id, description: 'Check 100% of lamps' });
    const ids = async (query: string) => (await t.request({ method: 'GET', url: `${BASE}/?${query}`, as: full })).json().results.map((x: MaintenanceTask) => x.id).sort();

    expect(await ids(`location=${dock.id}`)).toEqual([sign.id, pct.id].sort());
    expect(await ids(`location=${yard.id}`)).toEqual([pump.id]);
    expect(await ids('search=bilge')).toEqual([pump.id]);
    expect(await ids('search=HARBOUR%20ware')).toEqual([pump.id]);
    expect(await ids('search=dockside')).toEqual([sign.id, pct.id].sort());
    expect(await ids(`search=sign&location=${yard.id}`)).toEqual([]);
    expect(await ids(`search=sign&location=${dock.id}`)).toEqual([sign.id]);
    // Wildcards in the text match literally.
    expect(await ids('search=100%25')).toEqual([pct.id]);
    expect(await ids('search=%25%25')).toEqual([]);
    expect(await ids('search=_')).toEqual([]);
    const empty = await t.request({ method: 'GET', url: `${BASE}/?location=999999`, as: full });
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});

describe('migration 0002', () => {
  it('fills in the due date of tasks that existed before it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-migration-'));
    const pg = usesPostgres ? await createPgSchema() : null;
    const database = openDatabase({ dataDir, databaseUrl: pg?.url ?? null, databaseSchema: pg?.schema ?? null });
    try {
      const raw = database.db as unknown as Kysely<unknown>;
      await m0001.up(raw, database.dialect);
      type Before = Omit<Database, 'maintenance_tasks'> & { maintenance_tasks: Omit<Database['maintenance_tasks'], 'due_date'> };
      const old = database.db as unknown as Kysely<Before>;
      const now = new Date().toISOString();
      const loc = await old
        .insertInto('locations')
        .values({ location_type: 'OTHER', name: 'Old', address: 'a', city: 'c', state: 's', postal_code: 'p', phone_number: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const task = (last: string | null) => ({ location_id: loc.id, description: 'd', recurrence_interval: 45, last_completed_date: last, completed_through_system: 0 as const, created_at: now, updated_at: now });
      await old.insertInto('maintenance_tasks').values([task('2025-12-20'), task(null)]).execute();

      await m0002.up(raw, database.dialect);
      const rows = await database.db.selectFrom('maintenance_tasks').select(['last_completed_date', 'due_date']).orderBy('id').execute();
      expect(rows).toEqual([
        { last_completed_date: '2025-12-20', due_date: '2026-02-03' },
        { last_completed_date: null, due_date: null },
      ]);
    } finally {
      await database.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
