/**
 * The change log (db/migrations/0011_change_log.ts), on both engines: every write to a record that
 * devices keep appends a numbered row in the write's own transaction, whichever path wrote it; a
 * rolled-back write leaves none; a delete leaves a tombstone; a location's change is its records'
 * change too; numbers follow commit order; compaction removes old rows and raises the floor.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src-server/db/schema.js';
import { ChangeLogRepository, type Change } from '../../src-server/modules/sync/change-log.repository.js';
import { createTestApp, usesPostgres, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let db: Kysely<Database>;
let log: ChangeLogRepository;

beforeAll(async () => {
  t = await createTestApp();
  full = await t.createUser({ full: true });
  db = t.database.db;
  log = new ChangeLogRepository(db);
});
afterAll(async () => {
  await t.close();
});

const place = { location_type: 'OTHER', address: '1 Test Way', city: 'Dallas', state: 'TX', postal_code: '75001' };

async function newLocation(name: string): Promise<number> {
  const res = await t.request({ method: 'POST', url: '/api/v1/locations/', as: full, payload: { ...place, name } });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** The changes made by `write`, in order. */
async function changesOf(write: () => Promise<unknown>): Promise<Change[]> {
  const before = await log.head();
  await write();
  return log.after(before, 10_000);
}

const pairs = (changes: Change[]) => changes.map((c) => `${c.area}:${c.recordId}:${c.op}`);

describe('the change log', () => {
  it('logs a create, a claim and a completion of a work order, each in its own numbered row', async () => {
    const locationId = await newLocation('Log Yard');
    let id = 0;
    const created = await changesOf(async () => {
      const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: { location_id: locationId, description: 'Belt squeals' } });
      id = res.json().id;
    });
    expect(pairs(created)).toContain(`workorders:${id}:upsert`);
    const claimed = await changesOf(() => t.request({ method: 'POST', url: `/api/v1/workorders/${id}/claim/`, as: full }));
    expect(pairs(claimed)).toEqual([`workorders:${id}:upsert`]);
    const completed = await changesOf(() => t.request({ method: 'POST', url: `/api/v1/workorders/${id}/complete/`, as: full, payload: { field_notes: 'Tensioned' } }));
    expect(pairs(completed)).toContain(`workorders:${id}:upsert`);
    const numbers = [...created, ...claimed, ...completed].map((c) => c.seq);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('logs tasks, assets, vendors, parts and chemical quantities under their area', async () => {
    const locationId = await newLocation('Log Depot');
    const task = await changesOf(() =>
      t.request({ method: 'POST', url: '/api/v1/maintenance/tasks/', as: full, payload: { location_id: locationId, description: 'Oil', recurrence_interval: 7, last_completed_date: '2026-01-01' } }),
    );
    expect(task.map((c) => c.area)).toContain('maintenance');
    const vendor = await changesOf(() => t.request({ method: 'POST', url: '/api/v1/vendors/', as: full, payload: { name: 'Acme' } }));
    expect(vendor.map((c) => c.area)).toEqual(['vendors']);
    // A quantity change of a chemical at a location is a change of the chemical.
    const chemical = await db.insertInto('chemicals').values({ brand: 'B', name: 'Soap', description: '', chemical_type: 'Soap', thumbnail: null, created_at: '2026-01-01T00:00:00.000Z' }).returning('id').executeTakeFirstOrThrow();
    const stock = await changesOf(() => db.insertInto('chemical_locations').values({ chemical_id: chemical.id, location_id: locationId, current_quantity: 4 }).execute());
    expect(pairs(stock)).toEqual([`chemicals:${chemical.id}:upsert`]);
  });

  it('leaves no row for a write that was rolled back', async () => {
    const before = await log.head();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('vendors').values({ name: 'Never', address: '', city: '', state: '', postal_code: '', telephone_number: '', created_at: 'x', updated_at: 'x' }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await log.after(before, 100)).toEqual([]);
  });

  it('leaves a tombstone for a deleted record, and a change of its parent for a deleted child row', async () => {
    const vendor = await db.insertInto('vendors').values({ name: 'Gone', address: '', city: '', state: '', postal_code: '', telephone_number: '', created_at: 'x', updated_at: 'x' }).returning('id').executeTakeFirstOrThrow();
    expect(pairs(await changesOf(() => db.deleteFrom('vendors').where('id', '=', vendor.id).execute()))).toEqual([`vendors:${vendor.id}:delete`]);
    const locationId = await newLocation('Child Yard');
    const chemical = await db.insertInto('chemicals').values({ brand: 'B', name: 'Wax', description: '', chemical_type: 'Wax', thumbnail: null, created_at: 'x' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('chemical_locations').values({ chemical_id: chemical.id, location_id: locationId, current_quantity: 1 }).execute();
    expect(pairs(await changesOf(() => db.deleteFrom('chemical_locations').where('chemical_id', '=', chemical.id).execute()))).toEqual([`chemicals:${chemical.id}:upsert`]);
  });

  it("logs a location's change as a change of every record that shows its name", async () => {
    const locationId = await newLocation('Rename Yard');
    const order = (await t.request({ method: 'POST', url: '/api/v1/workorders/', as: full, payload: { location_id: locationId, description: 'Door' } })).json().id as number;
    const renamed = await changesOf(() => t.request({ method: 'PUT', url: `/api/v1/locations/${locationId}/`, as: full, payload: { ...place, name: 'Renamed Yard' } }));
    expect(pairs(renamed)).toEqual(expect.arrayContaining([`locations:${locationId}:upsert`, `workorders:${order}:upsert`]));
  });

  it('numbers changes in the order their transactions commit, not the order they were written', async () => {
    const first = await db.insertInto('vendors').values({ name: 'A', address: '', city: '', state: '', postal_code: '', telephone_number: '', created_at: 'x', updated_at: 'x' }).returning('id').executeTakeFirstOrThrow();
    const second = await db.insertInto('vendors').values({ name: 'B', address: '', city: '', state: '', postal_code: '', telephone_number: '', created_at: 'x', updated_at: 'x' }).returning('id').executeTakeFirstOrThrow();
    const before = await log.head();
    if (usesPostgres) {
      // The earlier writer commits last: its change must be numbered after the other one's.
      let releaseEarly!: () => void;
      const early = new Promise<void>((resolve) => (releaseEarly = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      const slow = db.transaction().execute(async (trx) => {
        await trx.updateTable('vendors').set({ city: 'first' }).where('id', '=', first.id).execute();
        wrote();
        await early;
      });
      await written;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('vendors').set({ city: 'second' }).where('id', '=', second.id).execute();
      });
      // Not yet committed: not visible, and the committed change is readable on its own.
      expect(pairs(await log.after(before, 100))).toEqual([`vendors:${second.id}:upsert`]);
      releaseEarly();
      await slow;
      expect(pairs(await log.after(before, 100))).toEqual([`vendors:${second.id}:upsert`, `vendors:${first.id}:upsert`]);
    } else {
      // SQLite: one writer at a time, so the order written is the order committed.
      await db.updateTable('vendors').set({ city: 'first' }).where('id', '=', first.id).execute();
      await db.updateTable('vendors').set({ city: 'second' }).where('id', '=', second.id).execute();
      expect(pairs(await log.after(before, 100))).toEqual([`vendors:${first.id}:upsert`, `vendors:${second.id}:upsert`]);
    }
  });

  it('compacts rows older than the cut-off and raises the floor to the last number removed', async () => {
    const vendor = await db.insertInto('vendors').values({ name: 'Old', address: '', city: '', state: '', postal_code: '', telephone_number: '', created_at: 'x', updated_at: 'x' }).returning('id').executeTakeFirstOrThrow();
    await sql`update change_log set changed_at = '2000-01-01T00:00:00.000Z'`.execute(db);
    const lastOld = await log.head();
    const fresh = await changesOf(() => db.updateTable('vendors').set({ city: 'new' }).where('id', '=', vendor.id).execute());
    expect(await log.compact('2001-01-01T00:00:00.000Z')).toBeGreaterThan(0);
    expect(await log.floor()).toBe(lastOld);
    expect(await log.after(0, 10_000)).toEqual(fresh);
    expect(await log.head()).toBe(fresh[fresh.length - 1]!.seq);
    // Nothing old is left: a second compaction removes nothing and keeps the floor.
    expect(await log.compact('2001-01-01T00:00:00.000Z')).toBe(0);
    expect(await log.floor()).toBe(lastOld);
  });
});
