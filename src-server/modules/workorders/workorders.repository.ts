import type { CompiledQuery, Insertable, Kysely, Selectable, UpdateQueryBuilder, UpdateResult } from 'kysely';
import { PAGE_SIZE } from '../../../shared/constants.js';
import type { Database, WorkOrderAttachmentsTable, WorkOrdersTable } from '../../db/schema.js';
import { descriptionOrLocationLike, distinctIds, toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';
import type { ClaimState, TransitionResult } from '../claims/claim-flow.js';
import { recordActivity, updateRecorded } from '../activity/activity.repository.js';

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

/** Orders as read with their relations (`page`, `shown`). */
export interface ShownOrders {
  rows: WorkOrderRow[];
  relations: WorkOrderRelations;
}

export interface WorkOrderFilter {
  locationId?: number | undefined;
  search?: string | undefined;
}


export class WorkOrdersRepository {
  /**
   * `shown`'s statement for as many ids as a page or a detail has, built once: its text depends on
   * nothing else, and building and compiling its joins took a sixth of a detail request on SQLite.
   */
  private readonly shownStatements = new Map<number, CompiledQuery<ShownRow>>();

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Newest first, with everything the page shows. Only the ids of the page are read in (created_at,
   * id) order, so both engines walk work_orders_created or work_orders_location_created, skip the
   * offset within that index and keep just ten entries; `shown` then reads those orders (in the
   * list's order, whatever order the ids come in). Without a search the count comes from
   * work_order_counts (kept by triggers; location 0 counts them all, migration 0003) instead of
   * counting every row. It rides along with the ids, so only a page past the end asks for it alone.
   *
   * Two statements, not one: PostgreSQL plans a statement with LIMIT and OFFSET parameters anew at
   * every execution (its generic plan, costed for an unknown offset, never wins), and planning the
   * joins of `shown` costs far more than running them. The ids' statement is cheap to plan; `shown`
   * has no such parameters, so each connection soon keeps one plan for it.
   */
  async page(window: PageWindow, filter: WorkOrderFilter): Promise<{ count: number } & ShownOrders> {
    const base = this.matching(filter);
    const count = filter.search
      ? base.select((eb) => eb.fn.countAll<number | string>().as('n'))
      : this.db.selectFrom('work_order_counts').select('n').where('location_id', '=', filter.locationId ?? 0);
    // The index's own columns and nothing else, so PostgreSQL passes each entry it skips over as
    // it is; the count joins the ten it keeps (added to the entries, it cost deep pages a fifth).
    const entries = base.select(['work_orders.created_at', 'work_orders.id']).orderBy('work_orders.created_at', 'desc').orderBy('work_orders.id', 'desc').limit(window.limit).offset(window.offset);
    const ids = await this.db.selectFrom(entries.as('entry')).select(['entry.id', count.as('count')]).execute();
    if (ids.length === 0) return { count: toCount((await count.executeTakeFirst())?.n), rows: [], relations: noRelations() };
    return { count: toCount(ids[0]!.count), ...(await this.shown(ids.map((r) => r.id))) };
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

  /**
   * Orders by id, newest first, with their location, people, asset and attachments joined in: one
   * statement instead of one per table, since on PostgreSQL each statement is a round trip that
   * costs more than the lookup itself. An order has a result row per attachment (one without any).
   */
  async shown(ids: readonly number[]): Promise<ShownOrders> {
    if (ids.length === 0) return { rows: [], relations: noRelations() };
    let statement = this.shownStatements.get(ids.length);
    if (!statement) {
      statement = this.shownQuery(ids).compile();
      if (ids.length <= PAGE_SIZE) this.shownStatements.set(ids.length, statement);
    }
    // The ids are the statement's only parameters, in the order given.
    const withIds: CompiledQuery<ShownRow> = { ...statement, parameters: ids };
    return shownOrders((await this.db.executeQuery(withIds)).rows);
  }

  private shownQuery(ids: readonly number[]) {
    return this.db
      .selectFrom('work_orders')
      .leftJoin('locations', 'locations.id', 'work_orders.location_id')
      .leftJoin('users as creator', 'creator.id', 'work_orders.created_by_id')
      .leftJoin('users as assignee', 'assignee.id', 'work_orders.assigned_to_id')
      .leftJoin('users as completer', 'completer.id', 'work_orders.completed_by_id')
      .leftJoin('assets', 'assets.id', 'work_orders.asset_id')
      .leftJoin('work_order_attachments as attachment', 'attachment.work_order_id', 'work_orders.id')
      .selectAll('work_orders')
      .select([
        'locations.name as location_name',
        'creator.first_name as creator_first_name',
        'creator.last_name as creator_last_name',
        'assignee.first_name as assignee_first_name',
        'assignee.last_name as assignee_last_name',
        'completer.first_name as completer_first_name',
        'completer.last_name as completer_last_name',
        'assets.brand as asset_brand',
        'assets.name as asset_name',
        'assets.code as asset_code',
        'attachment.id as attachment_id',
        'attachment.stored_name as attachment_stored_name',
        'attachment.original_name as attachment_original_name',
        'attachment.content_type as attachment_content_type',
        'attachment.size as attachment_size',
        'attachment.created_at as attachment_created_at',
      ])
      .where('work_orders.id', 'in', ids)
      .orderBy('work_orders.created_at', 'desc')
      .orderBy('work_orders.id', 'desc')
      .orderBy('attachment.id');
  }

  findById(id: number): Promise<WorkOrderRow | undefined> {
    return this.db.selectFrom('work_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<WorkOrderRow[]> {
    return ids.length === 0 ? [] : this.db.selectFrom('work_orders').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  /**
   * The relations of rows read before (the sync's and the export's pages), by the ids those rows
   * hold; `page` and `shown` read rows and relations together instead.
   */
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
      assets: new Map(assets.map((a) => [a.id, assetRef(a)])),
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
      await recordActivity(trx, { area: 'workorders', recordId: row.id, kind: 'created', actorId: row.created_by_id, at: row.created_at });
      return row;
    });
  }

  /** Pending → Claimed. The status test is part of the UPDATE, so of concurrent claims exactly one changes the row. */
  claim(id: number, userId: number, now: string): Promise<TransitionResult> {
    return updateRecorded(this.db, { area: 'workorders', recordId: id, kind: 'claimed', actorId: userId, at: now }, (trx) =>
      trx.updateTable('work_orders').set({ status: 'Claimed', assigned_to_id: userId, claimed_at: now, updated_at: now }).where('id', '=', id).where('status', '=', 'Pending'),
    );
  }

  /** Claimed by this user → Pending. */
  unclaim(id: number, userId: number, now: string): Promise<TransitionResult> {
    return updateRecorded(this.db, { area: 'workorders', recordId: id, kind: 'unclaimed', actorId: userId, at: now }, (trx) =>
      heldBy(trx.updateTable('work_orders').set({ status: 'Pending', assigned_to_id: null, claimed_at: null, updated_at: now }), id, userId),
    );
  }

  /** Claimed by this user → Completed; the assignee stays recorded as the one who did the work. */
  complete(id: number, userId: number, fieldNotes: string | null, now: string): Promise<TransitionResult> {
    const entry = { area: 'workorders', recordId: id, kind: 'completed', actorId: userId, at: now, details: { field_notes: fieldNotes } } as const;
    return updateRecorded(this.db, entry, (trx) =>
      heldBy(trx.updateTable('work_orders').set({ status: 'Completed', field_notes: fieldNotes, completed_at: now, completed_by_id: userId, updated_at: now }), id, userId),
    );
  }

  /** Pending is free, Claimed is held by the assignee, Completed is done for good. */
  async claimState(id: number): Promise<ClaimState | undefined> {
    const row = await this.db.selectFrom('work_orders').select(['status', 'assigned_to_id']).where('id', '=', id).executeTakeFirst();
    return row && { claimedBy: row.status === 'Claimed' ? row.assigned_to_id : null, completed: row.status === 'Completed' };
  }
}

/** Named as the screens name an asset: its brand, then its name. */
function assetRef(a: { id: number; brand: string; name: string; code: string }): { id: number; name: string; code: string } {
  return { id: a.id, name: [a.brand, a.name].filter(Boolean).join(' '), code: a.code };
}

/** A result row of `shown`: the order's row, and what the joins found (null where they found nothing). */
interface ShownRow extends WorkOrderRow {
  location_name: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  completer_first_name: string | null;
  completer_last_name: string | null;
  asset_brand: string | null;
  asset_name: string | null;
  asset_code: string | null;
  attachment_id: number | null;
  attachment_stored_name: string | null;
  attachment_original_name: string | null;
  attachment_content_type: string | null;
  attachment_size: number | null;
  attachment_created_at: string | null;
}

function noRelations(): WorkOrderRelations {
  return { locations: new Map(), users: new Map(), attachments: new Map(), assets: new Map() };
}

/** The orders of `shown`'s result rows, in their order, and their relations. */
function shownOrders(found: ShownRow[]): ShownOrders {
  const rows: WorkOrderRow[] = [];
  const relations = noRelations();
  const person = (id: number | null, first_name: string | null, last_name: string | null) => {
    if (id !== null && first_name !== null && last_name !== null) relations.users.set(id, { id, first_name, last_name });
  };
  for (const r of found) {
    // What the joins added; the rest is the order's own row, whatever columns it has.
    const {
      location_name, creator_first_name, creator_last_name, assignee_first_name, assignee_last_name, completer_first_name, completer_last_name,
      asset_brand, asset_name, asset_code,
      attachment_id, attachment_stored_name, attachment_original_name, attachment_content_type, attachment_size, attachment_created_at,
      ...row
    } = r;
    if (rows.at(-1)?.id !== row.id) {
      rows.push(row);
      if (location_name !== null) relations.locations.set(row.location_id, { id: row.location_id, name: location_name });
      person(row.created_by_id, creator_first_name, creator_last_name);
      person(row.assigned_to_id, assignee_first_name, assignee_last_name);
      person(row.completed_by_id, completer_first_name, completer_last_name);
      if (row.asset_id !== null && asset_brand !== null && asset_name !== null && asset_code !== null) {
        relations.assets.set(row.asset_id, assetRef({ id: row.asset_id, brand: asset_brand, name: asset_name, code: asset_code }));
      }
    }
    if (attachment_id !== null) {
      const attachment: AttachmentRow = {
        id: attachment_id, work_order_id: row.id, stored_name: attachment_stored_name!, original_name: attachment_original_name!,
        content_type: attachment_content_type!, size: attachment_size!, created_at: attachment_created_at!,
      };
      const list = relations.attachments.get(row.id);
      if (list) list.push(attachment);
      else relations.attachments.set(row.id, [attachment]);
    }
  }
  return { rows, relations };
}

/** The order's UPDATE narrowed to the one row that is Claimed by this user. */
function heldBy(update: OrderUpdate, id: number, userId: number): OrderUpdate {
  return update.where('id', '=', id).where('status', '=', 'Claimed').where('assigned_to_id', '=', userId);
}

type OrderUpdate = UpdateQueryBuilder<Database, 'work_orders', 'work_orders', UpdateResult>;
