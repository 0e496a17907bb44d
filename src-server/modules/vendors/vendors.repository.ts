import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, VendorsTable } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import { nowIso } from '../../http/clock.js';
import type { PageWindow } from '../../http/pagination.js';
import { createRecorded, editRecorded } from '../activity/activity.repository.js';

export type VendorRow = Selectable<VendorsTable>;

export class VendorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(window: PageWindow): Promise<{ count: number; rows: VendorRow[] }> {
    const [countRow, rows] = await Promise.all([
      this.db.selectFrom('vendors').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      this.db.selectFrom('vendors').selectAll().orderBy('name').orderBy('id').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(countRow.n), rows };
  }

  /** The export's next rows (keyset: those after `after` in the list's order, by name then id). */
  rowsAfter(after: Pick<VendorRow, 'name' | 'id'> | null, limit: number): Promise<VendorRow[]> {
    let rows = this.db.selectFrom('vendors').selectAll();
    if (after) rows = rows.where((eb) => eb(eb.refTuple('name', 'id'), '>', eb.tuple(after.name, after.id)));
    return rows.orderBy('name').orderBy('id').limit(limit).execute();
  }

  findById(id: number): Promise<VendorRow | undefined> {
    return this.db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<VendorRow[]> {
    return ids.length === 0 ? [] : this.db.selectFrom('vendors').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }


  /** The vendor and the first entry of its history; `actorId` is who created it (none: the command line or the demo data). */
  create(values: Insertable<VendorsTable>, actorId: number | null = null): Promise<VendorRow> {
    const created = (row: VendorRow) => ({ area: 'vendors', recordId: row.id, kind: 'created', actorId, at: row.created_at }) as const;
    return createRecorded(this.db, created, (trx) => trx.insertInto('vendors').values(values).returningAll().executeTakeFirstOrThrow());
  }

  /** Writes the values and the fields they changed in the vendor's history, in one transaction; undefined when it is gone. */
  update(id: number, values: Updateable<VendorsTable>, actorId: number | null = null): Promise<VendorRow | undefined> {
    const edit = { area: 'vendors', recordId: id, actorId, at: values.updated_at ?? nowIso() } as const;
    return editRecorded(this.db, 'vendors', edit, Object.keys(values), (trx) => trx.updateTable('vendors').set(values).where('id', '=', id).returningAll().executeTakeFirst());
  }
}
