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
  // As every part's ledger starts (docs/decisions.md: What the work costs): its quantity is the sum of its entries.
  const quantity = p.quantity ?? 0;
  if (quantity !== 0) {
    await db.insertInto('stock_entries').values({ part_id: row.id, kind: 'opening', change: quantity, quantity_after: quantity, unit_cost_cents: 0, user_id: null, created_at: new Date().toISOString() }).execute();
  }
  return row.id;
}

export async function insertPackage(db: Db, locationId: number, name: string, sortOrder = 0): Promise<number> {
  const row = await db.insertInto('wash_packages').values({ location_id: locationId, name, sort_order: sortOrder }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Rows per INSERT when many are written at once (well under SQLite's and PostgreSQL's bound on parameters). */
const BULK_ROWS = 200;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<number[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BULK_ROWS) ids.push(...(await insert(rows.slice(i, i + BULK_ROWS))));
  return ids;
}

/**
 * `count` assets at a location, named `<prefix> 0000`, `<prefix> 0001`, … so that their order by
 * name is the order written; their ids in that order. For the sizes of label sheets, where creating
 * each through the API would take most of a test's time.
 */
export async function insertAssets(db: Db, locationId: number, count: number, prefix: string): Promise<number[]> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    brand: 'Bulk',
    name: `${prefix} ${String(i).padStart(4, '0')}`,
    description: '',
    asset_type: 'OTHER',
    serial_number: `SN-${prefix}-${i}`,
    location_id: locationId,
    acquisition_date: null,
    purchase_price: null,
    thumbnail: null,
    created_at: now,
    updated_at: now,
    updated_by_id: null,
  }));
  // Ids are given in the order rows are written; RETURNING's own order is not promised.
  return insertInBatches(rows, async (batch) => (await db.insertInto('assets').values(batch).returning('id').execute()).map((r) => r.id).sort((a, b) => a - b));
}

/** `count` parts at a location, named `<prefix> 0000` onwards (the sizes of long reports). */
export async function insertParts(db: Db, locationId: number, count: number, prefix: string): Promise<number[]> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${String(i).padStart(4, '0')}`,
    brand: 'PartCo',
    description: '',
    part_type: 'Nozzle',
    item_number: `IT-${i}`,
    location_id: locationId,
    quantity: i % 7,
    thumbnail: null,
    created_at: now,
  }));
  return insertInBatches(rows, async (batch) => (await db.insertInto('parts').values(batch).returning('id').execute()).map((r) => r.id));
}

/** `count` chemicals named `<prefix> 0000` onwards, each stocked at a location; their chemical_location ids. */
export async function insertStockedChemicals(db: Db, locationId: number, count: number, prefix: string): Promise<number[]> {
  const now = new Date().toISOString();
  const chemicals = Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${String(i).padStart(4, '0')}`, brand: 'Acme', description: '', chemical_type: 'Soap', thumbnail: null, created_at: now }));
  const ids = await insertInBatches(chemicals, async (batch) => (await db.insertInto('chemicals').values(batch).returning('id').execute()).map((r) => r.id));
  const stock = ids.map((id) => ({ chemical_id: id, location_id: locationId, current_quantity: 1 }));
  return insertInBatches(stock, async (batch) => (await db.insertInto('chemical_locations').values(batch).returning('id').execute()).map((r) => r.id));
}
