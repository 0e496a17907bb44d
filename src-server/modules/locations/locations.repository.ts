import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, LocationsTable } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import { nowIso } from '../../http/clock.js';
import type { PageWindow } from '../../http/pagination.js';
import { createRecorded, editRecorded } from '../activity/activity.repository.js';

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

  /** The location and the first entry of its history; `actorId` is who created it (none: the command line or the demo data). */
  create(values: Insertable<LocationsTable>, actorId: number | null = null): Promise<LocationRow> {
    const created = (row: LocationRow) => ({ area: 'locations', recordId: row.id, kind: 'created', actorId, at: row.created_at }) as const;
    return createRecorded(this.db, created, (trx) => trx.insertInto('locations').values(values).returningAll().executeTakeFirstOrThrow());
  }

  /** Writes the values and the fields they changed in the location's history, in one transaction; undefined when it is gone. */
  update(id: number, values: Updateable<LocationsTable>, actorId: number | null = null): Promise<LocationRow | undefined> {
    const edit = { area: 'locations', recordId: id, actorId, at: values.updated_at ?? nowIso() } as const;
    return editRecorded(this.db, 'locations', edit, Object.keys(values), (trx) => trx.updateTable('locations').set(values).where('id', '=', id).returningAll().executeTakeFirst());
  }
}
