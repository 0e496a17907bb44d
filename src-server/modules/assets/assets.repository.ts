import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { LocationRef } from '../../../shared/api/common.js';
import type { AssetsTable, Database } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';

export type AssetRow = Selectable<AssetsTable>;

export class AssetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(window: PageWindow, locationId: number | undefined): Promise<{ count: number; rows: AssetRow[] }> {
    let count = this.db.selectFrom('assets').select((eb) => eb.fn.countAll<number>().as('n'));
    let rows = this.db.selectFrom('assets').selectAll().orderBy('name').orderBy('id').limit(window.limit).offset(window.offset);
    if (locationId !== undefined) {
      count = count.where('location_id', '=', locationId);
      rows = rows.where('location_id', '=', locationId);
    }
    const [countRow, found] = await Promise.all([count.executeTakeFirstOrThrow(), rows.execute()]);
    return { count: toCount(countRow.n), rows: found };
  }

  findById(id: number): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The locations these assets are at, in one query. */
  async locationRefs(rows: AssetRow[]): Promise<Map<number, LocationRef>> {
    const ids = [...new Set(rows.map((r) => r.location_id).filter((id): id is number => id !== null))];
    if (!ids.length) return new Map();
    const found = await this.db.selectFrom('locations').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(found.map((l) => [l.id, l]));
  }

  create(values: Insertable<AssetsTable>): Promise<AssetRow> {
    return this.db.insertInto('assets').values(values).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, values: Updateable<AssetsTable>): Promise<AssetRow | undefined> {
    return this.db.updateTable('assets').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }
}
