import type { Kysely, Selectable } from 'kysely';
import type { ChemicalLocationsTable, ChemicalsTable, Database } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';
import type { QuantityKind } from '../../../shared/api/quantities.js';

export type ChemicalRow = Selectable<ChemicalsTable>;
export type ChemicalLocationRow = Selectable<ChemicalLocationsTable>;

/** A chemical's stock at one location, with the location's name. */
export interface ChemicalEntryRow {
  id: number;
  chemical_id: number;
  location_id: number;
  location_name: string;
  current_quantity: number;
}

export interface ChemicalStockRow {
  chemical_id: number;
  name: string;
  brand: string;
  chemical_type: string;
  current_quantity: number;
}

export interface ChemicalRecordRow {
  id: number;
  kind: QuantityKind;
  date: string;
  quantity: number;
  name: string;
  chemical_type: string;
}

export class ChemicalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Chemicals in name order; with a location, only those stocked there. */
  async page(locationId: number | undefined, window: PageWindow): Promise<{ count: number; rows: ChemicalRow[] }> {
    const base = this.stockedAt(locationId);
    const [countRow, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base.selectAll('chemicals').orderBy('chemicals.name').orderBy('chemicals.id').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(countRow.n), rows };
  }

  /** The export's next rows (keyset: those after `after` in the list's order, by name then id). */
  rowsAfter(locationId: number | undefined, after: Pick<ChemicalRow, 'name' | 'id'> | null, limit: number): Promise<ChemicalRow[]> {
    let rows = this.stockedAt(locationId).selectAll('chemicals');
    if (after) rows = rows.where((eb) => eb(eb.refTuple('chemicals.name', 'chemicals.id'), '>', eb.tuple(after.name, after.id)));
    return rows.orderBy('chemicals.name').orderBy('chemicals.id').limit(limit).execute();
  }

  /** Every chemical, or with a location only those stocked there. */
  private stockedAt(locationId: number | undefined) {
    const base = this.db.selectFrom('chemicals');
    if (locationId === undefined) return base;
    return base.where((eb) =>
      eb.exists(eb.selectFrom('chemical_locations').select('chemical_locations.id').whereRef('chemical_locations.chemical_id', '=', 'chemicals.id').where('chemical_locations.location_id', '=', locationId)),
    );
  }

  findById(id: number): Promise<ChemicalRow | undefined> {
    return this.db.selectFrom('chemicals').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<ChemicalRow[]> {
    return ids.length === 0 ? [] : this.db.selectFrom('chemicals').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }


  /** Every location entry of these chemicals, in one query. */
  async entriesOf(chemicalIds: number[]): Promise<ChemicalEntryRow[]> {
    if (chemicalIds.length === 0) return [];
    return this.db
      .selectFrom('chemical_locations')
      .innerJoin('locations', 'locations.id', 'chemical_locations.location_id')
      .select(['chemical_locations.id', 'chemical_locations.chemical_id', 'chemical_locations.location_id', 'locations.name as location_name', 'chemical_locations.current_quantity'])
      .where('chemical_locations.chemical_id', 'in', chemicalIds)
      .orderBy('locations.name')
      .orderBy('chemical_locations.id')
      .execute();
  }

  findEntry(id: number): Promise<ChemicalLocationRow | undefined> {
    return this.db.selectFrom('chemical_locations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The chemicals stocked at a location, in name order: the first `limit` (a report's bound). */
  stockAt(locationId: number, limit: number): Promise<ChemicalStockRow[]> {
    return this.db
      .selectFrom('chemical_locations')
      .innerJoin('chemicals', 'chemicals.id', 'chemical_locations.chemical_id')
      .select(['chemicals.id as chemical_id', 'chemicals.name', 'chemicals.brand', 'chemicals.chemical_type', 'chemical_locations.current_quantity'])
      .where('chemical_locations.location_id', '=', locationId)
      .orderBy('chemicals.name')
      .orderBy('chemicals.id')
      .limit(limit)
      .execute();
  }

  /** Fills and inventory counts at a location dated within [start, end], oldest first: the first `limit`. */
  recordsAt(locationId: number, start: string, end: string, limit: number): Promise<ChemicalRecordRow[]> {
    return this.db
      .selectFrom('quantity_records')
      .innerJoin('chemical_locations', 'chemical_locations.id', 'quantity_records.chemical_location_id')
      .innerJoin('chemicals', 'chemicals.id', 'chemical_locations.chemical_id')
      .select(['quantity_records.id', 'quantity_records.kind', 'quantity_records.date', 'quantity_records.quantity', 'chemicals.name', 'chemicals.chemical_type'])
      .where('chemical_locations.location_id', '=', locationId)
      .where('quantity_records.date', '>=', start)
      .where('quantity_records.date', '<=', end)
      .orderBy('quantity_records.date')
      .orderBy('chemicals.name')
      .orderBy('quantity_records.id')
      .limit(limit)
      .execute();
  }
}
