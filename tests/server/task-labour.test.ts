/**
 * Labour on maintenance tasks (shared/api/labour.ts, migration 0028; docs/decisions.md: What the work
 * costs), both engines: time by hand and a timer on a claimed task; the completion takes the time
 * worked since the one before (a timer still running stops at it) and the next time waits for the
 * next; one running timer per user across orders and tasks, the answer naming a task; full access
 * only; each entry a change of its task for devices; and the task's time in its location's costs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YearCosts } from '../../shared/api/costs.js';
import { LABOUR_MESSAGES, type LabourAdded, type LabourEntry } from '../../shared/api/labour.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { todayIn } from '../../shared/rules/task-status.js';
import { openDatabase } from '../../src-server/db/database.js';
import { migrations } from '../../src-server/db/migrations/index.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';
import { createPgSchema, createTestApp, usesPostgres, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let alice: TestUser;
let lee: TestUser;
let yard: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ full: true });
  lee = await t.createUser({});
  const staff = await t.createUser({ staff: true });
  expect((await t.request({ method: 'PATCH', url: `/api/v1/admin/users/${alice.user.id}/`, as: staff, payload: { hourly_rate: 30 } })).statusCode).toBe(200);
  yard = (await insertLocation(t.database.db, 'Task Labour Yard')).id;
});
afterAll(async () => t?.close());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const base = (task: number) => `/api/v1/maintenance/tasks/${task}`;

async function claimedTask(): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/v1/maintenance/tasks/', as: alice, payload: { location_id: yard, description: 'Grease the conveyor', recurrence_interval: 7, last_completed_date: todayIn(t.config.timeZone) } });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: number }).id;
  expect((await t.request({ method: 'POST', url: `${base(id)}/claim/`, as: alice })).statusCode).toBe(200);
  return id;
}
const add = (task: number, payload: Record<string, unknown>, as: TestUser = alice) => t.request({ method: 'POST', url: `${base(task)}/labour/`, as, payload });
const entriesOf = async (task: number) => {
  const res = await t.request({ method: 'GET', url: `${base(task)}/labour/`, as: alice });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LabourEntry[];
};
const complete = async (task: number) => expect((await t.request({ method: 'POST', url: `${base(task)}/complete/`, as: alice, payload: {} })).statusCode).toBe(200);
const completionIds = async (task: number) =>
  (await t.database.db.selectFrom('task_completions').select('id').where('task_id', '=', task).orderBy('id').execute()).map((r) => r.id);

describe('time on a maintenance task', () => {
  it('by hand and by a timer; the completion takes both, stops the running timer, and the next time waits for the next completion', async () => {
    const task = await claimedTask();
    const byHand = await add(task, { minutes: 45, date: todayIn(t.config.timeZone) });
    expect(byHand.statusCode, byHand.body).toBe(201);
    expect(byHand.json()).toMatchObject({ work_order_id: null, task_id: task, task_completion_id: null, minutes: 45, hourly_rate: 30, cost: 22.5 });
    expect((await add(task, { started_at: ago(20) })).statusCode).toBe(201);

    await complete(task);
    const [first] = await completionIds(task);
    const after = await entriesOf(task);
    expect(after).toHaveLength(2);
    expect(after.every((e) => e.task_completion_id === first)).toBe(true);
    // The timer stopped at the completion: about 20 minutes.
    const timed = after.find((e) => e.date === null)!;
    expect(timed.stopped_at).not.toBeNull();
    expect(timed.minutes).toBeGreaterThanOrEqual(19);
    expect(timed.minutes).toBeLessThanOrEqual(21);
    expect((await t.request({ method: 'POST', url: `${base(task)}/labour/stop/`, as: alice, payload: {} })).json()).toEqual({ non_field_errors: [LABOUR_MESSAGES.noTimerOnTask] });

    // Claimed again: the new time goes to the next completion only.
    expect((await t.request({ method: 'POST', url: `${base(task)}/claim/`, as: alice })).statusCode).toBe(200);
    const later = (await add(task, { minutes: 10, date: todayIn(t.config.timeZone) })).json() as LabourEntry;
    expect(later.task_completion_id).toBeNull();
    await complete(task);
    const [, second] = await completionIds(task);
    expect((await entriesOf(task)).find((e) => e.id === later.id)!.task_completion_id).toBe(second);
    expect((await entriesOf(task)).filter((e) => e.task_completion_id === first)).toHaveLength(2);
  });

  it('one running timer per user across orders and tasks: a start on an order stops the task’s, and says which task', async () => {
    const task = await claimedTask();
    expect((await add(task, { started_at: ago(5) })).statusCode).toBe(201);
    const order = (await t.request({ method: 'POST', url: '/api/v1/workorders/', as: alice, payload: { location_id: yard, description: 'Door' } })).json() as WorkOrder;
    const started = await t.request({ method: 'POST', url: `/api/v1/workorders/${order.id}/labour/`, as: alice, payload: { started_at: ago(0) } });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ stopped_timer_on_task: task });
    expect(started.json()).not.toHaveProperty('stopped_timer_on');
    expect(LABOUR_MESSAGES.stoppedOtherTask((started.json() as LabourAdded).stopped_timer_on_task!)).toBe(`Your timer on task #${task} was stopped.`);
    expect((await entriesOf(task))[0]!.stopped_at).not.toBeNull();
    // And back: a start on the task names the order.
    expect((await add(task, { started_at: ago(0) })).json()).toMatchObject({ stopped_timer_on: order.id });
  });

  it('full access only; an unknown task is 404; a replay is one entry; a delete is kept marked', async () => {
    const task = await claimedTask();
    expect((await add(task, { minutes: 5, date: todayIn(t.config.timeZone) }, lee)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${base(task)}/labour/`, as: lee })).statusCode).toBe(403);
    expect((await add(9_999_999, { minutes: 5, date: todayIn(t.config.timeZone) })).statusCode).toBe(404);
    const headers = { 'idempotency-key': `task-labour-${task}` };
    const once = await t.request({ method: 'POST', url: `${base(task)}/labour/`, as: alice, payload: { minutes: 7, date: todayIn(t.config.timeZone) }, headers });
    const again = await t.request({ method: 'POST', url: `${base(task)}/labour/`, as: alice, payload: { minutes: 7, date: todayIn(t.config.timeZone) }, headers });
    expect(again.json()).toEqual(once.json());
    expect(await entriesOf(task)).toHaveLength(1);
    const id = (once.json() as LabourEntry).id;
    expect((await t.request({ method: 'DELETE', url: `${base(task)}/labour/${id}/`, as: alice })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `${base(task)}/labour/${id}/`, as: alice })).statusCode).toBe(204);
    expect(await entriesOf(task)).toHaveLength(0);
  });

  it("an entry is a change of its task for devices, and the task's time is its location's cost", async () => {
    const task = await claimedTask();
    const before = await t.database.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirstOrThrow();
    expect((await add(task, { minutes: 60, date: todayIn(t.config.timeZone) })).statusCode).toBe(201);
    // PostgreSQL answers bigint columns as text.
    const logged = (await t.database.db.selectFrom('change_log').select(['entity', 'record_id']).where('seq', '>', Number(before.seq ?? 0)).execute()).map((l) => ({ entity: l.entity, record_id: Number(l.record_id) }));
    expect(logged).toContainEqual({ entity: 'maintenance', record_id: task });
    expect(logged.some((l) => l.entity === 'workorders')).toBe(false);
    const costs = (await t.request({ method: 'GET', url: `/api/v1/locations/${yard}/costs/`, as: alice })).json() as YearCosts;
    // Every task of this file is at the yard: 45 + 20ish + 10 + 5ish + ... minutes at $30/h, this hour's $30 among them.
    const entries = await t.database.db.selectFrom('labour_entries').select(['minutes', 'rate_cents']).where('deleted_at', 'is', null).where('stopped_at', 'is not', null).execute();
    const cents = entries.reduce((sum, e) => sum + Math.round(((e.minutes ?? 0) * e.rate_cents) / 60), 0);
    expect(costs.labour_cost).toBe(cents / 100);
    expect(costs.labour_cost).toBeGreaterThanOrEqual(30);
  });
});

describe('migration 0028', () => {
  it("keeps every entry of before with its id, lets an entry be a task's, and refuses one of both or neither", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-migration-'));
    const pg = usesPostgres ? await createPgSchema() : null;
    const database = openDatabase({ dataDir, databaseUrl: pg?.url ?? null, databaseSchema: pg?.schema ?? null });
    try {
      const raw = database.db as unknown as Kysely<unknown>;
      const upTo = migrations.findIndex((m) => m.name === '0028_task_labour');
      for (const m of migrations.slice(0, upTo)) await m.up(raw, database.dialect);
      const db = database.db;
      const now = new Date().toISOString();
      const user = await db
        .insertInto('users')
        .values({ email: 'old@example.com', email_normalized: 'old@example.com', password_hash: 'x', first_name: 'O', last_name: 'Ld', is_active: 1, is_staff: 0, full_feature_access: 1, last_login: null, date_joined: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const location = await insertLocation(db, 'Old Yard');
      const order = await db
        .insertInto('work_orders')
        .values({ status: 'Pending', description: 'Old order', location_id: location.id, created_by_id: user.id, created_at: now, updated_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const old = db as unknown as Kysely<{ labour_entries: Record<string, unknown> }>;
      for (const minutes of [30, 45]) {
        await old.insertInto('labour_entries').values({ work_order_id: order.id, user_id: user.id, started_at: now, stopped_at: now, minutes, date: null, rate_cents: 1000, created_at: now, deleted_at: null }).execute();
      }
      // Its columns named: the same text before and after would be one prepared statement to PostgreSQL, whose result type the migration changes.
      const before = await old
        .selectFrom('labour_entries')
        .select(['id', 'work_order_id', 'user_id', 'started_at', 'stopped_at', 'minutes', 'date', 'rate_cents', 'created_at', 'deleted_at'])
        .orderBy('id')
        .execute();

      await migrations[upTo]!.up(raw, database.dialect);
      const after = await db.selectFrom('labour_entries').selectAll().orderBy('id').execute();
      expect(after).toEqual(before.map((row) => ({ ...row, task_id: null, task_completion_id: null })));
      const task = await db
        .insertInto('maintenance_tasks')
        .values({ location_id: location.id, description: 'Old task', recurrence_interval: 7, completed_through_system: 0, created_at: now, updated_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const entry = { user_id: user.id, started_at: now, stopped_at: now, minutes: 5, date: null, rate_cents: 1000, created_at: now, deleted_at: null };
      await db.insertInto('labour_entries').values({ ...entry, work_order_id: null, task_id: task.id, task_completion_id: null }).execute();
      // A new entry's id follows the old ones'.
      expect((await db.selectFrom('labour_entries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id).toBeGreaterThan(before.at(-1)!.id as number);
      await expect(db.insertInto('labour_entries').values({ ...entry, work_order_id: order.id, task_id: task.id, task_completion_id: null }).execute()).rejects.toThrow();
      await expect(db.insertInto('labour_entries').values({ ...entry, work_order_id: null, task_id: null, task_completion_id: null }).execute()).rejects.toThrow();
      // Each entry is a change of its order or its task.
      const logged = await db.selectFrom('change_log').select(['entity', 'record_id']).execute();
      expect(logged.map((l) => `${l.entity}:${Number(l.record_id)}`)).toContain(`maintenance:${task.id}`);
    } finally {
      await database.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
