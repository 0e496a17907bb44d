/**
 * Test rows for the inventory areas, inserted directly: chemicals, parts and wash packages have no
 * create endpoints. Locations may take explicit ids so they match the configured site ids.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src-server/db/schema.js';

type Db = Kysely<Database>;

export interface LocationFixture {
  id: number;
  name: string;
}

export async function insertLocation(db: Db, name: string, id?: number): Promise<LocationFixture> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('locations')
    .values({ ...(id !== undefined ? { id } : {}), location_type: 'OTHER', name, address: '1 Wash Way', city: 'Springfield', state: 'IL', postal_code: '62701', phone_number: '', created_at: now, updated_at: now })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function insertChemical(
  db: Db,
  c: { name: string; brand?: string; description?: string; chemical_type?: string; thumbnail?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('chemicals')
    .values({ name: c.name, brand: c.brand ?? 'Acme', description: c.description ?? `${c.name} description`, chemical_type: c.chemical_type ?? 'Soap', thumbnail: c.thumbnail ?? null, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stocks a chemical at a location; returns the chemical_location id. */
export async function stockChemical(db: Db, chemicalId: number, locationId: number, quantity: number): Promise<number> {
  const row = await db.insertInto('chemical_locations').values({ chemical_id: chemicalId, location_id: locationId, current_quantity: quantity }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPart(
  db: Db,
  p: { name: string; location_id: number | null; quantity?: number; brand?: string; part_type?: string; item_number?: string; thumbnail?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('parts')
    .values({
      name: p.name,
      brand: p.brand ?? 'PartCo',
      description: `${p.name} description`,
      part_type: p.part_type ?? 'Nozzle',
      item_number: p.item_number ?? `IT-${p.name.replace(/\W/g, '').slice(0, 20)}`,
      location_id: p.location_id,
      quantity: p.quantity ?? 0,
      thumbnail: p.thumbnail ?? null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPackage(db: Db, locationId: number, name: string, sortOrder = 0): Promise<number> {
  const row = await db.insertInto('wash_packages').values({ location_id: locationId, name, sort_order: sortOrder }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
