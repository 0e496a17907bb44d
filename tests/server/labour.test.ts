/**
 * Labour on work orders and hourly rates (shared/api/labour.ts, src-server/modules/labour/; docs/
 * decisions.md: What the work costs), both engines: time by hand, a finished timer and a running one;
 * every refusal a field error that writes nothing; one running timer per user; a replayed write one
 * entry; each entry at the rate of its time; costs on the order, added up, for full access only
 * (list, detail, sync); the order pulled again by devices; every write in the order's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/api/activity.js';
import type { AdminUser } from '../../shared/api/admin.js';
import type { Page } from '../../shared/api/common.js';
import { HOURLY_RATE_MAX, LABOUR_MAX_MINUTES, LABOUR_MESSAGES, type LabourAdded, type LabourEntry } from '../../shared/api/labour.js';
import type { SyncAnswer, SyncChange } from '../../shared/api/sync.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { RECORD_DATE_TOO_LATE_MESSAGE } from '../../src-server/http/dates.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
/** Full access, the usual author here. */
let alice: TestUser;
/** Full access, another technician. */
let bob: TestUser;
/** Limited: records time only on orders claimed by them. */
let lee: TestUser;
let staff: TestUser;
let locationId: number;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const ago = (ms: number) => iso(Date.now() - ms);

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ full: true, firstName: 'Alice', lastName: 'Anders' });
  bob = await t.createUser({ full: true, firstName: 'Bob', lastName: 'Brown' });
  lee = await t.createUser({ firstName: 'Lee', lastName: 'Limited' });
  staff = await t.createUser({ staff: true });
  locationId = (await insertLocation(t.database.db, 'Labour Yard')).id;
  await setRate(alice, 30);
  await setRate(bob, 45.5);
  await setRate(lee, 20);
});
afterAll(async () => t?.close());

const today = () => todayIn(t.config.timeZone);

async function setRate(user: TestUser, rate: unknown) {
  return t.request({ method: 'PATCH', url: `/api/v1/admin/users/${user.user.id}/`, as: staff, payload: { hourly_rate: rate } });
}

/** A new order, claimed by `claimer` when given (a limited user's claim is set in the database: only full access claims). */
async function newOrder(claimer?: TestUser): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: alice, payload: { location_id: locationId, description: 'Labour test' } });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as WorkOrder).id;
  if (claimer === lee) {
    await t.database.db.updateTable('work_orders').set({ status: 'Claimed', assigned_to_id: lee.user.id, claimed_at: iso(Date.now()) }).where('id', '=', id).execute();
  } else if (claimer) {
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${id}/claim/`, as: claimer })).statusCode).toBe(200);
  }
  return id;
}

async function complete(id: number) {
  await t.database.db.updateTable('work_orders').set({ status: 'Completed', completed_at: iso(Date.now()) }).where('id', '=', id).execute();
}

const add = (as: TestUser, id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/v1/workorders/${id}/labour/`, as, payload, headers });
const stop = (as: TestUser, id: number, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/v1/workorders/${id}/labour/stop/`, as, ...(payload ? { payload } : {}) });
const remove = (as: TestUser, id: number, entryId: number) => t.request({ method: 'DELETE', url: `/api/v1/workorders/${id}/labour/${entryId}/`, as });
const list = async (as: TestUser, id: number) => {
  const res = await t.request({ method: 'GET', url: `/api/v1/workorders/${id}/labour/`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LabourEntry[];
};
const detail = async (as: TestUser, id: number) => (await t.request({ method: 'GET', url: `/api/v1/workorders/${id}/`, as })).json() as WorkOrder;
const history = async (id: number) => ((await t.request({ method: 'GET', url: `/api/v1/workorders/${id}/activity/`, as: alice })).json() as Page<ActivityEntry>).results;

/** Every row that a labour write could leave: entries, history entries and change-log rows. */
async function written() {
  const db = t.database.db;
  const count = async (table: 'labour_entries' | 'activity' | 'change_log') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const entries = await db.selectFrom('labour_entries').select(['id', 'stopped_at', 'minutes']).orderBy('id').execute();
  return { entries, labour: await count('labour_entries'), activity: await count('activity'), log: await count('change_log') };
}

/** A refusal: 400 with exactly this body, and nothing written. */
async function expectRefused(send: () => Promise<{ statusCode: number; body: string; json(): unknown }>, body: Record<string, unknown>) {
  const before = await written();
  const res = await send();
  expect([res.statusCode, res.json()], res.body).toEqual([400, body]);
  expect(await written()).toEqual(before);
}

describe('time recorded on a work order', () => {
  it('by hand: minutes and a date, from the start of that day (UTC), at the author\'s rate', async () => {
    const id = await newOrder(alice);
    const res = await add(alice, id, { minutes: 90, date: today() });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as LabourAdded;
    expect(entry).toEqual({
      id: expect.any(Number),
      work_order_id: id,
      task_id: null,
      task_completion_id: null,
      user: { id: alice.user.id, first_name: 'Alice', last_name: 'Anders' },
      started_at: `${today()}T00:00:00.000Z`,
      stopped_at: `${today()}T01:30:00.000Z`,
      minutes: 90,
      date: today(),
      hourly_rate: 30,
      cost: 45,
      created_at: expect.any(String),
    });
    expect(await list(alice, id)).toEqual([entry]);
  });

  it('by a finished timer: a start and a stop, the minutes rounded', async () => {
    const id = await newOrder(alice);
    const started = ago(3 * HOUR);
    const stopped = iso(Date.parse(started) + 75 * MINUTE + 40_000);
    const res = await add(alice, id, { started_at: started, stopped_at: stopped });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ started_at: started, stopped_at: stopped, minutes: 76, hourly_rate: 30, cost: 38 });
    // A time with its offset is kept as the same moment in UTC.
    const offset = await add(alice, id, { started_at: '2026-01-10T08:00:00+02:00', stopped_at: '2026-01-10T08:45:00+02:00' });
    expect(offset.json()).toMatchObject({ started_at: '2026-01-10T06:00:00.000Z', stopped_at: '2026-01-10T06:45:00.000Z', minutes: 45 });
    // Oldest first.
    expect((await list(alice, id)).map((e) => e.minutes)).toEqual([45, 76]);
  });

  it('by a timer: started, running without an end or a cost, then stopped at the time sent or now', async () => {
    const id = await newOrder(alice);
    const started = ago(2 * HOUR);
    const res = await add(alice, id, { started_at: started });
    expect(res.statusCode, res.body).toBe(201);
    const running = res.json() as LabourAdded;
    expect(running).toMatchObject({ started_at: started, stopped_at: null, minutes: null, hourly_rate: 30, cost: null });
    expect(running.stopped_timer_on).toBeUndefined();
    // A running timer is not counted in the order's costs.
    expect((await detail(alice, id)).costs).toEqual({ labour_minutes: 0, labour_cost: 0, parts_cost: 0, total: 0 });
    const stopped = await stop(alice, id, { stopped_at: iso(Date.parse(started) + 50 * MINUTE) });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ id: running.id, minutes: 50, cost: 25 });

    // Stopped with no body at all: now.
    const again = (await add(alice, id, { started_at: ago(30 * MINUTE) })).json() as LabourAdded;
    const now = await stop(alice, id);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toMatchObject({ id: again.id, minutes: 30 });
    expect(Date.parse((now.json() as LabourEntry).stopped_at!)).toBeGreaterThanOrEqual(Date.now() - MINUTE);
  });

  it('started on a device whose clock runs ahead, and stopped by the server at once: 0 minutes, not a refusal', async () => {
    const id = await newOrder(alice);
    const started = iso(Date.now() + 5 * MINUTE);
    expect((await add(alice, id, { started_at: started })).statusCode).toBe(201);
    const res = await stop(alice, id, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ started_at: started, stopped_at: started, minutes: 0, cost: 0 });
  });

  it('is not found on an order that does not exist, and an entry only on its own order', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/workorders/999999/labour/', as: alice })).statusCode).toBe(404);
    expect((await add(alice, 999_999, { minutes: 5, date: today() })).statusCode).toBe(404);
    expect((await stop(alice, 999_999)).statusCode).toBe(404);
    const a = await newOrder(alice);
    const b = await newOrder(alice);
    const entry = (await add(alice, a, { minutes: 5, date: today() })).json() as LabourEntry;
    expect((await remove(alice, b, entry.id)).statusCode).toBe(404);
    expect((await remove(alice, a, 999_999)).statusCode).toBe(404);
    expect(await list(alice, a)).toHaveLength(1);
  });
});

describe('refusals: each a field error, and nothing written', () => {
  let id: number;
  beforeAll(async () => {
    id = await newOrder(alice);
  });

  it('of minutes and dates', async () => {
    for (const minutes of [0, -5, 1.5, 0.5, LABOUR_MAX_MINUTES + 1]) {
      await expectRefused(() => add(alice, id, { minutes, date: today() }), { minutes: [LABOUR_MESSAGES.minutesRange] });
    }
    // Not a number at all: the body's schema refuses it.
    await expectRefused(() => add(alice, id, { minutes: 'half an hour', date: today() }), { minutes: expect.arrayContaining(['A valid number is required.']) as unknown });
    await expectRefused(() => add(alice, id, { minutes: 30 }), { date: ['This field is required.'] });
    await expectRefused(() => add(alice, id, { date: today() }), { minutes: [LABOUR_MESSAGES.minutesRange] });
    await expectRefused(() => add(alice, id, { minutes: 30, date: addDays(today(), 2) }), { date: [RECORD_DATE_TOO_LATE_MESSAGE] });
    await expectRefused(() => add(alice, id, { minutes: 0, date: 'soon' }), { minutes: [LABOUR_MESSAGES.minutesRange], date: ['Date has wrong format. Use YYYY-MM-DD.'] });
  });

  it('of a body with no time, or two kinds of it', async () => {
    await expectRefused(() => add(alice, id, {}), { non_field_errors: [LABOUR_MESSAGES.timeNeeded] });
    await expectRefused(() => add(alice, id, { minutes: null, started_at: null }), { non_field_errors: [LABOUR_MESSAGES.timeNeeded] });
    await expectRefused(() => add(alice, id, { minutes: 30, date: today(), started_at: ago(HOUR) }), { non_field_errors: [LABOUR_MESSAGES.timeNeeded] });
  });

  it('of starts and stops', async () => {
    const start = Date.now() - 20 * HOUR;
    await expectRefused(() => add(alice, id, { started_at: iso(start), stopped_at: iso(start - MINUTE) }), { stopped_at: [LABOUR_MESSAGES.stopBeforeStart] });
    await expectRefused(() => add(alice, id, { started_at: iso(start), stopped_at: iso(start) }), { stopped_at: [LABOUR_MESSAGES.stopBeforeStart] });
    await expectRefused(() => add(alice, id, { started_at: iso(start), stopped_at: iso(start + 16 * HOUR + MINUTE) }), { stopped_at: [LABOUR_MESSAGES.tooLong] });
    await expectRefused(() => add(alice, id, { started_at: iso(Date.now() + 25 * HOUR) }), { started_at: [LABOUR_MESSAGES.future] });
    await expectRefused(() => add(alice, id, { started_at: ago(HOUR), stopped_at: iso(Date.now() + 25 * HOUR) }), { stopped_at: [LABOUR_MESSAGES.future] });
    for (const bad of ['yesterday', '2026-02-30T10:00:00Z', '2026-03-01T24:00:00Z', '2026-03-01 10:00', '2026-03-01']) {
      await expectRefused(() => add(alice, id, { started_at: bad }), { started_at: [LABOUR_MESSAGES.badTime] });
    }
    await expectRefused(() => add(alice, id, { stopped_at: ago(HOUR) }), { started_at: [LABOUR_MESSAGES.badTime] });
    // Exactly the longest entry is allowed.
    expect((await add(alice, id, { started_at: iso(start), stopped_at: iso(start + 16 * HOUR) })).json()).toMatchObject({ minutes: LABOUR_MAX_MINUTES });
  });

  it('of an order not claimed by a limited user, and of a completed order', async () => {
    const pending = await newOrder();
    const bobs = await newOrder(bob);
    for (const order of [pending, bobs]) {
      await expectRefused(() => add(lee, order, { minutes: 10, date: today() }), { non_field_errors: [LABOUR_MESSAGES.notYours] });
      await expectRefused(() => add(lee, order, { started_at: ago(MINUTE) }), { non_field_errors: [LABOUR_MESSAGES.notYours] });
    }
    const done = await newOrder(lee);
    await complete(done);
    await expectRefused(() => add(lee, done, { minutes: 10, date: today() }), { non_field_errors: [LABOUR_MESSAGES.completed] });
    // Full access records on any order: another's claim, none, or completed.
    for (const order of [pending, bobs, done]) expect((await add(alice, order, { minutes: 10, date: today() })).statusCode).toBe(201);
    // The claimer records on their own order.
    expect((await add(lee, await newOrder(lee), { minutes: 10, date: today() })).statusCode).toBe(201);
  });

  it('of a stop with no timer running, twice, or out of the rules', async () => {
    const order = await newOrder(alice);
    await expectRefused(() => stop(alice, order), { non_field_errors: [LABOUR_MESSAGES.noTimer] });
    const started = Date.now() - 20 * HOUR;
    expect((await add(alice, order, { started_at: iso(started) })).statusCode).toBe(201);
    // Another user's timer is theirs to stop.
    await expectRefused(() => stop(bob, order), { non_field_errors: [LABOUR_MESSAGES.noTimer] });
    await expectRefused(() => stop(alice, order, { stopped_at: iso(started - MINUTE) }), { stopped_at: [LABOUR_MESSAGES.stopBeforeStart] });
    await expectRefused(() => stop(alice, order, { stopped_at: iso(started + 17 * HOUR) }), { stopped_at: [LABOUR_MESSAGES.tooLong] });
    // Running for 20 hours: stopping it now would make too long an entry; a time must be sent.
    await expectRefused(() => stop(alice, order), { stopped_at: [LABOUR_MESSAGES.tooLong] });
    await expectRefused(() => stop(alice, order, { stopped_at: 'later' }), { stopped_at: [LABOUR_MESSAGES.badTime] });
    expect((await stop(alice, order, { stopped_at: iso(started + 8 * HOUR) })).json()).toMatchObject({ minutes: 480 });
    await expectRefused(() => stop(alice, order, { stopped_at: iso(started + 9 * HOUR) }), { non_field_errors: [LABOUR_MESSAGES.noTimer] });
  });

  it('of a delete by someone else, or by a limited author once the order is completed; full access deletes', async () => {
    const order = await newOrder(lee);
    const leeEntry = (await add(lee, order, { minutes: 20, date: today() })).json() as LabourEntry;
    const aliceEntry = (await add(alice, order, { minutes: 25, date: today() })).json() as LabourEntry;
    await expectRefused(() => remove(lee, order, aliceEntry.id), { non_field_errors: [LABOUR_MESSAGES.deleteNotYours] });
    await complete(order);
    await expectRefused(() => remove(lee, order, leeEntry.id), { non_field_errors: [LABOUR_MESSAGES.deleteNotYours] });
    expect((await remove(bob, order, leeEntry.id)).statusCode).toBe(204);
    expect((await remove(alice, order, aliceEntry.id)).statusCode).toBe(204);
    expect(await list(alice, order)).toEqual([]);
    // A delete sent again (its answer lost, the device's queue replays it) is answered as the first, and deletes nothing more.
    expect((await remove(alice, order, aliceEntry.id)).statusCode).toBe(204);
    expect(await list(alice, order)).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/v1/workorders/${order}/`, as: alice })).json()).toMatchObject({ costs: { labour_minutes: 0, labour_cost: 0 } });
    // An entry that never was is not found.
    expect((await remove(alice, order, aliceEntry.id + 100_000)).statusCode).toBe(404);

    // Its author deletes while the order is open, a running timer too.
    const open = await newOrder(lee);
    const mine = (await add(lee, open, { started_at: ago(MINUTE) })).json() as LabourEntry;
    expect((await remove(lee, open, mine.id)).statusCode).toBe(204);
    expect(await list(lee, open)).toEqual([]);
  });
});

describe('one running timer per user', () => {
  it('starting another stops the first at the new start, and says so', async () => {
    const first = await newOrder(bob);
    const second = await newOrder(bob);
    const started = Date.now() - 2 * HOUR;
    const a = (await add(bob, first, { started_at: iso(started) })).json() as LabourAdded;
    // Alice's timer is hers: Bob's start leaves it running.
    const alices = (await add(alice, first, { started_at: iso(started) })).json() as LabourAdded;
    // Time by hand stops nothing.
    expect((await add(bob, second, { minutes: 5, date: today() })).json()).not.toHaveProperty('stopped_timer_on');
    const res = await add(bob, second, { started_at: iso(started + 40 * MINUTE) });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json() as LabourAdded;
    expect(b).toMatchObject({ stopped_at: null, stopped_timer_on: first });
    expect(LABOUR_MESSAGES.stoppedOther(b.stopped_timer_on!)).toBe(`Your timer on work order #${first} was stopped.`);
    expect((await list(bob, first)).find((e) => e.id === a.id)).toMatchObject({ stopped_at: iso(started + 40 * MINUTE), minutes: 40 });
    expect((await list(bob, first)).find((e) => e.id === alices.id)).toMatchObject({ stopped_at: null });

    // On the same order too; a start before the running one's stops it at its own start.
    const c = (await add(bob, second, { started_at: iso(started + 10 * MINUTE) })).json() as LabourAdded;
    expect(c.stopped_timer_on).toBe(second);
    expect((await list(bob, second)).find((e) => e.id === b.id)).toMatchObject({ stopped_at: iso(started + 40 * MINUTE), minutes: 0 });
    const running = await t.database.db.selectFrom('labour_entries').select('id').where('user_id', '=', bob.user.id).where('stopped_at', 'is', null).execute();
    expect(running).toEqual([{ id: c.id }]);
    // Each stop is in its order's history.
    expect((await history(first)).find((h) => h.kind === 'timer_stopped')).toMatchObject({ actor: { id: bob.user.id }, details: { entry_id: a.id, minutes: 40 } });
    await stop(bob, second);
    await stop(alice, first);
  });

  it('two starts at once (two devices) leave one running', async () => {
    const orders = [await newOrder(bob), await newOrder(bob), await newOrder(bob)];
    const answers = await Promise.all(orders.map((order, i) => add(bob, order, { started_at: ago((10 - i) * MINUTE) })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const running = await t.database.db.selectFrom('labour_entries').select('work_order_id').where('user_id', '=', bob.user.id).where('stopped_at', 'is', null).execute();
    expect(running).toHaveLength(1);
    // Each start but the first stopped the one before it.
    expect(answers.filter((a) => (a.json() as LabourAdded).stopped_timer_on !== undefined)).toHaveLength(2);
    await stop(bob, running[0]!.work_order_id!);
  });

  it('a timer forgotten for days stops at the longest entry when the next starts', async () => {
    const order = await newOrder(bob);
    const started = Date.now() - 3 * 24 * HOUR;
    const old = (await add(bob, order, { started_at: iso(started) })).json() as LabourAdded;
    expect((await add(bob, order, { started_at: ago(0) })).json()).toMatchObject({ stopped_timer_on: order });
    expect((await list(bob, order)).find((e) => e.id === old.id)).toMatchObject({ stopped_at: iso(started + LABOUR_MAX_MINUTES * MINUTE), minutes: LABOUR_MAX_MINUTES });
    await stop(bob, order);
  });
});

describe('a replayed write', () => {
  it('with the same Idempotency-Key is one entry, answered the same', async () => {
    const order = await newOrder(alice);
    const headers = { 'idempotency-key': 'labour-replay-0001' };
    const first = await add(alice, order, { minutes: 15, date: today() }, headers);
    const again = await add(alice, order, { minutes: 15, date: today() }, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    const timer = { started_at: ago(HOUR) };
    const started = await add(alice, order, timer, { 'idempotency-key': 'labour-replay-0002' });
    const restarted = await add(alice, order, timer, { 'idempotency-key': 'labour-replay-0002' });
    expect(restarted.json()).toEqual(started.json());
    const stopSent = { method: 'POST', url: `/api/v1/workorders/${order}/labour/stop/`, as: alice, headers: { 'idempotency-key': 'labour-replay-0003' }, payload: { stopped_at: ago(0) } } as const;
    const stopped = await t.request(stopSent);
    const stoppedAgain = await t.request(stopSent);
    expect([stopped.statusCode, stoppedAgain.statusCode]).toEqual([200, 200]);
    expect(stoppedAgain.json()).toEqual(stopped.json());
    expect((await list(alice, order)).map((e) => e.minutes).sort((a, b) => a! - b!)).toEqual([15, 60]);
    expect((await history(order)).slice(0, 3).map((h) => h.kind)).toEqual(['timer_stopped', 'timer_started', 'labour_added']);
  });
});

describe('rates and costs', () => {
  it('an entry keeps the rate of its time; the order adds its entries up, running timers left out', async () => {
    const carol = await t.createUser({ full: true, firstName: 'Carol' });
    expect((await setRate(carol, 12.34)).json()).toMatchObject({ hourly_rate: 12.34 });
    const order = await newOrder(carol);
    // 7 minutes at 12.34 an hour: 143.97 cents, shown as 1.44.
    const early = (await add(carol, order, { minutes: 7, date: today() })).json() as LabourEntry;
    expect(early).toMatchObject({ hourly_rate: 12.34, cost: 1.44 });
    expect((await setRate(carol, 60)).statusCode).toBe(200);
    const late = (await add(carol, order, { minutes: 45, date: today() })).json() as LabourEntry;
    expect(late).toMatchObject({ hourly_rate: 60, cost: 45 });
    expect((await add(bob, order, { minutes: 33, date: today() })).json()).toMatchObject({ hourly_rate: 45.5, cost: 25.03 });
    await add(carol, order, { started_at: ago(HOUR) });
    expect((await list(alice, order)).find((e) => e.id === early.id)).toMatchObject({ hourly_rate: 12.34, cost: 1.44 });
    const costs = (await detail(alice, order)).costs;
    expect(costs).toEqual({ labour_minutes: 7 + 45 + 33, labour_cost: 71.47, parts_cost: 0, total: 71.47 });
    // The list shows the same.
    const page = (await t.request({ method: 'GET', url: `/api/v1/workorders/?location=${locationId}`, as: alice })).json() as Page<WorkOrder>;
    expect(page.results.find((o) => o.id === order)?.costs).toEqual(costs);
    // A deleted entry leaves the costs.
    expect((await remove(alice, order, late.id)).statusCode).toBe(204);
    expect((await detail(alice, order)).costs).toMatchObject({ labour_minutes: 40, labour_cost: 26.47, total: 26.47 });
    // A new order costs nothing yet.
    expect((await detail(alice, await newOrder())).costs).toEqual({ labour_minutes: 0, labour_cost: 0, parts_cost: 0, total: 0 });
    await stop(carol, order);
  });

  it('a rate is set by staff in currency units, kept to the cent, and a bad one is a field error on hourly_rate', async () => {
    const dana = await t.createUser({ full: true });
    const rateNow = async () => (await t.database.db.selectFrom('users').select('hourly_rate_cents').where('id', '=', dana.user.id).executeTakeFirstOrThrow()).hourly_rate_cents;
    const set = await setRate(dana, 25.5);
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as AdminUser).hourly_rate).toBe(25.5);
    expect(await rateNow()).toBe(2550);
    // Text that is a number is read as one, as every number field of the API.
    expect((await setRate(dana, '19.99')).json()).toMatchObject({ hourly_rate: 19.99 });
    for (const [rate, message] of [
      [-1, 'Ensure this value is greater than or equal to 0.'],
      [HOURLY_RATE_MAX + 0.01, `Ensure this value is less than or equal to ${HOURLY_RATE_MAX}.`],
      [12.345, 'Ensure that there are no more than 2 decimal places.'],
      [null, 'This field may not be null.'],
      [true, 'A valid number is required.'],
      ['lots', 'A valid number is required.'],
    ] as const) {
      const res = await setRate(dana, rate);
      expect([res.statusCode, res.json()], String(rate)).toEqual([400, { hourly_rate: [message] }]);
    }
    expect(await rateNow()).toBe(1999);
    expect((await setRate(dana, HOURLY_RATE_MAX)).json()).toMatchObject({ hourly_rate: HOURLY_RATE_MAX });
    expect((await setRate(dana, 0)).json()).toMatchObject({ hourly_rate: 0 });
    // Only staff set rates; a staff user may set their own (a rate is pay, not a right).
    expect((await t.request({ method: 'PATCH', url: `/api/v1/admin/users/${dana.user.id}/`, as: alice, payload: { hourly_rate: 99 } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url: `/api/v1/admin/users/${staff.user.id}/`, as: staff, payload: { hourly_rate: 50 } })).json()).toMatchObject({ hourly_rate: 50 });
    // Each change is in the account's history, in currency units.
    const entries = ((await t.request({ method: 'GET', url: `/api/v1/admin/users/${dana.user.id}/activity/`, as: staff })).json() as Page<ActivityEntry>).results;
    expect(entries[0]).toMatchObject({ kind: 'edited', actor: { id: staff.user.id }, details: { changes: [{ field: 'hourly_rate', old: HOURLY_RATE_MAX, new: 0 }] } });
    expect(entries.filter((e) => e.kind === 'edited')).toHaveLength(4);
  });
});

describe('what limited users see', () => {
  it('no rates or costs: not on entries, nor on orders in the list, the detail or the sync', async () => {
    const order = await newOrder(lee);
    const mine = await add(lee, order, { minutes: 30, date: today() });
    expect(mine.json()).toMatchObject({ minutes: 30, hourly_rate: null, cost: null });
    await add(alice, order, { minutes: 60, date: today() });
    expect((await list(lee, order)).map((e) => [e.minutes, e.hourly_rate, e.cost])).toEqual([
      [30, null, null],
      [60, null, null],
    ]);
    expect((await list(alice, order)).map((e) => [e.minutes, e.hourly_rate, e.cost])).toEqual([
      [30, 20, 10],
      [60, 30, 30],
    ]);
    expect((await detail(lee, order)).costs).toBeNull();
    expect((await detail(alice, order)).costs).toEqual({ labour_minutes: 90, labour_cost: 40, parts_cost: 0, total: 40 });
    const page = (await t.request({ method: 'GET', url: `/api/v1/workorders/?location=${locationId}`, as: lee })).json() as Page<WorkOrder>;
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((o) => o.costs === null)).toBe(true);

    const limitedSync = await syncAll(lee);
    const orders = limitedSync.changes.filter((c) => c.area === 'workorders');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((c) => c.op === 'upsert' && (c.record as WorkOrder).costs === null)).toBe(true);
    expect(orderIn(limitedSync.changes, order)).toEqual(await detail(lee, order));
    const fullSync = await syncAll(alice);
    expect(orderIn(fullSync.changes, order)).toEqual(await detail(alice, order));
  });
});

/** The work order a sync's changes bring (undefined for none, or for its tombstone). */
function orderIn(changes: SyncChange[], id: number): WorkOrder | undefined {
  const change = changes.find((c) => c.area === 'workorders' && c.id === id);
  return change?.op === 'upsert' ? (change.record as WorkOrder) : undefined;
}

async function syncAll(as: TestUser, since?: string): Promise<{ changes: SyncChange[]; cursor: string }> {
  const changes: SyncChange[] = [];
  let cursor = since;
  for (;;) {
    const res = await t.request({ method: 'GET', url: cursor === undefined ? '/api/v1/sync/' : `/api/v1/sync/?since=${cursor}`, as });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as SyncAnswer;
    changes.push(...answer.changes);
    cursor = answer.cursor;
    if (!answer.more) return { changes, cursor };
  }
}

describe('devices and history', () => {
  it('every labour write makes devices pull the order again with its new costs', async () => {
    const order = await newOrder(alice);
    let { cursor } = await syncAll(alice);
    const pulled = async () => {
      const next = await syncAll(alice, cursor);
      cursor = next.cursor;
      return next.changes.filter((c) => c.area === 'workorders' && c.id === order);
    };
    const pulledOrder = async () => {
      const changes = await pulled();
      expect(changes).toHaveLength(1);
      return orderIn(changes, order);
    };
    const entry = (await add(alice, order, { minutes: 120, date: today() })).json() as LabourEntry;
    expect(await pulled()).toEqual([{ area: 'workorders', id: order, op: 'upsert', record: expect.objectContaining({ costs: { labour_minutes: 120, labour_cost: 60, parts_cost: 0, total: 60 } }) }]);
    await add(alice, order, { started_at: ago(10 * MINUTE) });
    expect(await pulled()).toHaveLength(1);
    await stop(alice, order);
    expect(await pulledOrder()).toMatchObject({ costs: { labour_minutes: 130, labour_cost: 65 } });
    await remove(alice, order, entry.id);
    expect(await pulledOrder()).toMatchObject({ costs: { labour_minutes: 10, labour_cost: 5 } });
    // Limited devices pull it too, without costs.
    expect(orderIn((await syncAll(lee)).changes, order)).toMatchObject({ costs: null });
  });

  it("every write is an entry of the order's history, with the entry and its minutes", async () => {
    const order = await newOrder(lee);
    const byHand = (await add(lee, order, { minutes: 12, date: today() })).json() as LabourEntry;
    const timer = (await add(lee, order, { started_at: ago(20 * MINUTE) })).json() as LabourEntry;
    await stop(lee, order, { stopped_at: ago(0) });
    await remove(lee, order, byHand.id);
    const entries = await history(order);
    expect(entries.slice(0, 4).map((e) => [e.kind, e.actor?.id, e.details])).toEqual([
      ['labour_deleted', lee.user.id, { entry_id: byHand.id, minutes: 12 }],
      ['timer_stopped', lee.user.id, { entry_id: timer.id, minutes: 20 }],
      ['timer_started', lee.user.id, { entry_id: timer.id, minutes: null }],
      ['labour_added', lee.user.id, { entry_id: byHand.id, minutes: 12 }],
    ]);
  });
});
