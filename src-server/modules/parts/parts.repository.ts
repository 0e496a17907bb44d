import type { Kysely, Selectable } from 'kysely';
import type { Database, PartsTable } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';

/** A part with the name of its location (null when it has none). */
export type PartRow = Selectable<PartsTable> & { location_name: string | null };

export class PartsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withLocation() {
    return this.db.selectFrom('parts').leftJoin('locations', 'locations.id', 'parts.location_id').selectAll('parts').select('locations.name as location_name');
  }

  /** Parts in name order; with a location, only those kept there. */
  async page(locationId: number | undefined, window: PageWindow): Promise<{ count: number; rows: PartRow[] }> {
    let count = this.db.selectFrom('parts').select((eb) => eb.fn.countAll<number>().as('n'));
    let rows = this.withLocation();
    if (locationId !== undefined) {
      count = count.where('parts.location_id', '=', locationId);
      rows = rows.where('parts.location_id', '=', locationId);
    }
    const [countRow, page] = await Promise.all([
      count.executeTakeFirstOrThrow(),
      rows.orderBy('parts.name').orderBy('parts.id').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(countRow.n), rows: page };
  }

  /** The export's next rows (keyset: those after `after` in the list's order, by name then id). */
  rowsAfter(locationId: number | undefined, after: Pick<PartRow, 'name' | 'id'> | null, limit: number): Promise<PartRow[]> {
    let rows = this.withLocation();
    if (locationId !== undefined) rows = rows.where('parts.location_id', '=', locationId);
    if (after) rows = rows.where((eb) => eb(eb.refTuple('parts.name', 'parts.id'), '>', eb.tuple(after.name, after.id)));
    return rows.orderBy('parts.name').orderBy('parts.id').limit(limit).execute();
  }

  findById(id: number): Promise<PartRow | undefined> {
    return this.withLocation().where('parts.id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<PartRow[]> {
    return ids.length === 0 ? [] : this.withLocation().where('parts.id', 'in', ids).orderBy('parts.id').execute();
  }


  /** The parts kept at a location, in name order: the first `limit` (a report's bound). */
  stockAt(locationId: number, limit: number): Promise<Selectable<PartsTable>[]> {
    return this.db.selectFrom('parts').selectAll().where('location_id', '=', locationId).orderBy('name').orderBy('id').limit(limit).execute();
  }
}
