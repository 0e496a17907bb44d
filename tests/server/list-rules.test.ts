/**
 * The lists a device answers from the records it keeps (shared/rules/list-rules.ts) equal the
 * server's, on both engines: random records (names and descriptions with capitals, spaces, LIKE's
 * own `%`, `_` and `\`, equal names and equal times), then random queries (a location or none, a
 * search, any page up to one past the end), each answered by the API and by `localPage` over every
 * record the API lists. Same count, same records in the same order, the same page past the end.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../shared/api/common.js';
import { ASSET_LIST, CHEMICAL_LIST, LOCATION_LIST, PART_LIST, REQUEST_LIST, TASK_LIST, VENDOR_LIST, WORKORDER_LIST, localPage, type ListQuery, type ListRule } from '../../shared/rules/list-rules.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
});
afterAll(async () => {
  await t.close();
});

const RUNS = Number(process.env.LIST_RULE_RUNS ?? 12);

/** Short texts from a small alphabet, so that equal names, shared substrings and LIKE's escapes all occur. */
const text = fc.string({ unit: fc.constantFrom('a', 'B', 'c', 'D', ' ', '%', '_', '\\', '1', 'é'), minLength: 1, maxLength: 5 });
const day = fc.integer({ min: 1, max: 4 }).map((d) => `2026-0${d}-1${d}`);
const time = fc.integer({ min: 0, max: 3 }).map((h) => `2026-05-01T0${h}:00:00.000Z`);

interface Batch {
  locations: string[];
  orders: { at: number; description: string; created: string }[];
  tasks: { at: number; description: string; due: string | null }[];
  named: { at: number | null; name: string }[];
  vendors: string[];
  requests: { at: number; status: 'new' | 'accepted' | 'rejected' }[];
}

const batch: fc.Arbitrary<Batch> = fc.record({
  locations: fc.array(text, { minLength: 1, maxLength: 3 }),
  orders: fc.array(fc.record({ at: fc.nat(2), description: text, created: time }), { maxLength: 14 }),
  tasks: fc.array(fc.record({ at: fc.nat(2), description: text, due: fc.option(day, { nil: null }) }), { maxLength: 14 }),
  named: fc.array(fc.record({ at: fc.option(fc.nat(2), { nil: null }), name: text }), { maxLength: 14 }),
  vendors: fc.array(text, { maxLength: 12 }),
  requests: fc.array(fc.record({ at: fc.nat(2), status: fc.constantFrom('new' as const, 'accepted' as const, 'rejected' as const) }), { maxLength: 14 }),
});

const now = '2026-05-01T00:00:00.000Z';

/** Writes a batch straight into the database (the API would refuse some of these texts, such as blanks). */
async function insert(b: Batch): Promise<number[]> {
  const db = t.database.db;
  const ids: number[] = [];
  for (const name of b.locations) {
    const row = await db
      .insertInto('locations')
      .values({ location_type: 'OTHER', name, address: '', city: '', state: '', postal_code: '', phone_number: '', epos: null, verifone_id: null, sagenet_id: null, occ_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const at = (i: number) => ids[i % ids.length]!;
  for (const o of b.orders) {
    await db.insertInto('work_orders').values({ status: 'Pending', description: o.description, location_id: at(o.at), created_by_id: full.user.id, created_at: o.created, updated_at: o.created, assigned_to_id: null, claimed_at: null, field_notes: null, completed_at: null, completed_by_id: null }).execute();
  }
  for (const task of b.tasks) {
    await db
      .insertInto('maintenance_tasks')
      .values({ location_id: at(task.at), description: task.description, recurrence_interval: 7, last_completed_date: task.due, due_date: task.due, completed_through_system: 0, task_notes: null, created_by_id: null, created_at: now, updated_at: now, assigned_to_id: null, claimed_at: null, last_completed_by_id: null, last_completed_at: null, field_notes: null, updated_by_id: null })
      .execute();
  }
  for (const n of b.named) {
    const location_id = n.at === null ? null : at(n.at);
    await db.insertInto('assets').values({ brand: '', name: n.name, description: '', asset_type: 'OTHER', serial_number: 'S', location_id, acquisition_date: null, purchase_price: null, thumbnail: null, created_at: now, updated_at: now, updated_by_id: null }).execute();
    await db.insertInto('parts').values({ brand: '', name: n.name, description: '', part_type: 'OTHER', item_number: 'P', location_id, quantity: 1, thumbnail: null, created_at: now }).execute();
    const chemical = await db.insertInto('chemicals').values({ brand: '', name: n.name, description: '', chemical_type: 'Soap', thumbnail: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
    if (location_id !== null) await db.insertInto('chemical_locations').values({ chemical_id: chemical.id, location_id, current_quantity: 1 }).execute();
  }
  for (const name of b.vendors) {
    await db.insertInto('vendors').values({ name, address: '', city: '', state: '', postal_code: '', telephone_number: '', created_at: now, updated_at: now }).execute();
  }
  for (const r of b.requests) {
    await db
      .insertInto('work_requests')
      .values({ token: randomUUID(), idempotency_key: null, code: 'L-1', location_id: at(r.at), asset_id: null, description: 'd', name: null, email: null, phone: null, photo: null, photo_name: null, photo_type: null, photo_size: null, status: r.status, created_at: now })
      .execute();
  }
  return ids;
}

interface ListUnderTest<T> {
  name: string;
  path: string;
  rule: ListRule<T>;
  /** The URL parameter of the location filter; none for a list without one. */
  locationParam?: string;
  search?: boolean;
}

const LISTS: ListUnderTest<{ id: number }>[] = [
  { name: 'work orders', path: '/api/v1/workorders/', rule: WORKORDER_LIST as ListRule<{ id: number }>, locationParam: 'location', search: true },
  { name: 'maintenance tasks', path: '/api/v1/maintenance/tasks/', rule: TASK_LIST as ListRule<{ id: number }>, locationParam: 'location', search: true },
  { name: 'assets', path: '/api/v1/assets/list/', rule: ASSET_LIST as ListRule<{ id: number }>, locationParam: 'location' },
  { name: 'parts', path: '/api/v1/parts/list/', rule: PART_LIST as ListRule<{ id: number }>, locationParam: 'location' },
  { name: 'chemicals', path: '/api/v1/chemicals/list/', rule: CHEMICAL_LIST as ListRule<{ id: number }>, locationParam: 'locations__id' },
  { name: 'locations', path: '/api/v1/locations/', rule: LOCATION_LIST as ListRule<{ id: number }> },
  { name: 'vendors', path: '/api/v1/vendors/', rule: VENDOR_LIST as ListRule<{ id: number }> },
  { name: 'requests', path: '/api/v1/requests/', rule: REQUEST_LIST as ListRule<{ id: number }>, locationParam: 'location' },
];

async function serverPage(list: ListUnderTest<{ id: number }>, query: ListQuery): Promise<Page<{ id: number }> | null> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.location != null && list.locationParam) params.set(list.locationParam, String(query.location));
  if (query.search) params.set('search', query.search);
  const res = await t.request({ method: 'GET', url: `${list.path}?${params}`, as: full });
  if (res.statusCode === 404) return null;
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Every record the list holds, as a device that read all its pages would keep them. */
async function everything(list: ListUnderTest<{ id: number }>): Promise<{ id: number }[]> {
  const all: { id: number }[] = [];
  for (let page = 1; ; page++) {
    const answer = await serverPage(list, { page });
    if (!answer) return all;
    all.push(...answer.results);
    if (!answer.next) return all;
  }
}

describe('a list answered on the device equals the server’s', () => {
  it(`for random records and queries (${RUNS} batches)`, async () => {
    await fc.assert(
      fc.asyncProperty(batch, fc.array(fc.record({ location: fc.option(fc.nat(2), { nil: null }), search: fc.option(text, { nil: null }), page: fc.integer({ min: 1, max: 3 }) }), { minLength: 3, maxLength: 6 }), async (b, queries) => {
        const locationIds = await insert(b);
        for (const list of LISTS) {
          const records = await everything(list);
          for (const q of queries) {
            const query: ListQuery = {
              page: q.page,
              location: list.locationParam && q.location !== null ? locationIds[q.location % locationIds.length]! : null,
              search: list.search ? q.search : null,
            };
            const expected = localPage(records, list.rule, query);
            const actual = await serverPage(list, query);
            const label = `${list.name} ${JSON.stringify(query)}`;
            if (expected === null) {
              expect(actual, label).toBeNull();
              continue;
            }
            expect(actual, label).not.toBeNull();
            expect({ count: actual!.count, ids: actual!.results.map((r) => r.id) }, label).toEqual({ count: expected.count, ids: expected.results.map((r) => r.id) });
          }
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
