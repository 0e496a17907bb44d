/**
 * Parts on work orders through the stock ledger (shared/api/stock-ledger.ts, src-server/modules/
 * part-moves/, migration 0026; docs/decisions.md: What the work costs), both engines: the backfill
 * of today's fills and counts; issues and returns; every refusal a field error that writes nothing;
 * an issue never refused for stock (two of the last unit both applied, the part short, one mail);
 * a replay one entry; each entry at the unit cost of its time; parts cost on the order; unit costs
 * for full access only; the ledger newest first, and as CSV oldest first; and for every part, the
 * ledger's sum is its quantity.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/api/activity.js';
import type { Page } from '../../shared/api/common.js';
import type { NotificationSettings } from '../../shared/api/notifications.js';
import type { Part } from '../../shared/api/parts.js';
import { PART_MOVE_MAX, PART_MOVE_MESSAGES, type StockEntry, type WorkOrderPart } from '../../shared/api/stock-ledger.js';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { todayIn } from '../../shared/rules/task-status.js';
import { backfillStockLedger, BALANCE_REASON, ledgerStartOf } from '../../src-server/db/migrations/0026_stock_ledger.js';
import { csvColumnsFor } from '../../src-server/exports/csv.js';
import { STOCK_LEDGER_CSV_COLUMNS } from '../../src-server/modules/part-moves/part-moves.presenter.js';
import { appendStockEntry } from '../../src-server/modules/stock/stock-ledger.js';
import { csvRecords } from '../helpers/csv-parse.js';
import { insertLocation, insertPart } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
/** Full access. */
let alice: TestUser;
/** Limited: moves parts only on orders claimed by them. */
let lee: TestUser;
let staff: TestUser;
let siteId: number;
let elsewhereId: number;

const NONE: NotificationSettings = { order_created: false, order_claimed: false, order_completed: false, task_due: false, request_created: false, part_short: false, digest: false, locations: [] };

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.createUser({ full: true, firstName: 'Alice', lastName: 'Anders' });
  lee = await t.createUser({ firstName: 'Lee', lastName: 'Limited' });
  staff = await t.createUser({ staff: true });
  siteId = (await insertLocation(t.database.db, 'Ledger Yard')).id;
  elsewhereId = (await insertLocation(t.database.db, 'Other Yard')).id;
});
afterAll(async () => t?.close());

const today = () => todayIn(t.config.timeZone);

/** A new order at the yard, claimed by `claimer` when given (a limited user's claim is set in the database: only full access claims). */
async function newOrder(claimer?: TestUser): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: alice, payload: { location_id: siteId, description: 'Parts test' } });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as WorkOrder).id;
  if (claimer === lee) {
    await t.database.db.updateTable('work_orders').set({ status: 'Claimed', assigned_to_id: lee.user.id, claimed_at: new Date().toISOString() }).where('id', '=', id).execute();
  } else if (claimer) {
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${id}/claim/`, as: claimer })).statusCode).toBe(200);
  }
  return id;
}

const move = (as: TestUser, order: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/v1/workorders/${order}/parts/`, as, payload, headers });
const issue = (as: TestUser, order: number, part: number, quantity: number) => move(as, order, { part_id: part, quantity, kind: 'issue' });
const giveBack = (as: TestUser, order: number, part: number, quantity: number) => move(as, order, { part_id: part, quantity, kind: 'return' });
const setCosts = (part: number, payload: Record<string, unknown>, as: TestUser = alice) => t.request({ method: 'PATCH', url: `/api/v1/parts/${part}/`, as, payload });
const listOf = async (as: TestUser, order: number) => {
  const res = await t.request({ method: 'GET', url: `/api/v1/workorders/${order}/parts/`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WorkOrderPart[];
};
const partOf = async (id: number) => (await t.request({ method: 'GET', url: `/api/v1/parts/${id}/`, as: alice })).json() as Part;
const orderOf = async (as: TestUser, id: number) => (await t.request({ method: 'GET', url: `/api/v1/workorders/${id}/`, as })).json() as WorkOrder;
const ledgerOf = async (id: number, page = 1) => {
  const res = await t.request({ method: 'GET', url: `/api/v1/parts/${id}/ledger/${page > 1 ? `?page=${page}` : ''}`, as: alice });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<StockEntry>;
};
const newPart = (name: string, quantity: number, locationId = siteId) => insertPart(t.database.db, { name, location_id: locationId, quantity });

/** Every row a move could leave, and every part's quantity. */
async function written() {
  const db = t.database.db;
  const count = async (table: 'stock_entries' | 'activity') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const quantities = await db.selectFrom('parts').select(['id', 'quantity']).orderBy('id').execute();
  return { entries: await count('stock_entries'), activity: await count('activity'), quantities };
}

/** A refusal: 400 with exactly this body, and nothing written. */
async function expectRefused(send: () => Promise<{ statusCode: number; body: string; json(): unknown }>, body: Record<string, unknown>) {
  const before = await written();
  const res = await send();
  expect([res.statusCode, res.json()], res.body).toEqual([400, body]);
  expect(await written()).toEqual(before);
}

/** For every part: its ledger's changes add up to its quantity, and its last entry ends at it. */
async function expectLedgersAddUp() {
  const db = t.database.db;
  const parts = await db.selectFrom('parts').select(['id', 'quantity']).orderBy('id').execute();
  for (const part of parts) {
    const entries = await db.selectFrom('stock_entries').select(['change', 'quantity_after']).where('part_id', '=', part.id).orderBy('id').execute();
    const sum = entries.reduce((s, e) => s + e.change, 0);
    expect(sum, `part ${part.id}: the sum of its changes`).toBeCloseTo(part.quantity, 6);
    if (part.quantity !== 0 || entries.length > 0) expect(entries.at(-1)?.quantity_after, `part ${part.id}: its last entry`).toBe(part.quantity);
  }
}

describe('the ledger starts from the fills and counts kept before it', () => {
  const part = { id: 1, quantity: 7, created_at: '2026-01-01T00:00:00.000Z' };
  const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  const NOW = '2026-02-01T00:00:00.000Z';

  it('a part without records opens with its quantity; with none, nothing', () => {
    expect(ledgerStartOf(part, [], NOW)).toEqual([expect.objectContaining({ kind: 'opening', change: 7, quantity_after: 7, created_at: part.created_at, user_id: null })]);
    expect(ledgerStartOf({ ...part, quantity: 0 }, [], NOW)).toEqual([]);
  });

  it('fills alone: the opening is what they were added to', () => {
    const entries = ledgerStartOf(part, [{ kind: 'fill', quantity: 2, user_id: 5, created_at: at(2) }, { kind: 'fill', quantity: 1.5, user_id: 5, created_at: at(3) }], NOW);
    expect(entries.map((e) => [e.kind, e.change, e.quantity_after])).toEqual([
      ['opening', 3.5, 3.5],
      ['fill', 2, 5.5],
      ['fill', 1.5, 7],
    ]);
  });

  it('a count replaces what was there: its difference, and a balance when the records do not end at the quantity', () => {
    const entries = ledgerStartOf(part, [{ kind: 'inventory', quantity: 4, user_id: 5, created_at: at(2) }, { kind: 'fill', quantity: 1, user_id: 5, created_at: at(3) }], NOW);
    expect(entries.map((e) => [e.kind, e.change, e.quantity_after, e.reason])).toEqual([
      ['count', 4, 4, null],
      ['fill', 1, 5, null],
      ['adjust', 2, 7, BALANCE_REASON],
    ]);
    const exact = ledgerStartOf({ ...part, quantity: 5 }, [{ kind: 'fill', quantity: 3, user_id: 5, created_at: at(2) }, { kind: 'inventory', quantity: 5, user_id: 5, created_at: at(3) }], NOW);
    expect(exact.map((e) => [e.kind, e.change, e.quantity_after])).toEqual([
      ['fill', 3, 3],
      ['count', 2, 5],
    ]);
  });

  it('run over the database, every part ends at its quantity', async () => {
    const db = t.database.db;
    const counted = await newPart('Backfilled Counted', 0);
    const filled = await newPart('Backfilled Filled', 0);
    const record = (partId: number, kind: 'fill' | 'inventory', quantity: number) => ({ kind, chemical_location_id: null, part_id: partId, date: today(), quantity, user_id: alice.user.id, created_at: new Date().toISOString() });
    await db.insertInto('quantity_records').values([record(counted, 'inventory', 6), record(counted, 'fill', 2.25), record(filled, 'fill', 4)]).execute();
    // As before the migration: quantities written without a ledger.
    await db.updateTable('parts').set({ quantity: 9 }).where('id', '=', counted).execute();
    await db.updateTable('parts').set({ quantity: 10.5 }).where('id', '=', filled).execute();
    await db.deleteFrom('stock_entries').execute();
    await backfillStockLedger(db as unknown as Kysely<unknown>, new Date().toISOString());
    await expectLedgersAddUp();
    const kinds = async (id: number) => (await db.selectFrom('stock_entries').select('kind').where('part_id', '=', id).orderBy('id').execute()).map((e) => e.kind);
    expect(await kinds(counted)).toEqual(['count', 'fill', 'adjust']);
    expect(await kinds(filled)).toEqual(['opening', 'fill']);
  });
});

describe('parts issued to and returned from a work order', () => {
  it('an issue takes whole units off the shelf at the unit cost now, told in both histories', async () => {
    const part = await newPart('Seal Kit', 5);
    expect((await setCosts(part, { unit_cost: 12.5 })).statusCode).toBe(200);
    const order = await newOrder(alice);
    const res = await issue(alice, order, part, 2);
    expect(res.statusCode, res.body).toBe(201);
    const moved = res.json() as WorkOrderPart;
    expect(moved).toEqual({
      id: expect.any(Number),
      work_order_id: order,
      part: { id: part, name: 'Seal Kit', item_number: 'IT-SealKit' },
      kind: 'issue',
      quantity: 2,
      unit_cost: 12.5,
      cost: 25,
      user: { id: alice.user.id, first_name: 'Alice', last_name: 'Anders' },
      created_at: expect.any(String),
      quantity_after: 3,
    });
    expect(await listOf(alice, order)).toEqual([moved]);
    expect((await partOf(part)).quantity).toBe(3);
    const orderHistory = (await t.request({ method: 'GET', url: `/api/v1/workorders/${order}/activity/`, as: alice })).json() as Page<ActivityEntry>;
    expect(orderHistory.results[0]).toMatchObject({ kind: 'part_issued', details: { part: { id: part, name: 'Seal Kit' }, quantity: 2 } });
    const partHistory = (await t.request({ method: 'GET', url: `/api/v1/parts/${part}/activity/`, as: alice })).json() as Page<ActivityEntry>;
    expect(partHistory.results[0]).toMatchObject({ kind: 'part_issued', details: { part: { id: part, name: 'Seal Kit' }, quantity: 2, work_order_id: order, stock_after: 3 } });
  });

  it('a return brings units back, at most what went net to that order; costs add up on the order with labour', async () => {
    const part = await newPart('Drive Belt', 10);
    await setCosts(part, { unit_cost: 2.5 });
    const order = await newOrder(alice);
    expect((await issue(alice, order, part, 1)).statusCode).toBe(201);
    // A later cost does not rewrite the earlier issue.
    await setCosts(part, { unit_cost: 4 });
    expect((await issue(alice, order, part, 3)).statusCode).toBe(201);
    const back = await giveBack(alice, order, part, 2);
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json()).toMatchObject({ kind: 'return', quantity: 2, unit_cost: 4, cost: -8, quantity_after: 8 });
    expect((await listOf(alice, order)).map((m) => [m.kind, m.quantity, m.unit_cost, m.cost])).toEqual([
      ['issue', 1, 2.5, 2.5],
      ['issue', 3, 4, 12],
      ['return', 2, 4, -8],
    ]);
    await expectRefused(() => giveBack(alice, order, part, 3), { quantity: [PART_MOVE_MESSAGES.returnTooMany(2)] });
    // Another order's issues are not this one's to return.
    const other = await newOrder(alice);
    await expectRefused(() => giveBack(alice, other, part, 1), { quantity: [PART_MOVE_MESSAGES.returnTooMany(0)] });

    expect((await t.request({ method: 'PATCH', url: `/api/v1/admin/users/${alice.user.id}/`, as: staff, payload: { hourly_rate: 30 } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${order}/labour/`, as: alice, payload: { minutes: 60, date: today() } })).statusCode).toBe(201);
    expect((await orderOf(alice, order)).costs).toEqual({ labour_minutes: 60, labour_cost: 30, parts_cost: 6.5, total: 36.5 });
    const listed = (await t.request({ method: 'GET', url: '/api/v1/workorders/', as: alice })).json() as Page<WorkOrder>;
    expect(listed.results.find((o) => o.id === order)?.costs).toEqual({ labour_minutes: 60, labour_cost: 30, parts_cost: 6.5, total: 36.5 });
  });

  it('limited users move parts on their claimed order, and never see what they cost', async () => {
    const part = await newPart('Brush Set', 4);
    await setCosts(part, { unit_cost: 9.99 });
    const order = await newOrder(lee);
    const res = await issue(lee, order, part, 1);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ unit_cost: null, cost: null, quantity: 1 });
    expect((await listOf(lee, order)).map((m) => [m.unit_cost, m.cost])).toEqual([[null, null]]);
    expect((await listOf(alice, order)).map((m) => [m.unit_cost, m.cost])).toEqual([[9.99, 9.99]]);
    expect((await orderOf(lee, order)).costs).toBeNull();
    expect((await orderOf(alice, order)).costs?.parts_cost).toBe(9.99);
  });

  it('every refusal is a field error and writes nothing', async () => {
    const part = await newPart('Filter Cartridge', 3);
    const away = await newPart('Away Filter', 3, elsewhereId);
    const order = await newOrder(alice);
    await expectRefused(() => move(alice, order, { part_id: part, quantity: 1, kind: 'take' }), { kind: [PART_MOVE_MESSAGES.kind] });
    await expectRefused(() => move(alice, order, { part_id: part, quantity: 1 }), { kind: [PART_MOVE_MESSAGES.kind] });
    for (const quantity of [0, -1, 1.5, PART_MOVE_MAX + 1, null]) {
      await expectRefused(() => move(alice, order, { part_id: part, quantity, kind: 'issue' }), { quantity: [PART_MOVE_MESSAGES.quantity] });
    }
    await expectRefused(() => issue(alice, order, 987_654, 1), { part_id: ['Invalid pk "987654" - object does not exist.'] });
    await expectRefused(() => move(alice, order, { quantity: 1, kind: 'issue' }), { part_id: ['This field is required.'] });
    await expectRefused(() => issue(alice, order, away, 1), { part_id: [PART_MOVE_MESSAGES.notHere] });
    await expectRefused(() => move(alice, order, { part_id: away, quantity: 0, kind: 'x' }), {
      kind: [PART_MOVE_MESSAGES.kind],
      quantity: [PART_MOVE_MESSAGES.quantity],
      part_id: [PART_MOVE_MESSAGES.notHere],
    });
    // A limited user: only on an order they claimed, and nothing on a completed one.
    const unclaimed = await newOrder();
    await expectRefused(() => issue(lee, unclaimed, part, 1), { non_field_errors: [PART_MOVE_MESSAGES.notYours] });
    const theirs = await newOrder(alice);
    await expectRefused(() => issue(lee, theirs, part, 1), { non_field_errors: [PART_MOVE_MESSAGES.notYours] });
    const done = await newOrder(lee);
    await t.database.db.updateTable('work_orders').set({ status: 'Completed', completed_at: new Date().toISOString() }).where('id', '=', done).execute();
    await expectRefused(() => issue(lee, done, part, 1), { non_field_errors: [PART_MOVE_MESSAGES.completed] });
    // Full access changes the parts of a completed order.
    expect((await issue(alice, done, part, 1)).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: '/api/v1/workorders/999999/parts/', as: alice, payload: { part_id: part, quantity: 1, kind: 'issue' } })).statusCode).toBe(404);
  });

  it('an issue is never refused for stock: two of the last unit are both applied, the part short, one mail', async () => {
    const watcher = await t.createUser({ full: true });
    const elsewhere = await t.createUser({ full: true });
    const choose = (user: TestUser, locations: number[]) => t.request({ method: 'PUT', url: '/api/v1/notifications/settings/', as: user, payload: { ...NONE, part_short: true, locations } });
    expect((await choose(watcher, [siteId])).json()).toEqual({ ...NONE, part_short: true, locations: [siteId] });
    await choose(elsewhere, [elsewhereId]);
    const limitedChoice = await t.request({ method: 'PUT', url: '/api/v1/notifications/settings/', as: lee, payload: { ...NONE, part_short: true, locations: [siteId] } });
    expect(limitedChoice.statusCode).toBe(400);
    expect(Object.keys(limitedChoice.json() as object)).toEqual(['part_short']);

    const part = await newPart('Last Nozzle', 1);
    const first = await newOrder(alice);
    const second = await newOrder(alice);
    const [a, b] = await Promise.all([issue(alice, first, part, 1), issue(alice, second, part, 1)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
    expect(((await ledgerOf(part)).results.map((e) => e.quantity_after)).sort()).toEqual([-1, 0, 1]);
    const shown = await partOf(part);
    expect([shown.quantity, shown.short]).toEqual([-1, true]);
    const short = (await t.request({ method: 'GET', url: '/api/v1/parts/short/', as: alice })).json() as Part[];
    expect(short.map((p) => p.id)).toContain(part);

    for (let i = 0; i < 3; i++) await t.app.notifications.tick();
    // Another issue while short: no new crossing, no new mail.
    expect((await issue(alice, first, part, 1)).statusCode).toBe(201);
    for (let i = 0; i < 3; i++) await t.app.notifications.tick();
    const notices = await t.database.db.selectFrom('notification_queue').select(['user_id', 'subject']).where('kind', '=', 'part_short').where('subject', 'like', '%Last Nozzle%').execute();
    expect(notices).toEqual([{ user_id: watcher.user.id, subject: 'Part short at Ledger Yard: Last Nozzle' }]);
  });

  it('a reorder point makes a part short at or under it; a count under it is told once', async () => {
    const part = await newPart('Reorder Hose', 6);
    expect((await partOf(part)).short).toBe(false);
    const set = await setCosts(part, { reorder_point: 6 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ reorder_point: 6, short: true, unit_cost: 0 });
    expect((await setCosts(part, { reorder_point: null })).json()).toMatchObject({ reorder_point: null, short: false });
    const history = (await t.request({ method: 'GET', url: `/api/v1/parts/${part}/activity/`, as: alice })).json() as Page<ActivityEntry>;
    expect(history.results.slice(0, 2).map((e) => [e.kind, e.details.became_short])).toEqual([
      ['edited', undefined],
      ['edited', true],
    ]);
    // A count that brings it to its reorder point makes it short; a lower count after does not again.
    await setCosts(part, { reorder_point: 3 });
    const count = (quantity: number) => t.request({ method: 'POST', url: '/api/v1/parts/partinventories/create/', as: alice, payload: { part, date: today(), quantity } });
    expect((await count(3)).statusCode).toBe(201);
    expect((await count(1)).statusCode).toBe(201);
    const counted = (await t.request({ method: 'GET', url: `/api/v1/parts/${part}/activity/`, as: alice })).json() as Page<ActivityEntry>;
    expect(counted.results.slice(0, 2).map((e) => [e.kind, e.details.became_short])).toEqual([
      ['counted', undefined],
      ['counted', true],
    ]);
    expect((await partOf(part)).short).toBe(true);
  });

  it('a replay with the same Idempotency-Key is one entry, answered the same', async () => {
    const part = await newPart('Replayed Kit', 5);
    const order = await newOrder(alice);
    const headers = { 'idempotency-key': 'parts-replay-0001' };
    const payload = { part_id: part, quantity: 2, kind: 'issue' };
    const once = await move(alice, order, payload, headers);
    const again = await move(alice, order, payload, headers);
    expect(once.statusCode, once.body).toBe(201);
    expect([again.statusCode, again.json()]).toEqual([201, once.json()]);
    expect(await listOf(alice, order)).toHaveLength(1);
    expect((await partOf(part)).quantity).toBe(3);
  });
});

describe("a part's costs and ledger", () => {
  it('PATCH sets the unit cost to the cent and the reorder point, else field errors', async () => {
    const part = await newPart('Costed Part', 1);
    expect((await setCosts(part, { unit_cost: 3.25, reorder_point: 0.5 })).json()).toMatchObject({ unit_cost: 3.25, reorder_point: 0.5 });
    expect((await t.database.db.selectFrom('parts').select('unit_cost_cents').where('id', '=', part).executeTakeFirstOrThrow()).unit_cost_cents).toBe(325);
    for (const [payload, field] of [
      [{ unit_cost: -1 }, 'unit_cost'],
      [{ unit_cost: 1.234 }, 'unit_cost'],
      [{ reorder_point: -0.5 }, 'reorder_point'],
      [{ reorder_point: 1.005 }, 'reorder_point'],
    ] as const) {
      const res = await setCosts(part, payload);
      expect([res.statusCode, Object.keys(res.json() as object)], res.body).toEqual([400, [field]]);
    }
    expect((await setCosts(part, {})).statusCode).toBe(400);
    expect((await setCosts(part, { unit_cost: 1 }, lee)).statusCode).toBe(403);
    expect((await setCosts(999_999, { unit_cost: 1 })).statusCode).toBe(404);
    expect(await partOf(part)).toMatchObject({ unit_cost: 3.25, reorder_point: 0.5 });
  });

  it('every fill, count, issue and return is an entry, newest first; the ledger adds up for every part', async () => {
    const part = await newPart('Ledger Pump', 2);
    const order = await newOrder(alice);
    const post = (path: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/v1/${path}`, as: alice, payload });
    expect((await post('parts/partfills/create/', { part, date: today(), quantity: 3.5 })).statusCode).toBe(201);
    expect((await post('parts/partinventories/create/', { part, date: today(), quantity: 4 })).statusCode).toBe(201);
    expect((await issue(alice, order, part, 3)).statusCode).toBe(201);
    expect((await giveBack(alice, order, part, 1)).statusCode).toBe(201);
    const page = await ledgerOf(part);
    expect(page.count).toBe(5);
    expect(page.results.map((e) => [e.kind, e.change, e.quantity_after, e.work_order_id])).toEqual([
      ['return', 1, 2, order],
      ['issue', -3, 1, order],
      ['count', -1.5, 4, null],
      ['fill', 3.5, 5.5, null],
      ['opening', 2, 2, null],
    ]);
    expect(page.results[0]).toMatchObject({ unit_cost: 0, reason: null, user: { id: alice.user.id } });
    expect(page.results[4]!.user).toBeNull();
    for (let i = 0; i < 9; i++) expect((await issue(alice, order, part, 1)).statusCode).toBe(201);
    const second = await ledgerOf(part, 2);
    expect([second.count, second.results.map((e) => e.kind)]).toEqual([14, ['issue', 'count', 'fill', 'opening']]);
    expect((await t.request({ method: 'GET', url: `/api/v1/parts/999999/ledger/`, as: alice })).statusCode).toBe(404);
    await expectLedgersAddUp();
  });

  it('devices pull the part, and the order of a move, again', async () => {
    const part = await newPart('Synced Part', 2);
    const order = await newOrder(alice);
    const head = Number((await t.database.db.selectFrom('change_log').select((eb) => eb.fn.max('seq').as('top')).executeTakeFirstOrThrow()).top ?? 0);
    expect((await issue(alice, order, part, 1)).statusCode).toBe(201);
    // PostgreSQL answers the bigint id as text.
    const logged = (await t.database.db.selectFrom('change_log').select(['entity', 'record_id']).where('seq', '>', head).execute()).map((r) => ({ entity: r.entity, record_id: Number(r.record_id) }));
    expect(logged).toEqual(expect.arrayContaining([{ entity: 'parts', record_id: part }, { entity: 'workorders', record_id: order }]));
  });
});

describe("a part's ledger as CSV", () => {
  const HEADERS = ['Date', 'Kind', 'Change', 'Quantity After', 'Unit Cost', 'Work Order', 'Reason', 'User'];
  const exportOf = (id: number, as: TestUser = alice) => t.request({ method: 'GET', url: `/api/v1/parts/${id}/ledger.csv`, as });

  it('every entry oldest first, its lines adding up to the quantity, unit costs of their time, a reason made plain text', async () => {
    const part = await newPart('Export Pump', 2);
    await setCosts(part, { unit_cost: 1.25 });
    const order = await newOrder(alice);
    expect((await t.request({ method: 'POST', url: '/api/v1/parts/partfills/create/', as: alice, payload: { part, date: today(), quantity: 3.5 } })).statusCode).toBe(201);
    expect((await issue(alice, order, part, 3)).statusCode).toBe(201);
    await setCosts(part, { unit_cost: 2 });
    expect((await giveBack(alice, order, part, 1)).statusCode).toBe(201);
    // An adjustment whose reason a spreadsheet would run as a formula (none is made through the API yet).
    await t.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('parts').set((eb) => ({ quantity: eb('quantity', '+', -0.5) })).where('id', '=', part).execute();
      await appendStockEntry(trx, { partId: part, kind: 'adjust', change: -0.5, reason: '=1+1', userId: alice.user.id, createdAt: new Date().toISOString() });
    });

    const res = await exportOf(part);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="part-${part}-ledger-${today()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = csvRecords(res.body, HEADERS);
    expect(rows.map((r) => [r.Kind, r.Change, r['Quantity After'], r['Unit Cost'], r['Work Order'], r.Reason, r.User])).toEqual([
      ['Opening balance', '2', '2', '0', '', '', ''],
      ['Fill', '3.5', '5.5', '1.25', '', '', 'Alice Anders'],
      ['Issued', '-3', '2.5', '1.25', String(order), '', 'Alice Anders'],
      ['Returned', '1', '3.5', '2', String(order), '', 'Alice Anders'],
      ['Adjusted', '-0.5', '3', '2', '', "'=1+1", 'Alice Anders'],
    ]);
    for (const row of rows) expect(row.Date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.body).toContain(`,"'=1+1",`);
    // The lines add up to the part's quantity, each Quantity After following from the line above.
    const { quantity } = await partOf(part);
    expect(rows.reduce((sum, r) => sum + Number(r.Change), 0)).toBeCloseTo(quantity, 6);
    rows.reduce((before, r) => {
      expect(Number(r['Quantity After'])).toBeCloseTo(before + Number(r.Change), 6);
      return Number(r['Quantity After']);
    }, 0);
    expect(Number(rows.at(-1)!['Quantity After'])).toBe(quantity);
    // The same entries as the ledger's pages, the other way round.
    expect(rows.map((r) => Number(r.Change))).toEqual((await ledgerOf(part)).results.map((e) => e.change).reverse());
    await expectLedgersAddUp();
  });

  it('reads a long ledger batch by batch, oldest first, no entry repeated or skipped', async () => {
    const part = await newPart('Busy Washer', 0);
    const ENTRIES = 1_201;
    const at = Date.parse('2026-01-01T00:00:00.000Z');
    const entries = Array.from({ length: ENTRIES }, (_, i) => ({
      part_id: part,
      kind: 'fill' as const,
      change: 1,
      quantity_after: i + 1,
      unit_cost_cents: 0,
      user_id: alice.user.id,
      created_at: new Date(at + i * 60_000).toISOString(),
    }));
    await t.database.db.transaction().execute(async (trx) => {
      for (let from = 0; from < ENTRIES; from += 400) await trx.insertInto('stock_entries').values(entries.slice(from, from + 400)).execute();
      await trx.updateTable('parts').set({ quantity: ENTRIES }).where('id', '=', part).execute();
    });
    const rows = csvRecords((await exportOf(part)).body, HEADERS);
    expect(rows.map((r) => Number(r['Quantity After']))).toEqual(entries.map((e) => e.quantity_after));
    expect(rows.map((r) => r.Date)).toEqual(entries.map((e) => e.created_at));
    await expectLedgersAddUp();
  });

  it('has the readers of the ledger, leaves Unit Cost out for users without full access, and answers 404 for an unknown part', async () => {
    const part = await newPart('Guarded Part', 1);
    // The part's ledger is full access's, as its JSON pages are.
    expect((await t.request({ method: 'GET', url: `/api/v1/parts/${part}/ledger/`, as: lee })).statusCode).toBe(403);
    const refused = await exportOf(part, lee);
    expect([refused.statusCode, refused.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    expect((await t.request({ method: 'GET', url: `/api/v1/parts/${part}/ledger.csv` })).statusCode).toBe(401);
    // Were a limited user to read it, the column would not be there, as `unit_cost` is null to them.
    expect(csvColumnsFor(STOCK_LEDGER_CSV_COLUMNS, false).map((c) => c.header)).toEqual(HEADERS.filter((h) => h !== 'Unit Cost'));
    expect(csvColumnsFor(STOCK_LEDGER_CSV_COLUMNS, true).map((c) => c.header)).toEqual(HEADERS);
    const missing = await exportOf(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
  });
});
