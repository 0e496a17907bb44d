/**
 * The stock ledger of parts (docs/decisions.md: What the work costs): every change of a part's
 * quantity appends an entry here, in the transaction of the write that changed it. A part's
 * quantity is the sum of its entries' changes, and its last entry's `quantity_after` is the quantity.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, StockEntriesTable, StockEntryKind } from '../../db/schema.js';

export type StockEntryRow = Selectable<StockEntriesTable>;

/** Quantities are kept to 2 decimals (docs/decisions.md: Quantities): so is a difference of two, without binary noise. */
export function roundQuantity(n: number): number {
  return Math.round(n * 100) / 100;
}

export interface NewStockEntry {
  partId: number;
  kind: StockEntryKind;
  /** Signed: what the write added to or took from the part's quantity. */
  change: number;
  workOrderId?: number | null;
  reason?: string | null;
  userId: number | null;
  createdAt: string;
}

/** The entry appended, and the part's reorder point (whether the write made it short is the caller's to tell). */
export interface AppendedEntry {
  entry: StockEntryRow;
  reorder_point: number | null;
}

/**
 * Appends the entry of a change already written to `parts.quantity` in this transaction: the quantity
 * after it and the unit cost are read from the part's row, which the write holds until the
 * transaction ends (PostgreSQL's row lock of the UPDATE; SQLite's writing transaction), so they are
 * this write's and no other's.
 */
export async function appendStockEntry(trx: Kysely<Database>, e: NewStockEntry): Promise<AppendedEntry & { unit_cost_cents: number }> {
  const part = await trx.selectFrom('parts').select(['quantity', 'unit_cost_cents', 'reorder_point']).where('id', '=', e.partId).executeTakeFirstOrThrow();
  const entry = await trx
    .insertInto('stock_entries')
    .values({
      part_id: e.partId,
      kind: e.kind,
      change: e.change,
      quantity_after: part.quantity,
      unit_cost_cents: part.unit_cost_cents,
      work_order_id: e.workOrderId ?? null,
      reason: e.reason ?? null,
      user_id: e.userId,
      created_at: e.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { entry, reorder_point: part.reorder_point, unit_cost_cents: part.unit_cost_cents };
}
