import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { LocationRef, UserRef } from '../../../shared/api/common.js';
import type { AssetsTable, Database } from '../../db/schema.js';
import { distinctIds, toCount } from '../../db/dialect.js';
import type { RecordWrite } from '../../db/versions.js';
import type { PageWindow } from '../../http/pagination.js';
import { createRecorded, editRecorded } from '../activity/activity.repository.js';

export type AssetRow = Selectable<AssetsTable>;

/** Names a page of assets needs, loaded with one query per table. */
export interface AssetRelations {
  locations: Map<number, LocationRef>;
  users: Map<number, UserRef>;
}

/** The columns a write may set; version, updated_at and updated_by_id are set by every write itself. */
export type AssetChanges = Omit<Updateable<AssetsTable>, 'id' | 'version' | 'updated_at' | 'updated_by_id' | 'created_at'>;

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

  /** The export's next rows (keyset: those after `after` in the list's order, by name then id). */
  rowsAfter(locationId: number | undefined, after: Pick<AssetRow, 'name' | 'id'> | null, limit: number): Promise<AssetRow[]> {
    let rows = this.db.selectFrom('assets').selectAll();
    if (locationId !== undefined) rows = rows.where('location_id', '=', locationId);
    if (after) rows = rows.where((eb) => eb(eb.refTuple('name', 'id'), '>', eb.tuple(after.name, after.id)));
    return rows.orderBy('name').orderBy('id').limit(limit).execute();
  }

  findById(id: number): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<AssetRow[]> {
    return ids.length === 0 ? [] : this.db.selectFrom('assets').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }


  async relationsOf(rows: AssetRow[]): Promise<AssetRelations> {
    const locationIds = distinctIds(rows.map((r) => r.location_id));
    const userIds = distinctIds(rows.map((r) => r.updated_by_id));
    const [locations, users] = await Promise.all([
      locationIds.length ? this.db.selectFrom('locations').select(['id', 'name']).where('id', 'in', locationIds).execute() : [],
      userIds.length ? this.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', userIds).execute() : [],
    ]);
    return { locations: new Map(locations.map((l) => [l.id, l])), users: new Map(users.map((u) => [u.id, u])) };
  }

  /** The asset and the first entry of its history, by the user who wrote it (`updated_by_id`). */
  create(values: Insertable<AssetsTable>): Promise<AssetRow> {
    const created = (row: AssetRow) => ({ area: 'assets', recordId: row.id, kind: 'created', actorId: row.updated_by_id, at: row.created_at }) as const;
    return createRecorded(this.db, created, (trx) => trx.insertInto('assets').values(values).returningAll().executeTakeFirstOrThrow());
  }

  /**
   * Writes the changes, raises the version and records who wrote when, in one statement, and the
   * fields it changed in the asset's history (`moved` when the location changed), in one transaction.
   * Undefined when the asset is gone or, with `write.version`, no longer at that version.
   */
  update(id: number, changes: AssetChanges, write: RecordWrite): Promise<AssetRow | undefined> {
    const edit = { area: 'assets', recordId: id, actorId: write.userId, at: write.now } as const;
    return editRecorded(this.db, 'assets', edit, Object.keys(changes), (trx) => {
      let query = trx
        .updateTable('assets')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1), updated_at: write.now, updated_by_id: write.userId }))
        .where('id', '=', id);
      if (write.version !== undefined) query = query.where('version', '=', write.version);
      return query.returningAll().executeTakeFirst();
    });
  }
}
