/**
 * Parts issued to and returned from work orders, and a part's stock ledger (shared/api/stock-ledger.ts;
 * docs/decisions.md: What the work costs). A move changes the part's quantity in one UPDATE that
 * adds in SQL, so concurrent moves never lose one another, and appends its ledger entry, at the
 * part's unit cost then, and its history on the order and on the part, all in one transaction.
 */
import { sql, type Kysely } from 'kysely';
import { PART_MOVE_MESSAGES, partIsShort } from '../../../shared/api/stock-ledger.js';
import { lockedRead, toCount } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { fieldError } from '../../http/errors.js';
import type { PageWindow } from '../../http/pagination.js';
import { recordActivity } from '../activity/activity.repository.js';
import { appendStockEntry, type StockEntryRow } from '../stock/stock-ledger.js';

export type PartMoveKind = 'issue' | 'return';

/** An issue or a return with the part it moved. */
export type PartMoveRow = StockEntryRow & { part_name: string; part_item_number: string };

export interface PartMove {
  orderId: number;
  /** The order's location: a part moves only to and from orders where it is stocked. */
  orderLocationId: number;
  partId: number;
  kind: PartMoveKind;
  /** Whole units, positive. */
  quantity: number;
  userId: number;
  now: string;
}

export const MOVE_KINDS: PartMoveKind[] = ['issue', 'return'];
/** What parts moved to orders cost, in cents: issues (negative changes) less returns, each at its unit cost then. */
export const PART_MOVE_CENTS = sql<number>`-change * unit_cost_cents`;
export const PARTS_COST_CENTS = sql<number | string>`sum(${PART_MOVE_CENTS})`;

export class PartMovesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private moves() {
    return this.db
      .selectFrom('stock_entries')
      .innerJoin('parts', 'parts.id', 'stock_entries.part_id')
      .selectAll('stock_entries')
      .select(['parts.name as part_name', 'parts.item_number as part_item_number'])
      .where('stock_entries.kind', 'in', MOVE_KINDS);
  }

  /** The order's issues and returns, oldest first. */
  listForOrder(orderId: number): Promise<PartMoveRow[]> {
    return this.moves().where('stock_entries.work_order_id', '=', orderId).orderBy('stock_entries.id').execute();
  }

  /** One move just made, with its part (read back within the request, whose transaction holds it). */
  findMove(entryId: number): Promise<PartMoveRow> {
    return this.moves().where('stock_entries.id', '=', entryId).executeTakeFirstOrThrow();
  }

  /** A page of the part's ledger, newest first. */
  async ledgerPage(partId: number, window: PageWindow): Promise<{ count: number; rows: StockEntryRow[] }> {
    const [count, rows] = await Promise.all([
      this.db
        .selectFrom('stock_entries')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('part_id', '=', partId)
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('stock_entries').selectAll().where('part_id', '=', partId).orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(count.n), rows };
  }

  /**
   * At most `limit` entries of the part's ledger after `after`, oldest first (its export, read by
   * keyset). The id is the ledger's order: entries are only ever appended, each in the transaction
   * of its change.
   */
  ledgerAfter(partId: number, after: Pick<StockEntryRow, 'id'> | null, limit: number): Promise<StockEntryRow[]> {
    let rows = this.db.selectFrom('stock_entries').selectAll().where('part_id', '=', partId);
    if (after) rows = rows.where('id', '>', after.id);
    return rows.orderBy('id').limit(limit).execute();
  }

  /**
   * What the parts of each of these orders cost, in cents, in one query (orders without any are left
   * out): issues at their unit cost less returns at theirs. A move's change is whole units, so each
   * product is a whole number of cents on both engines.
   */
  async costsOf(orderIds: readonly number[]): Promise<Map<number, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('stock_entries')
      .select(['work_order_id', PARTS_COST_CENTS.as('cost_cents')])
      .where('work_order_id', 'in', orderIds)
      .where('kind', 'in', MOVE_KINDS)
      .groupBy('work_order_id')
      .$narrowType<{ work_order_id: number }>()
      .execute();
    return new Map(rows.map((r) => [r.work_order_id, Math.round(Number(r.cost_cents))]));
  }

  /**
   * Issues or returns whole units of a part on an order. The part's row is read locked first, so
   * the checks below (its location; for a return, what went net to the order) hold until the write
   * commits, and two moves of one part run one after the other. An issue is never refused for
   * stock: the quantity may go below zero. Refused, it throws the field error and writes nothing.
   */
  move(m: PartMove): Promise<StockEntryRow> {
    return this.db.transaction().execute(async (trx) => {
      const part = await lockedRead(trx, trx.selectFrom('parts').select(['id', 'name', 'location_id', 'quantity', 'reorder_point']).where('id', '=', m.partId)).executeTakeFirstOrThrow();
      if (part.location_id !== m.orderLocationId) throw fieldError('part_id', PART_MOVE_MESSAGES.notHere);
      if (m.kind === 'return') {
        const net = await netIssued(trx, m.orderId, m.partId);
        if (m.quantity > net) throw fieldError('quantity', PART_MOVE_MESSAGES.returnTooMany(net));
      }
      const change = m.kind === 'issue' ? -m.quantity : m.quantity;
      const moved = await trx
        .updateTable('parts')
        .set((eb) => ({ quantity: eb('quantity', '+', change) }))
        .where('id', '=', m.partId)
        .returning(['quantity'])
        .executeTakeFirstOrThrow();
      const { entry, reorder_point } = await appendStockEntry(trx, { partId: m.partId, kind: m.kind, change, workOrderId: m.orderId, userId: m.userId, createdAt: m.now });
      const kind = m.kind === 'issue' ? 'part_issued' : 'part_returned';
      const partRef = { id: part.id, name: part.name };
      await recordActivity(trx, { area: 'workorders', recordId: m.orderId, kind, actorId: m.userId, at: m.now, details: { part: partRef, quantity: m.quantity } });
      // A return only adds: only an issue makes a part short. Said once, by the move that crossed.
      const becameShort = m.kind === 'issue' && !partIsShort(part.quantity, reorder_point) && partIsShort(moved.quantity, reorder_point);
      await recordActivity(trx, {
        area: 'parts',
        recordId: m.partId,
        kind,
        actorId: m.userId,
        at: m.now,
        details: { part: partRef, quantity: m.quantity, work_order_id: m.orderId, stock_after: moved.quantity, ...(becameShort ? { became_short: true } : {}) },
      });
      return entry;
    });
  }
}

/** The units of a part that went net to an order: its issues less its returns. */
async function netIssued(db: Kysely<Database>, orderId: number, partId: number): Promise<number> {
  const row = await db
    .selectFrom('stock_entries')
    .select((eb) => eb.fn.sum<number | string | null>('change').as('sum'))
    .where('work_order_id', '=', orderId)
    .where('part_id', '=', partId)
    .where('kind', 'in', MOVE_KINDS)
    .executeTakeFirst();
  return -Number(row?.sum ?? 0);
}
