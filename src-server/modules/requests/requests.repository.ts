/**
 * Requests from people without an account (docs/decisions.md: Requests at the label): where a
 * label sends them, taking one once however often it is sent again, the triage that turns a request
 * into a work order or down with a reason (each exactly once: a conditional UPDATE decides), and
 * the locations closed to them.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { RequestStatus } from '../../../shared/api/requests.js';
import { codedAreaOf } from '../../../shared/rules/record-codes.js';
import type { Database, WorkRequestsTable } from '../../db/schema.js';
import { distinctIds, toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';
import { recordActivity } from '../activity/activity.repository.js';
import { queueDecisionMail, queueRequestEvent } from '../notifications/request-events.js';

export type WorkRequestRow = Selectable<WorkRequestsTable>;

/** Where a label's requests go: its location, and its asset for an asset's label. */
export interface RequestPlace {
  locationId: number;
  locationName: string;
  asset: { id: number; name: string } | null;
}

export interface RequestFilter {
  status?: RequestStatus | undefined;
  locationId?: number | undefined;
}

/** Names a page of requests shows. */
export interface RequestRelations {
  locations: Map<number, { id: number; name: string }>;
  assets: Map<number, { id: number; name: string }>;
  users: Map<number, { id: number; first_name: string; last_name: string }>;
  /** The status of each work order a request became (a completed order completes its request). */
  orders: Map<number, string>;
}

export class RequestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Where the label with this code sends requests: its location (an asset's current one), none for
   * a code that is no label, an asset without a location, or a location closed to requests.
   */
  async placeOf(code: string): Promise<RequestPlace | undefined> {
    const place = codedAreaOf(code) === 'assets' ? await this.assetPlace(code) : await this.locationPlace(code);
    if (!place) return undefined;
    const closed = await this.db.selectFrom('request_closed_locations').select('location_id').where('location_id', '=', place.locationId).executeTakeFirst();
    return closed ? undefined : place;
  }

  private async assetPlace(code: string): Promise<RequestPlace | undefined> {
    const row = await this.db
      .selectFrom('assets as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .select(['l.id as location_id', 'l.name as location_name', 'a.id as asset_id', 'a.name as asset_name'])
      .where('a.code', '=', code)
      .executeTakeFirst();
    return row && { locationId: row.location_id, locationName: row.location_name, asset: { id: row.asset_id, name: row.asset_name } };
  }

  private async locationPlace(code: string): Promise<RequestPlace | undefined> {
    const row = await this.db.selectFrom('locations').select(['id', 'name']).where('code', '=', code).executeTakeFirst();
    return row && { locationId: row.id, locationName: row.name, asset: null };
  }

  /** Requests sent from this label since `since` (the per-label limit). */
  async countFromLabelSince(code: string, since: string): Promise<number> {
    const row = await this.db.selectFrom('work_requests').select((eb) => eb.fn.countAll<number | string>().as('n')).where('code', '=', code).where('created_at', '>=', since).executeTakeFirst();
    return toCount(row?.n);
  }

  /**
   * Takes a request once: a second send under the same Idempotency-Key finds the first and changes
   * nothing (the unique key decides, so two sent at once are one as well). A request taken queues
   * its supervisors' notices in the same transaction (modules/notifications/request-events.ts).
   */
  take(values: Insertable<WorkRequestsTable>): Promise<WorkRequestRow> {
    return this.db.transaction().execute(async (trx) => {
      const taken = async (row: WorkRequestRow) => {
        await queueRequestEvent(trx, row.id, 'created', row.created_at);
        return row;
      };
      if (values.idempotency_key) {
        const inserted = await trx.insertInto('work_requests').values(values).onConflict((oc) => oc.column('idempotency_key').doNothing()).returningAll().executeTakeFirst();
        return inserted ? taken(inserted) : trx.selectFrom('work_requests').selectAll().where('idempotency_key', '=', values.idempotency_key).executeTakeFirstOrThrow();
      }
      return taken(await trx.insertInto('work_requests').values(values).returningAll().executeTakeFirstOrThrow());
    });
  }

  findByKey(key: string): Promise<WorkRequestRow | undefined> {
    return this.db.selectFrom('work_requests').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  }

  /** Closes a location's labels to requests (again: nothing changes). */
  async close(locationId: number, now: string): Promise<void> {
    await this.db.insertInto('request_closed_locations').values({ location_id: locationId, closed_at: now }).onConflict((oc) => oc.column('location_id').doNothing()).execute();
  }

  async open(locationId: number): Promise<void> {
    await this.db.deleteFrom('request_closed_locations').where('location_id', '=', locationId).execute();
  }

  findByToken(token: string): Promise<WorkRequestRow | undefined> {
    return this.db.selectFrom('work_requests').selectAll().where('token', '=', token).executeTakeFirst();
  }

  findById(id: number): Promise<WorkRequestRow | undefined> {
    return this.db.selectFrom('work_requests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  findByIds(ids: readonly number[]): Promise<WorkRequestRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.db.selectFrom('work_requests').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  /** The status of the work order a request became, or null. */
  async orderStatus(workOrderId: number | null): Promise<string | null> {
    if (workOrderId === null) return null;
    const row = await this.db.selectFrom('work_orders').select('status').where('id', '=', workOrderId).executeTakeFirst();
    return row?.status ?? null;
  }

  /**
   * New ones first, then the rest newest first. `completed` is an accepted request whose work order
   * is completed, `accepted` one whose order is not yet.
   */
  async page(window: PageWindow, filter: RequestFilter): Promise<{ count: number; rows: WorkRequestRow[] }> {
    let base = this.db.selectFrom('work_requests as r').leftJoin('work_orders as o', 'o.id', 'r.work_order_id');
    if (filter.locationId !== undefined) base = base.where('r.location_id', '=', filter.locationId);
    const status = filter.status;
    if (status === 'completed') base = base.where('r.status', '=', 'accepted').where('o.status', '=', 'Completed');
    else if (status === 'accepted') base = base.where('r.status', '=', 'accepted').where((eb) => eb.or([eb('o.status', 'is', null), eb('o.status', '<>', 'Completed')]));
    else if (status !== undefined) base = base.where('r.status', '=', status);
    const [countRow, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll('r')
        .orderBy((eb) => eb.case().when('r.status', '=', 'new').then(eb.lit(0)).else(eb.lit(1)).end())
        .orderBy('r.id', 'desc')
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    ]);
    return { count: toCount(countRow.n), rows };
  }

  async relationsOf(rows: readonly WorkRequestRow[]): Promise<RequestRelations> {
    const locationIds = distinctIds(rows.map((r) => r.location_id));
    const assetIds = distinctIds(rows.map((r) => r.asset_id));
    const userIds = distinctIds(rows.map((r) => r.decided_by_id));
    const orderIds = distinctIds(rows.map((r) => r.work_order_id));
    const [locations, assets, users, orders] = await Promise.all([
      locationIds.length ? this.db.selectFrom('locations').select(['id', 'name']).where('id', 'in', locationIds).execute() : [],
      assetIds.length ? this.db.selectFrom('assets').select(['id', 'name']).where('id', 'in', assetIds).execute() : [],
      userIds.length ? this.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', userIds).execute() : [],
      orderIds.length ? this.db.selectFrom('work_orders').select(['id', 'status']).where('id', 'in', orderIds).execute() : [],
    ]);
    return {
      locations: new Map(locations.map((l) => [l.id, l])),
      assets: new Map(assets.map((a) => [a.id, a])),
      users: new Map(users.map((u) => [u.id, u])),
      orders: new Map(orders.map((o) => [o.id, o.status])),
    };
  }

  /**
   * New → accepted, into a Pending work order at the request's location (and asset) with its
   * description and its photo as the order's attachment, all in one transaction; the order's history
   * starts by naming the request, and its sender's mail is queued with it. Undefined when the
   * request is not new any more (decided already).
   */
  accept(id: number, userId: number, now: string): Promise<WorkRequestRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('work_requests')
        .set({ status: 'accepted', decided_at: now, decided_by_id: userId })
        .where('id', '=', id)
        .where('status', '=', 'new')
        .returningAll()
        .executeTakeFirst();
      if (!taken) return undefined;
      const order = await trx
        .insertInto('work_orders')
        .values({ status: 'Pending', description: taken.description, location_id: taken.location_id, asset_id: taken.asset_id, created_by_id: userId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (taken.photo) {
        await trx
          .insertInto('work_order_attachments')
          .values({ work_order_id: order.id, stored_name: taken.photo, original_name: taken.photo_name ?? 'photo', content_type: taken.photo_type ?? 'application/octet-stream', size: taken.photo_size ?? 0, created_at: now })
          .execute();
      }
      await recordActivity(trx, { area: 'workorders', recordId: order.id, kind: 'created', actorId: userId, at: now, details: { from_request: id } });
      const accepted = await trx.updateTable('work_requests').set({ work_order_id: order.id }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      await queueDecisionMail(trx, accepted, now);
      return accepted;
    });
  }

  /** New → rejected with the reason, its sender's mail queued with it. Undefined when the request is not new any more. */
  reject(id: number, userId: number, reason: string, now: string, duplicateOf: number | null = null): Promise<WorkRequestRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const rejected = await trx
        .updateTable('work_requests')
        // Turned down as the same problem as an open order: it links to that order.
        .set({ status: 'rejected', reason, decided_at: now, decided_by_id: userId, work_order_id: duplicateOf })
        .where('id', '=', id)
        .where('status', '=', 'new')
        .returningAll()
        .executeTakeFirst();
      if (rejected) await queueDecisionMail(trx, rejected, now);
      return rejected;
    });
  }
}
