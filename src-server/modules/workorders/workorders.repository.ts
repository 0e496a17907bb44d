import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, WorkOrderAttachmentsTable, WorkOrdersTable } from '../../db/schema.js';
import { descriptionOrLocationLike, distinctIds, toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';
import { transitionResult, type ClaimState, type TransitionResult } from '../claims/claim-flow.js';
import { recordActivity, transitionRecorded } from '../activity/activity.repository.js';

export type WorkOrderRow = Selectable<WorkOrdersTable>;
export type AttachmentRow = Selectable<WorkOrderAttachmentsTable>;
export type NewAttachment = Omit<Insertable<WorkOrderAttachmentsTable>, 'work_order_id'>;

export interface UserNameRow {
  id: number;
  first_name: string;
  last_name: string;
}

/** Everything a page of work orders needs besides the rows themselves, loaded in one query per table. */
export interface WorkOrderRelations {
  locations: Map<number, { id: number; name: string }>;
  users: Map<number, UserNameRow>;
  attachments: Map<number, AttachmentRow[]>;
  assets: Map<number, { id: number; name: string; code: string }>;
}

export interface WorkOrderFilter {
  locationId?: number | undefined;
  search?: string | undefined;
}


export class WorkOrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Newest first. Only the ids of the page are read in (created_at, id) order, so both engines walk
   * work_orders_created or work_orders_location_created, skip the offset within that index and fetch
   * just ten rows; names and attachments are loaded afterwards for those rows only. Without a search
   * the count comes from work_order_counts (kept by triggers) instead of counting every row.
   */
  async page(window: PageWindow, filter: WorkOrderFilter): Promise<{ count: number; rows: WorkOrderRow[] }> {
    const base = this.matching(filter);
    const pageIds = base.select('work_orders.id').orderBy('work_orders.created_at', 'desc').orderBy('work_orders.id', 'desc').limit(window.limit).offset(window.offset);
    const [count, rows] = await Promise.all([
      filter.search ? base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => toCount(r.n)) : this.storedCount(filter.locationId ?? 0),
      this.db.selectFrom('work_orders').selectAll().where('id', 'in', pageIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    ]);
    return { count, rows };
  }

  /**
   * The export's next rows (keyset: those after `after` in the list's order, newest first), read
   * along the same indexes as a page however deep into the list.
   */
  rowsAfter(filter: WorkOrderFilter, after: Pick<WorkOrderRow, 'created_at' | 'id'> | null, limit: number): Promise<WorkOrderRow[]> {
    let rows = this.matching(filter).selectAll('work_orders');
    if (after) rows = rows.where((eb) => eb(eb.refTuple('work_orders.created_at', 'work_orders.id'), '<', eb.tuple(after.created_at, after.id)));
    return rows.orderBy('work_orders.created_at', 'desc').orderBy('work_orders.id', 'desc').limit(limit).execute();
  }

  /** The orders a list with this filter shows. */
  private matching(filter: WorkOrderFilter) {
    let base = this.db.selectFrom('work_orders');
    if (filter.locationId !== undefined) base = base.where('work_orders.location_id', '=', filter.locationId);
    const search = filter.search;
    if (search) base = base.where((eb) => descriptionOrLocationLike(eb.ref('work_orders.description'), eb.ref('work_orders.location_id'), search));
    return base;
  }

  /** Orders at a location, or in all under location 0 (migration 0003). */
  private async storedCount(locationId: number): Promise<number> {
    const row = await this.db.selectFrom('work_order_counts').select('n').where('location_id', '=', locationId).executeTakeFirst();
    return row ? toCount(row.n) : 0;
  }

  findById(id: number): Promise<WorkOrderRow | undefined> {
    return this.db.selectFrom('work_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<WorkOrderRow[]> {
    return ids.length === 0 ? [] : this.db.selectFrom('work_orders').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  async relationsOf(rows: WorkOrderRow[]): Promise<WorkOrderRelations> {
    const orderIds = rows.map((r) => r.id);
    const locationIds = distinctIds(rows.map((r) => r.location_id));
    const userIds = distinctIds(rows.flatMap((r) => [r.created_by_id, r.assigned_to_id, r.completed_by_id]));
    const assetIds = distinctIds(rows.map((r) => r.asset_id));
    const [locations, users, attachments, assets] = await Promise.all([
      locationIds.length ? this.db.selectFrom('locations').select(['id', 'name']).where('id', 'in', locationIds).execute() : [],
      userIds.length ? this.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', userIds).execute() : [],
      orderIds.length ? this.db.selectFrom('work_order_attachments').selectAll().where('work_order_id', 'in', orderIds).orderBy('id').execute() : [],
      assetIds.length ? this.db.selectFrom('assets').select(['id', 'brand', 'name', 'code']).where('id', 'in', assetIds).execute() : [],
    ]);
    const byOrder = new Map<number, AttachmentRow[]>();
    for (const a of attachments) {
      const list = byOrder.get(a.work_order_id) ?? [];
      list.push(a);
      byOrder.set(a.work_order_id, list);
    }
    return {
      locations: new Map(locations.map((l) => [l.id, l])),
      users: new Map(users.map((u) => [u.id, u])),
      attachments: byOrder,
      // Named as the screens name an asset: its brand, then its name.
      assets: new Map(assets.map((a) => [a.id, { id: a.id, name: [a.brand, a.name].filter(Boolean).join(' '), code: a.code }])),
    };
  }

  /** The order, its attachments and its history's first entry in one transaction: either all rows exist or none. */
  create(values: Insertable<WorkOrdersTable>, attachments: NewAttachment[]): Promise<WorkOrderRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.insertInto('work_orders').values(values).returningAll().executeTakeFirstOrThrow();
      if (attachments.length) {
        await trx
          .insertInto('work_order_attachments')
          .values(attachments.map((a) => ({ ...a, work_order_id: row.id })))
          .execute();
      }
      await recordActivity(trx, { entity: 'workorders', recordId: row.id, kind: 'created', actorId: row.created_by_id, at: row.created_at });
      return row;
    });
  }

  /** Pending → Claimed. The status test is part of the UPDATE, so of concurrent claims exactly one changes the row. */
  claim(id: number, userId: number, now: string): Promise<TransitionResult> {
    return transitionRecorded(this.db, { entity: 'workorders', recordId: id, kind: 'claimed', actorId: userId, at: now }, (trx) =>
      transitionResult(
        trx
          .updateTable('work_orders')
          .set({ status: 'Claimed', assigned_to_id: userId, claimed_at: now, updated_at: now })
          .where('id', '=', id)
          .where('status', '=', 'Pending')
          .executeTakeFirst(),
      ),
    );
  }

  /** Claimed by this user → Pending. */
  unclaim(id: number, userId: number, now: string): Promise<TransitionResult> {
    return transitionRecorded(this.db, { entity: 'workorders', recordId: id, kind: 'unclaimed', actorId: userId, at: now }, (trx) =>
      transitionResult(
        trx
          .updateTable('work_orders')
          .set({ status: 'Pending', assigned_to_id: null, claimed_at: null, updated_at: now })
          .where('id', '=', id)
          .where('status', '=', 'Claimed')
          .where('assigned_to_id', '=', userId)
          .executeTakeFirst(),
      ),
    );
  }

  /** Claimed by this user → Completed; the assignee stays recorded as the one who did the work. */
  complete(id: number, userId: number, fieldNotes: string | null, now: string): Promise<TransitionResult> {
    const entry = { entity: 'workorders', recordId: id, kind: 'completed', actorId: userId, at: now, details: { field_notes: fieldNotes } } as const;
    return transitionRecorded(this.db, entry, (trx) =>
      transitionResult(
        trx
          .updateTable('work_orders')
          .set({ status: 'Completed', field_notes: fieldNotes, completed_at: now, completed_by_id: userId, updated_at: now })
          .where('id', '=', id)
          .where('status', '=', 'Claimed')
          .where('assigned_to_id', '=', userId)
          .executeTakeFirst(),
      ),
    );
  }

  /** Pending is free, Claimed is held by the assignee, Completed is done for good. */
  async claimState(id: number): Promise<ClaimState | undefined> {
    const row = await this.db.selectFrom('work_orders').select(['status', 'assigned_to_id']).where('id', '=', id).executeTakeFirst();
    return row && { claimedBy: row.status === 'Claimed' ? row.assigned_to_id : null, completed: row.status === 'Completed' };
  }
}

/** lower(column) LIKE pattern with backslash as the escape character, which both engines accept. */
