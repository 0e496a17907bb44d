/**
 * GET /api/v1/kpis/ (docs/decisions.md: Key figures on /home) on constructed data with known
 * answers: open work orders by status, age and location; mean times to claim and complete in this
 * period and the one before; maintenance compliance over 30 and 90 days and the tasks past due;
 * chemical use per 1,000 cars at the car-wash sites. Rows are inserted with chosen times, away from
 * every boundary; the boundaries themselves are held with a fixed moment through KpiFigures.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kpis } from '../../shared/api/kpis.js';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { backfillDueDates } from '../../src-server/db/migrations/0013_kpi_times.js';
import type { Database } from '../../src-server/db/schema.js';
import { buildRepositories } from '../../src-server/db/repositories.js';
import { KpiFigures } from '../../src-server/modules/kpis/kpis.figures.js';
import { shiftMonth } from '../../src-server/modules/kpis/kpis.periods.js';
import { insertChemical, insertLocation, insertPackage, stockChemical, type LocationFixture } from '../helpers/inventory-fixtures.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

type Db = Kysely<Database>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const URL = '/api/v1/kpis/';

/** A work order with chosen times; `claimedAgo`/`completedAgo` in ms before `now`. */
async function insertOrder(
  db: Db,
  now: number,
  o: { location: number; by: number; status: 'Pending' | 'Claimed' | 'Completed'; createdAgo: number; claimedAgo?: number; completedAgo?: number },
): Promise<number> {
  const at = (ago: number | undefined) => (ago === undefined ? null : new Date(now - ago).toISOString());
  const row = await db
    .insertInto('work_orders')
    .values({
      status: o.status,
      description: `${o.status} order`,
      location_id: o.location,
      created_by_id: o.by,
      created_at: at(o.createdAgo)!,
      updated_at: at(o.createdAgo)!,
      assigned_to_id: o.status === 'Pending' ? null : o.by,
      claimed_at: at(o.claimedAgo),
      completed_at: at(o.completedAgo),
      completed_by_id: o.status === 'Completed' ? o.by : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertTask(db: Db, t: { location: number; interval: number; due: string | null; claimedBy?: number }): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('maintenance_tasks')
    .values({
      location_id: t.location,
      description: 'Check the filters',
      recurrence_interval: t.interval,
      last_completed_date: t.due === null ? null : addDays(t.due, -t.interval),
      due_date: t.due,
      completed_through_system: 1,
      created_at: now,
      updated_at: now,
      assigned_to_id: t.claimedBy ?? null,
      claimed_at: t.claimedBy ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertCompletion(db: Db, taskId: number, by: number, day: string, due: string | null): Promise<void> {
  await db.insertInto('task_completions').values({ task_id: taskId, completed_by_id: by, completed_at: `${day}T12:00:00.000Z`, completed_date: day, field_notes: null, due_date: due }).execute();
}

async function insertQuantity(db: Db, kind: 'fill' | 'inventory', chemicalLocationId: number, date: string, quantity: number, by: number): Promise<void> {
  await db.insertInto('quantity_records').values({ kind, chemical_location_id: chemicalLocationId, part_id: null, date, quantity, user_id: by, created_at: new Date().toISOString() }).execute();
}

async function insertWash(db: Db, packageId: number, locationId: number, date: string, count: number, by: number): Promise<void> {
  await db.insertInto('wash_records').values({ wash_package_id: packageId, location_id: locationId, count, date, user_id: by, created_at: new Date().toISOString() }).execute();
}

const ages = (days_0_1: number, days_2_7: number, days_8_30: number, over_30: number) => ({ days_0_1, days_2_7, days_8_30, over_30 });

describe('key figures on a constructed site', () => {
  let t: TestApp;
  let full: TestUser;
  let limited: TestUser;
  let staff: TestUser;
  let alpha: LocationFixture;
  let bravo: LocationFixture;
  let washOne: LocationFixture;
  let washTwo: LocationFixture;
  let today: string;
  let thisMonth: string;
  let lastMonth: string;

  const kpis = async (query = '', as: TestUser = full): Promise<Kpis> => {
    const res = await t.request({ method: 'GET', url: `${URL}${query}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    // The default chemical sites: 1102 and 1104 wash cars, 3003 has the inventory report (no washes), 1311 is not a location here.
    t = await createTestApp();
    full = await t.createUser({ full: true, firstName: 'Alice', lastName: 'Anders' });
    limited = await t.createUser();
    staff = await t.createUser({ staff: true });
    const db = t.database.db;
    const by = full.user.id;
    alpha = await insertLocation(db, 'Alpha Store');
    bravo = await insertLocation(db, 'Bravo Store');
    washOne = await insertLocation(db, 'Wash One', 1102);
    washTwo = await insertLocation(db, 'Wash Two', 1104);
    const report = await insertLocation(db, 'Report Site', 3003);
    today = todayIn(t.config.timeZone);
    thisMonth = today.slice(0, 7);
    lastMonth = shiftMonth(thisMonth, -1);

    const now = Date.now();
    // Open: Alpha has a Pending order 1 h old (0–1), a Pending one 3 days old (2–7) and a Claimed
    // one 10 days old (8–30, claimed 9 days ago); Bravo a Pending one 40 days old (over 30) and a
    // Claimed one 36 h old (0–1, claimed 1 h ago).
    await insertOrder(db, now, { location: alpha.id, by, status: 'Pending', createdAgo: HOUR });
    await insertOrder(db, now, { location: alpha.id, by, status: 'Pending', createdAgo: 3 * DAY });
    await insertOrder(db, now, { location: alpha.id, by, status: 'Claimed', createdAgo: 10 * DAY, claimedAgo: 9 * DAY });
    await insertOrder(db, now, { location: bravo.id, by, status: 'Pending', createdAgo: 40 * DAY });
    await insertOrder(db, now, { location: bravo.id, by, status: 'Claimed', createdAgo: 36 * HOUR, claimedAgo: HOUR });
    // Completed: one in this period (claimed 2 h after creation, completed a day after it) and one
    // in the period before (claimed a day after creation, completed 5 days after it).
    await insertOrder(db, now, { location: alpha.id, by, status: 'Completed', createdAgo: 5 * DAY, claimedAgo: 5 * DAY - 2 * HOUR, completedAgo: 4 * DAY });
    await insertOrder(db, now, { location: bravo.id, by, status: 'Completed', createdAgo: 45 * DAY, claimedAgo: 44 * DAY, completedAgo: 40 * DAY });
    // Older than both periods: counted nowhere.
    await insertOrder(db, now, { location: bravo.id, by, status: 'Completed', createdAgo: 200 * DAY, claimedAgo: 199 * DAY, completedAgo: 190 * DAY });

    // Maintenance: completions 10 days ago (late), 3 days ago (on its due day), 20 days ago (a day
    // early), 5 days ago without a due date, 50 days ago (late, in 90 days only), 100 days ago (in neither).
    const weekly = await insertTask(db, { location: alpha.id, interval: 7, due: addDays(today, -2) });
    const monthly = await insertTask(db, { location: bravo.id, interval: 30, due: addDays(today, -1), claimedBy: by });
    const dueToday = await insertTask(db, { location: alpha.id, interval: 30, due: today });
    await insertTask(db, { location: bravo.id, interval: 90, due: addDays(today, -30) });
    await insertTask(db, { location: bravo.id, interval: 30, due: null });
    await insertCompletion(db, weekly, by, addDays(today, -10), addDays(today, -12));
    await insertCompletion(db, weekly, by, addDays(today, -3), addDays(today, -3));
    await insertCompletion(db, monthly, by, addDays(today, -20), addDays(today, -19));
    await insertCompletion(db, dueToday, by, addDays(today, -5), null);
    await insertCompletion(db, monthly, by, addDays(today, -50), addDays(today, -55));
    await insertCompletion(db, monthly, by, addDays(today, -100), addDays(today, -101));

    // Chemicals: Wash One fills 10 + 2.5 gallons of soap and 3 sacks of salt this month and 6
    // gallons last month, washing 200 + 50 cars this month and 300 last month; a count (not a
    // fill) and a fill seven months ago are not counted. Wash Two fills 8 gallons and washes no
    // car. The report site fills too but washes no cars by design: it is not a car-wash site.
    const soap = await insertChemical(db, { name: 'Triple Foam', chemical_type: 'Soap' });
    const salt = await insertChemical(db, { name: 'Softener Salt', chemical_type: 'Salt' });
    const soapOne = await stockChemical(db, soap, washOne.id, 0);
    const saltOne = await stockChemical(db, salt, washOne.id, 0);
    const soapTwo = await stockChemical(db, soap, washTwo.id, 0);
    const soapReport = await stockChemical(db, soap, report.id, 0);
    const firstOfMonth = `${thisMonth}-01`;
    await insertQuantity(db, 'fill', soapOne, firstOfMonth, 10, by);
    await insertQuantity(db, 'fill', soapOne, firstOfMonth, 2.5, by);
    await insertQuantity(db, 'fill', saltOne, firstOfMonth, 3, by);
    await insertQuantity(db, 'inventory', soapOne, firstOfMonth, 100, by);
    await insertQuantity(db, 'fill', soapOne, `${lastMonth}-15`, 6, by);
    await insertQuantity(db, 'fill', soapOne, `${shiftMonth(thisMonth, -7)}-15`, 99, by);
    await insertQuantity(db, 'fill', soapTwo, firstOfMonth, 8, by);
    await insertQuantity(db, 'fill', soapReport, firstOfMonth, 40, by);
    const basic = await insertPackage(db, washOne.id, 'Basic');
    const deluxe = await insertPackage(db, washOne.id, 'Deluxe');
    await insertWash(db, basic, washOne.id, firstOfMonth, 200, by);
    await insertWash(db, deluxe, washOne.id, firstOfMonth, 50, by);
    await insertWash(db, basic, washOne.id, `${lastMonth}-15`, 300, by);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts open work orders by status and age, per location by name', async () => {
    const figures = await kpis();
    expect(figures.period_days).toBe(30);
    expect(figures.today).toBe(today);
    expect(Math.abs(Date.now() - Date.parse(figures.as_of))).toBeLessThan(60_000);
    expect(figures.open_work_orders).toEqual({
      pending: 3,
      claimed: 2,
      total: 5,
      by_age: ages(2, 1, 1, 1),
      locations: [
        { location: alpha, pending: 2, claimed: 1, total: 3, by_age: ages(1, 1, 1, 0) },
        { location: bravo, pending: 1, claimed: 1, total: 2, by_age: ages(1, 0, 0, 1) },
      ],
    });
  });

  it('gives mean times to claim and to complete for this period and the one before', async () => {
    const { response_times: times } = await kpis();
    // Claims this period: 1 day, 35 h and 2 h after creation. The period before: one, 1 day after.
    expect(times.current.to_claim).toEqual({ count: 3, mean_seconds: (DAY + 35 * HOUR + 2 * HOUR) / 3 / 1000 });
    expect(times.previous.to_claim).toEqual({ count: 1, mean_seconds: DAY / 1000 });
    expect(times.current.to_complete).toEqual({ count: 1, mean_seconds: DAY / 1000 });
    expect(times.previous.to_complete).toEqual({ count: 1, mean_seconds: (5 * DAY) / 1000 });
    expect(Date.parse(times.current.end) - Date.parse(times.current.start)).toBe(30 * DAY + 1);
    expect(times.previous.end).toBe(times.current.start);
    expect(Date.parse(times.previous.end) - Date.parse(times.previous.start)).toBe(30 * DAY);
  });

  it('gives maintenance compliance over 30 and 90 days and the tasks past due now', async () => {
    const { maintenance } = await kpis();
    expect(maintenance.windows).toEqual([
      { days: 30, since: addDays(today, -29), completions: 4, with_due_date: 3, on_time: 2, share: 2 / 3 },
      { days: 90, since: addDays(today, -89), completions: 5, with_due_date: 4, on_time: 2, share: 0.5 },
    ]);
    // Past due: the weekly task at Alpha and the 90-day one at Bravo; the claimed one, the one due
    // today and the one never completed are not.
    expect(maintenance.past_due).toBe(2);
    expect(maintenance.past_due_locations).toEqual([
      { location: alpha, count: 1 },
      { location: bravo, count: 1 },
    ]);
  });

  it('gives chemical use per 1,000 cars washed per car-wash site and month, null where no car was washed', async () => {
    const { chemical_usage: usage } = await kpis();
    const months = [-5, -4, -3, -2, -1, 0].map((offset) => shiftMonth(thisMonth, offset));
    expect(usage.months).toEqual(months);
    const quiet = (units: ('gallons' | 'sacks')[]) => units.map((unit) => ({ unit, filled: 0, per_1000_cars: null }));
    expect(usage.sites).toEqual([
      {
        location: washOne,
        months: [
          ...months.slice(0, 4).map((month) => ({ month, cars_washed: 0, amounts: quiet(['gallons', 'sacks']) })),
          {
            month: lastMonth,
            cars_washed: 300,
            amounts: [
              { unit: 'gallons', filled: 6, per_1000_cars: 20 },
              { unit: 'sacks', filled: 0, per_1000_cars: 0 },
            ],
          },
          {
            month: thisMonth,
            cars_washed: 250,
            amounts: [
              { unit: 'gallons', filled: 12.5, per_1000_cars: 50 },
              { unit: 'sacks', filled: 3, per_1000_cars: 12 },
            ],
          },
        ],
      },
      {
        location: washTwo,
        months: [...months.slice(0, 5).map((month) => ({ month, cars_washed: 0, amounts: quiet(['gallons']) })), { month: thisMonth, cars_washed: 0, amounts: [{ unit: 'gallons', filled: 8, per_1000_cars: null }] }],
      },
    ]);
  });

  it('takes another period: a one-day period has nothing the day before, four days count from 3 days back', async () => {
    const figures = await kpis('?period=1');
    expect(figures.period_days).toBe(1);
    expect(figures.response_times.current.to_claim).toEqual({ count: 1, mean_seconds: 35 * 3600 });
    expect(figures.response_times.previous.to_claim).toEqual({ count: 0, mean_seconds: null });
    expect(figures.response_times.previous.to_complete).toEqual({ count: 0, mean_seconds: null });
    expect(figures.maintenance.windows.map((w) => [w.days, w.completions, w.share])).toEqual([
      [1, 0, null],
      [3, 0, null],
    ]);
    // Four days: today back to 3 days ago (on its due day); twelve: also 10 days ago (late) and 5 days ago (no due date).
    expect((await kpis('?period=4')).maintenance.windows).toEqual([
      { days: 4, since: addDays(today, -3), completions: 1, with_due_date: 1, on_time: 1, share: 1 },
      { days: 12, since: addDays(today, -11), completions: 3, with_due_date: 2, on_time: 1, share: 0.5 },
    ]);
    // Open orders and chemical use do not depend on the period.
    expect(figures.open_work_orders.total).toBe(5);
    expect((await kpis('?period=365')).maintenance.windows.map((w) => [w.days, w.completions])).toEqual([
      [365, 6],
      [1095, 6],
    ]);
  });

  it('refuses a period out of range or not a whole number with a 400 naming the field', async () => {
    const ask = (period: string) => t.request({ method: 'GET', url: `${URL}?period=${period}`, as: full });
    for (const [period, message] of [
      ['0', 'Ensure this value is greater than or equal to 1.'],
      ['-5', 'Ensure this value is greater than or equal to 1.'],
      ['366', 'Ensure this value is less than or equal to 365.'],
      ['abc', 'A valid integer is required.'],
      ['1.5', 'A valid integer is required.'],
    ]) {
      const res = await ask(period!);
      expect(res.statusCode, period).toBe(400);
      expect(res.json(), period).toEqual({ period: [message] });
    }
  });

  it('answers full-access and staff users only: a limited user gets the refusal every full-access route gives', async () => {
    const refused = await t.request({ method: 'GET', url: URL, as: limited });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await kpis('', staff)).open_work_orders.total).toBe(5);
  });

  it('counts what the app writes at once: a claim through the API, and a task completed late', async () => {
    const before = await kpis();
    const created = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: { location_id: alpha.id, description: 'Door sticks' } });
    const id = created.json().id as number;
    expect((await t.request({ method: 'POST', url: `/api/v1/workorders/${id}/claim/`, as: full })).statusCode).toBe(200);
    const task = await insertTask(t.database.db, { location: alpha.id, interval: 7, due: addDays(today, -4) });
    expect((await t.request({ method: 'POST', url: `/api/v1/maintenance/tasks/${task}/claim/`, as: full })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/v1/maintenance/tasks/${task}/complete/`, as: full, payload: {} })).statusCode).toBe(200);
    const stored = await t.database.db.selectFrom('task_completions').select(['completed_date', 'due_date']).where('task_id', '=', task).execute();
    expect(stored).toEqual([{ completed_date: today, due_date: addDays(today, -4) }]);

    const after = await kpis();
    expect(after.open_work_orders.claimed).toBe(before.open_work_orders.claimed + 1);
    expect(after.open_work_orders.locations[0]!.by_age.days_0_1).toBe(before.open_work_orders.locations[0]!.by_age.days_0_1 + 1);
    expect(after.response_times.current.to_claim.count).toBe(before.response_times.current.to_claim.count + 1);
    expect(after.maintenance.windows[0]).toMatchObject({ completions: 5, with_due_date: 4, on_time: 2, share: 0.5 });
  });
});

describe('key figures of an empty site', () => {
  let t: TestApp;
  let full: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    full = await t.createUser({ full: true });
    await insertLocation(t.database.db, 'Quiet Wash', 1102);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers zeros and nulls, never a division by zero', async () => {
    const res = await t.request({ method: 'GET', url: URL, as: full });
    expect(res.statusCode).toBe(200);
    const figures: Kpis = res.json();
    expect(figures.open_work_orders).toEqual({ pending: 0, claimed: 0, total: 0, by_age: ages(0, 0, 0, 0), locations: [] });
    for (const window of [figures.response_times.current, figures.response_times.previous]) {
      expect(window.to_claim).toEqual({ count: 0, mean_seconds: null });
      expect(window.to_complete).toEqual({ count: 0, mean_seconds: null });
    }
    expect(figures.maintenance).toEqual({
      windows: [
        { days: 30, since: addDays(figures.today, -29), completions: 0, with_due_date: 0, on_time: 0, share: null },
        { days: 90, since: addDays(figures.today, -89), completions: 0, with_due_date: 0, on_time: 0, share: null },
      ],
      past_due: 0,
      past_due_locations: [],
    });
    // A car-wash site with no fill and no wash: its months, with nothing in them.
    expect(figures.chemical_usage.sites).toEqual([{ location: { id: 1102, name: 'Quiet Wash' }, months: figures.chemical_usage.months.map((month) => ({ month, cars_washed: 0, amounts: [] })) }]);
  });
});

describe('key figures at their boundaries (a fixed moment)', () => {
  const NOW = new Date('2026-03-15T12:00:00.000Z');
  const TODAY = '2026-03-15';
  let t: TestApp;
  let figures: KpiFigures;
  let by: number;
  let store: LocationFixture;

  beforeAll(async () => {
    t = await createTestApp();
    by = (await t.createUser({ full: true })).user.id;
    store = await insertLocation(t.database.db, 'Edge Store');
    await insertLocation(t.database.db, 'Edge Wash', 1102);
    figures = new KpiFigures(buildRepositories(t.database.db, t.database.dialect, t.config.site), t.config.site, t.config.timeZone);
  });
  afterAll(async () => {
    await t.close();
  });

  it('puts an order of exactly 2, 8 and 31 days in the older band, and one a millisecond younger in the newer', async () => {
    const db = t.database.db;
    const now = NOW.getTime();
    for (const days of [2, 8, 31]) {
      await insertOrder(db, now, { location: store.id, by, status: 'Pending', createdAgo: days * DAY });
      await insertOrder(db, now, { location: store.id, by, status: 'Pending', createdAgo: days * DAY - 1 });
    }
    const { open_work_orders: open } = await figures.compute(30, NOW);
    expect(open.by_age).toEqual(ages(1, 2, 2, 1));
  });

  it('counts a claim or completion exactly a period back in that period, and one a millisecond earlier in the one before', async () => {
    const db = t.database.db;
    const now = NOW.getTime();
    // Claimed exactly 30 days back (this period, an hour after creation), completed now (this period).
    await insertOrder(db, now, { location: store.id, by, status: 'Completed', createdAgo: 30 * DAY + HOUR, claimedAgo: 30 * DAY, completedAgo: 0 });
    // Claimed and completed a millisecond before this period began: the period before, a day less a millisecond after creation.
    await insertOrder(db, now, { location: store.id, by, status: 'Completed', createdAgo: 31 * DAY, claimedAgo: 30 * DAY + 1, completedAgo: 30 * DAY + 1 });
    // Completed exactly 60 days back (the period before, a day after creation); claimed a millisecond before it began.
    await insertOrder(db, now, { location: store.id, by, status: 'Completed', createdAgo: 61 * DAY, claimedAgo: 60 * DAY + 1, completedAgo: 60 * DAY });
    // Completed a millisecond before the period before began: in neither.
    await insertOrder(db, now, { location: store.id, by, status: 'Completed', createdAgo: 62 * DAY, claimedAgo: 61 * DAY, completedAgo: 60 * DAY + 1 });
    const { response_times: times } = await figures.compute(30, NOW);
    expect(times.current.start).toBe('2026-02-13T12:00:00.000Z');
    expect(times.previous.start).toBe('2026-01-14T12:00:00.000Z');
    expect(times.current.to_claim).toEqual({ count: 1, mean_seconds: 3600 });
    expect(times.previous.to_claim).toEqual({ count: 1, mean_seconds: 86_400 });
    expect(times.current.to_complete).toEqual({ count: 1, mean_seconds: (30 * DAY + HOUR) / 1000 });
    expect(times.previous.to_complete).toEqual({ count: 2, mean_seconds: 86_400 });
  });

  it('counts completions from the 30th day back (today included) and chemical months from the first of the sixth month back', async () => {
    const db = t.database.db;
    const task = await insertTask(db, { location: store.id, interval: 30, due: addDays(TODAY, 10) });
    await insertCompletion(db, task, by, addDays(TODAY, -29), addDays(TODAY, -29));
    await insertCompletion(db, task, by, addDays(TODAY, -30), addDays(TODAY, -31));
    await insertCompletion(db, task, by, addDays(TODAY, -89), addDays(TODAY, -80));
    await insertCompletion(db, task, by, addDays(TODAY, -90), addDays(TODAY, -80));
    const wash = (await db.selectFrom('locations').select('id').where('id', '=', 1102).executeTakeFirstOrThrow()).id;
    const soap = await stockChemical(db, await insertChemical(db, { name: 'Wax' }), wash, 0);
    const pkg = await insertPackage(db, wash, 'Basic');
    await insertQuantity(db, 'fill', soap, '2025-09-30', 5, by);
    await insertQuantity(db, 'fill', soap, '2025-10-01', 2, by);
    await insertQuantity(db, 'fill', soap, '2026-04-01', 7, by);
    await insertWash(db, pkg, wash, '2025-10-01', 400, by);
    await insertWash(db, pkg, wash, '2026-04-01', 100, by);

    const result = await figures.compute(30, NOW);
    expect(result.today).toBe(TODAY);
    expect(result.maintenance.windows).toEqual([
      { days: 30, since: '2026-02-14', completions: 1, with_due_date: 1, on_time: 1, share: 1 },
      { days: 90, since: '2025-12-16', completions: 3, with_due_date: 3, on_time: 2, share: 2 / 3 },
    ]);
    expect(result.chemical_usage.months).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    const [site] = result.chemical_usage.sites;
    expect(site!.months[0]).toEqual({ month: '2025-10', cars_washed: 400, amounts: [{ unit: 'gallons', filled: 2, per_1000_cars: 5 }] });
    expect(site!.months.slice(1).every((m) => m.cars_washed === 0 && m.amounts[0]!.filled === 0)).toBe(true);
  });

  it('steps months across a year', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-03', -5)).toBe('2025-10');
  });
});

describe('migration 0013: due dates of completions made before it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives each completion the previous one plus the interval, and none to a task first completion', async () => {
    const db = t.database.db;
    const by = (await t.createUser({ full: true })).user.id;
    const store = await insertLocation(db, 'Old Store');
    const weekly = await insertTask(db, { location: store.id, interval: 7, due: '2026-01-20' });
    const monthly = await insertTask(db, { location: store.id, interval: 30, due: '2026-02-01' });
    await insertCompletion(db, weekly, by, '2026-01-13', null);
    await insertCompletion(db, weekly, by, '2026-01-01', null);
    await insertCompletion(db, weekly, by, '2026-01-05', null);
    await insertCompletion(db, monthly, by, '2026-01-02', null);
    await backfillDueDates(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('task_completions').select(['task_id', 'completed_date', 'due_date']).orderBy('task_id').orderBy('completed_date').execute();
    expect(rows).toEqual([
      { task_id: weekly, completed_date: '2026-01-01', due_date: null },
      { task_id: weekly, completed_date: '2026-01-05', due_date: '2026-01-08' },
      { task_id: weekly, completed_date: '2026-01-13', due_date: '2026-01-12' },
      { task_id: monthly, completed_date: '2026-01-02', due_date: null },
    ]);
  });
});
