import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, VendorsTable } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';

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


  create(values: Insertable<VendorsTable>): Promise<VendorRow> {
    return this.db.insertInto('vendors').values(values).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, values: Updateable<VendorsTable>): Promise<VendorRow | undefined> {
    return this.db.updateTable('vendors').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }
}
