/**
 * A site's records loaded straight into the database (far faster than through the API): users,
 * locations, work orders, assets and tasks, and optionally parts and chemicals at given locations.
 * The server benchmark loads a large site into an empty database; the sync benchmark adds a day's
 * working set beside the demo data of a running server (the change log's triggers record each row,
 * as they would for writes through the API).
 */
import { sql } from 'kysely';
import type { Db } from '../src-server/db/database.js';
import { addDays } from '../shared/rules/task-status.js';

export interface SiteSizes {
  workOrders: number;
  assets: number;
  tasks: number;
  locations: number;
  users: number;
  /** Parts at `partLocationIds`, chemicals stocked at `chemicalLocationIds` (none when absent). */
  parts?: { count: number; locationIds: readonly number[] };
  chemicals?: { count: number; locationIds: readonly number[] };
}

export async function loadSite(database: Db, sizes: SiteSizes, tag = 'bench'): Promise<{ userIds: number[]; locationIds: number[] }> {
  const { db } = database;
  const now = Date.now();
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  const batch = async <T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
  };
  const users = Array.from({ length: sizes.users }, (_, i) => ({
    email: `${tag}${i}@example.com`, email_normalized: `${tag}${i}@example.com`, password_hash: 'x', first_name: `Tech${i}`, last_name: 'Bench',
    is_active: 1 as const, is_staff: 0 as const, full_feature_access: 1 as const, last_login: null, date_joined: iso(0),
  }));
  const userIds: number[] = [];
  await batch(users, 200, async (chunk) => userIds.push(...(await db.insertInto('users').values(chunk).returning('id').execute()).map((r) => r.id)));
  const locations = Array.from({ length: sizes.locations }, (_, i) => ({
    location_type: 'GENERAL STORE', name: `Store ${String(i).padStart(3, '0')}`, address: `${i} Main St`, city: 'Dallas', state: 'TX', postal_code: '75201', phone_number: '',
    epos: null, verifone_id: null, sagenet_id: null, occ_id: null, created_at: iso(0), updated_at: iso(0),
  }));
  const locationIds = (await db.insertInto('locations').values(locations).returning('id').execute()).map((r) => r.id);
  const orders = Array.from({ length: sizes.workOrders }, (_, i) => ({
    status: 'Pending' as const, description: `Work order ${i}: compressor short-cycling, check the contactor and the pressure switch.`,
    location_id: locationIds[i % locationIds.length]!, created_by_id: userIds[i % userIds.length]!, created_at: iso(i * 60_000), updated_at: iso(i * 60_000),
    assigned_to_id: null, claimed_at: null, field_notes: null, completed_at: null, completed_by_id: null,
  }));
  await batch(orders, 500, (chunk) => db.insertInto('work_orders').values(chunk).execute());
  const assets = Array.from({ length: sizes.assets }, (_, i) => ({
    brand: 'True', name: `Cooler ${i}`, description: 'Reach-in cooler', asset_type: 'BEVERAGE', serial_number: `SN-${i}`, location_id: locationIds[i % locationIds.length]!,
    acquisition_date: '2024-01-01', purchase_price: 1000, thumbnail: null, created_at: iso(0), updated_at: iso(0),
  }));
  await batch(assets, 500, (chunk) => db.insertInto('assets').values(chunk).execute());
  const tasks = Array.from({ length: sizes.tasks }, (_, i) => ({
    location_id: locationIds[i % locationIds.length]!, description: `Task ${i}`, recurrence_interval: 30, last_completed_date: '2026-01-01', due_date: addDays('2026-01-01', 30), completed_through_system: 0 as const,
    task_notes: null, created_by_id: null, created_at: iso(0), updated_at: iso(0), assigned_to_id: null, claimed_at: null, last_completed_by_id: null, last_completed_at: null, field_notes: null,
  }));
  await batch(tasks, 500, (chunk) => db.insertInto('maintenance_tasks').values(chunk).execute());
  if (sizes.parts) {
    const at = sizes.parts.locationIds;
    const parts = Array.from({ length: sizes.parts.count }, (_, i) => ({
      brand: 'Grainger', name: `Part ${i}`, description: 'Door gasket', part_type: 'REFRIGERATION', item_number: `P-${i}`, location_id: at[i % at.length]!, quantity: 10, thumbnail: null, created_at: iso(0),
    }));
    await batch(parts, 500, (chunk) => db.insertInto('parts').values(chunk).execute());
  }
  if (sizes.chemicals) {
    const at = sizes.chemicals.locationIds;
    const chemicals = Array.from({ length: sizes.chemicals.count }, (_, i) => ({ brand: 'Ecolab', name: `Chemical ${i}`, description: 'Presoak', chemical_type: 'PRESOAK', thumbnail: null, created_at: iso(0) }));
    const ids: number[] = [];
    await batch(chemicals, 200, async (chunk) => ids.push(...(await db.insertInto('chemicals').values(chunk).returning('id').execute()).map((r) => r.id)));
    await batch(ids, 500, (chunk) => db.insertInto('chemical_locations').values(chunk.map((chemical_id, i) => ({ chemical_id, location_id: at[i % at.length]!, current_quantity: 20 }))).execute());
  }
  // A bulk load leaves planner statistics (and PostgreSQL's visibility map) stale; a live database
  // has them from autovacuum or SQLite's optimize, so measure after the same housekeeping.
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
  return { userIds, locationIds };
}
