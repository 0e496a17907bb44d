import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, LocationsTable } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';

export type LocationRow = Selectable<LocationsTable>;

export class LocationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(window: PageWindow): Promise<{ count: number; rows: LocationRow[] }> {
    const [countRow, rows] = await Promise.all([
      this.db.selectFrom('locations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.db.selectFrom('locations').selectAll().orderBy('name').orderBy('id').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(countRow.n), rows };
  }

  /** The export's next rows (keyset: those after `after` in the list's order, by name then id). */
  rowsAfter(after: Pick<LocationRow, 'name' | 'id'> | null, limit: number): Promise<LocationRow[]> {
    let rows = this.db.selectFrom('locations').selectAll();
    if (after) rows = rows.where((eb) => eb(eb.refTuple('name', 'id'), '>', eb.tuple(after.name, after.id)));
    return rows.orderBy('name').orderBy('id').limit(limit).execute();
  }

  findById(id: number): Promise<LocationRow | undefined> {
    return this.db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<LocationRow[]> {
    return ids.length === 0 ? [] : this.db.selectFrom('locations').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }


  async exists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('locations').select('id').where('id', '=', id).executeTakeFirst());
  }

  create(values: Insertable<LocationsTable>): Promise<LocationRow> {
    return this.db.insertInto('locations').values(values).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, values: Updateable<LocationsTable>): Promise<LocationRow | undefined> {
    return this.db.updateTable('locations').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }
}
