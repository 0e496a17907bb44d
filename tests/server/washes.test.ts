import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { inventoryApp } from '../helpers/inventory-app.js';
import { insertLocation, insertPackage, type LocationFixture } from '../helpers/inventory-fixtures.js';

let t: TestApp;
let full: TestUser;
let limited: TestUser;
let washA: LocationFixture;
let washB: LocationFixture;
let basic: number;
let deluxe: number;
let ultimate: number;
let otherBasic: number;
let today: string;

beforeAll(async () => {
  ({ t, full, limited, today, locations: [washA, washB] } = await inventoryApp([['Wash A', 1102], ['Wash B', 1104]]));
  const db = t.database.db;
  // sort_order decides first, then the name.
  ultimate = await insertPackage(db, washA.id, 'Ultimate', 3);
  deluxe = await insertPackage(db, washA.id, 'Deluxe', 2);
  basic = await insertPackage(db, washA.id, 'Basic', 2);
  otherBasic = await insertPackage(db, washB.id, 'Basic B', 1);
});
afterAll(async () => {
  await t.close();
});

const post = (payload: Record<string, unknown>, as: TestUser = full) => t.request({ method: 'POST', url: '/api/v1/washes/washrecords/', as, payload });
const recordCount = async () => Number((await t.database.db.selectFrom('wash_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('wash packages', () => {
  it('lists the packages of a location by sort order, then name', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/washes/packages/?location=${washA.id}`, as: full });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: basic, name: 'Basic', location: { id: washA.id, name: 'Wash A' } },
      { id: deluxe, name: 'Deluxe', location: { id: washA.id, name: 'Wash A' } },
      { id: ultimate, name: 'Ultimate', location: { id: washA.id, name: 'Wash A' } },
    ]);
    expect((await t.request({ method: 'GET', url: `/api/v1/washes/packages/?location=${washB.id}`, as: full })).json()).toEqual([
      { id: otherBasic, name: 'Basic B', location: { id: washB.id, name: 'Wash B' } },
    ]);
    expect((await t.request({ method: 'GET', url: '/api/v1/washes/packages/?location=999999', as: full })).json()).toEqual([]);
    const missing = await t.request({ method: 'GET', url: '/api/v1/washes/packages/', as: full });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ location: ['This field is required.'] });
  });
});

describe('recording wash counts', () => {
  it('records a count and answers with the record', async () => {
    const res = await post({ wash_package: deluxe, count: 42, location: washA.id, date: today });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      wash_package: { id: deluxe, name: 'Deluxe' },
      count: 42,
      location: { id: washA.id, name: 'Wash A' },
      date: today,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const row = await t.database.db.selectFrom('wash_records').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ wash_package_id: deluxe, location_id: washA.id, count: 42, date: today, user_id: full.user.id });
    // Zero is a count too (an empty field becomes 0 on the client), and an integer string is read as an integer.
    expect((await post({ wash_package: basic, count: 0, location: washA.id, date: today })).statusCode).toBe(201);
    expect((await post({ wash_package: basic, count: '7', location: washA.id, date: today })).json().count).toBe(7);
  });

  it('a replayed wash count (same Idempotency-Key) is recorded once', async () => {
    const before = await recordCount();
    const send = () =>
      t.request({ method: 'POST', url: '/api/v1/washes/washrecords/', as: full, headers: { 'idempotency-key': 'wash-replay-0001' }, payload: { wash_package: ultimate, count: 3, location: washA.id, date: today } });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await recordCount()).toBe(before + 1);
  });

  it('takes the date the device gave: yesterday (queued and synced today) and tomorrow (a zone ahead) are kept, the day after is refused', async () => {
    for (const date of [addDays(today, -1), addDays(today, 1)]) {
      const res = await post({ wash_package: otherBasic, count: 2, location: washB.id, date });
      expect(res.statusCode).toBe(201);
      expect(res.json().date).toBe(date);
    }
    const before = await recordCount();
    const late = await post({ wash_package: otherBasic, count: 2, location: washB.id, date: addDays(today, 2) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ date: ['Date cannot be more than one day in the future.'] });
    expect(await recordCount()).toBe(before);
  });

  it('rejects bad counts, dates, packages and locations, changing nothing', async () => {
    const before = await recordCount();
    const ok = { wash_package: basic, count: 5, location: washA.id, date: today };
    const cases: [Record<string, unknown>, unknown][] = [
      [{ count: 'abc' }, { count: ['A valid integer is required.'] }],
      [{ count: 2.5 }, { count: ['A valid integer is required.'] }],
      [{ count: '2.5' }, { count: ['A valid integer is required.'] }],
      [{ count: 'NaN' }, { count: ['A valid integer is required.'] }],
      [{ count: null }, { count: ['This field may not be null.'] }],
      [{ count: undefined }, { count: ['This field is required.'] }],
      [{ count: -1 }, { count: ['Ensure this value is greater than or equal to 0.'] }],
      [{ count: 1_000_000 }, { count: ['Ensure this value is less than 1000000.'] }],
      [{ count: 1e20 }, { count: ['Ensure this value is less than 1000000.'] }],
      [{ date: addDays(today, 2) }, { date: ['Date cannot be more than one day in the future.'] }],
      [{ date: '2023-13-01' }, { date: ['Date has wrong format. Use YYYY-MM-DD.'] }],
      [{ wash_package: otherBasic }, { wash_package: ['This wash package does not belong to the chosen location.'] }],
      [{ wash_package: 999999 }, { wash_package: ['Invalid pk "999999" - object does not exist.'] }],
      [{ location: 999999 }, { location: ['Invalid pk "999999" - object does not exist.'] }],
      [{ location: 'x' }, { location: ['A valid integer is required.'] }],
    ];
    for (const [change, expected] of cases) {
      const res = await post({ ...ok, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    expect(await recordCount()).toBe(before);
  });
});

describe('wash record list and package totals', () => {
  let later: TestApp;
  let user: TestUser;
  let site: LocationFixture;
  let other: LocationFixture;
  let p1: number;
  let p2: number;
  let idle: number;
  let q1: number;

  beforeAll(async () => {
    later = await createTestApp();
    user = await later.createUser({ full: true });
    site = await insertLocation(later.database.db, 'Totals Wash', 1102);
    other = await insertLocation(later.database.db, 'Other Wash', 1104);
    p1 = await insertPackage(later.database.db, site.id, 'Express', 1);
    p2 = await insertPackage(later.database.db, site.id, 'Premium', 2);
    idle = await insertPackage(later.database.db, site.id, 'Unused', 3);
    q1 = await insertPackage(later.database.db, other.id, 'Other Express', 1);
    const d = (n: number) => addDays(todayIn(later.config.timeZone), -n);
    const records = [
      ...Array.from({ length: 12 }, (_, i) => ({ wash_package: i % 2 ? p2 : p1, count: i + 1, location: site.id, date: d(i) })),
      { wash_package: q1, count: 100, location: other.id, date: d(0) },
    ];
    for (const r of records) {
      const res = await later.request({ method: 'POST', url: '/api/v1/washes/washrecords/', as: user, payload: r });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await later.close();
  });

  const list = (query: string) => later.request({ method: 'GET', url: `/api/v1/washes/washrecords/${query}`, as: user });

  it('pages the records of a location newest first with totals of every package, unused ones at 0', async () => {
    const first = await list(`?location=${site.id}`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(12);
    expect(body.previous).toBeNull();
    expect(body.results).toHaveLength(10);
    const dates = body.results.map((r: { date: string }) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      wash_package: { id: p1, name: 'Express' },
      count: 1,
      location: { id: site.id, name: 'Totals Wash' },
      date: todayIn(later.config.timeZone),
      created_at: expect.any(String),
    });
    // Express got 1+3+5+7+9+11, Premium 2+4+6+8+10+12.
    expect(body.package_totals).toEqual([
      { package: { id: p1, name: 'Express' }, total: 36 },
      { package: { id: p2, name: 'Premium' }, total: 42 },
      { package: { id: idle, name: 'Unused' }, total: 0 },
    ]);
    const second = await list(`?location=${site.id}&page=2`);
    expect(second.json().results.map((r: { count: number }) => r.count)).toEqual([11, 12]);
    expect(second.json().next).toBeNull();
    expect(second.json().package_totals).toEqual(body.package_totals);
    expect((await list(`?location=${site.id}&page=3`)).json()).toEqual({ detail: 'Invalid page.' });
  });

  it('lists every location without the filter, and filters by date range', async () => {
    const all = await list('');
    expect(all.json().count).toBe(13);
    expect(all.json().package_totals).toEqual([
      { package: { id: q1, name: 'Other Express' }, total: 100 },
      { package: { id: p1, name: 'Express' }, total: 36 },
      { package: { id: p2, name: 'Premium' }, total: 42 },
      { package: { id: idle, name: 'Unused' }, total: 0 },
    ]);
    const today = todayIn(later.config.timeZone);
    const ranged = await list(`?location=${site.id}&start=${addDays(today, -3)}&end=${addDays(today, -1)}`);
    expect(ranged.json().count).toBe(3);
    expect(ranged.json().results.map((r: { count: number }) => r.count)).toEqual([2, 3, 4]);
    expect(ranged.json().package_totals).toEqual([
      { package: { id: p1, name: 'Express' }, total: 3 },
      { package: { id: p2, name: 'Premium' }, total: 6 },
      { package: { id: idle, name: 'Unused' }, total: 0 },
    ]);
    expect((await list(`?start=${today}`)).json().count).toBe(2);
    expect((await list('?start=yesterday')).json()).toEqual({ start: ['Date has wrong format. Use YYYY-MM-DD.'] });
    expect((await list(`?start=${today}&end=${addDays(today, -1)}`)).json()).toEqual({ end: ['The end date must not be before the start date.'] });
  });
});

describe('wash permissions', () => {
  it('visitors get 401 and limited users 403 on every wash endpoint, changing nothing', async () => {
    const before = await recordCount();
    const calls = [
      { method: 'GET' as const, url: `/api/v1/washes/packages/?location=${washA.id}` },
      { method: 'GET' as const, url: '/api/v1/washes/washrecords/' },
      { method: 'POST' as const, url: '/api/v1/washes/washrecords/', payload: { wash_package: basic, count: 1, location: washA.id, date: today } },
    ];
    for (const call of calls) {
      expect((await t.request(call)).statusCode).toBe(401);
      expect((await t.request({ ...call, as: limited })).statusCode).toBe(403);
    }
    expect(await recordCount()).toBe(before);
  });
});
