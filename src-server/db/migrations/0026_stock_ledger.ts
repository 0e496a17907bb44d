import { sql, type Kysely } from 'kysely';
import { realType, withId, type DialectName } from '../dialect.js';
import { logChangesOf, logChangesWhenSet } from './0011_change_log.js';

/**
 * Parts on work orders through an append-only stock ledger (docs/decisions.md: What the work costs).
 *
 * - `stock_entries`: every change of a part's quantity, signed (`change`), with the quantity after
 *   it and the part's unit cost then, in cents: the opening balance the ledger started from, fills,
 *   counts (the difference to the counted quantity), issues to and returns from a work order, and
 *   adjustments with their reason. It goes with its part; an order's deletion leaves its entries
 *   (the stock did move), without the order. Read by part, newest first (`stock_entries_part`), and
 *   by order (`stock_entries_order`).
 * - `parts.unit_cost_cents` (0 until full access sets it) and `parts.reorder_point` (null: none).
 * - `notification_settings.part_short`: a full-access user asks to be mailed when a part at their
 *   locations becomes short.
 *
 * Today's fills and counts become entries (`backfillStockLedger`), so a part's history starts
 * complete. An entry is a change of its part in the change log, and of its order when it has one,
 * so devices pull both again (the part's quantity, the order's costs); every part is logged once
 * here, so devices learn of its new fields.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const real = realType(dialect);
  await withId(db.schema.createTable('stock_entries'), dialect)
    .addColumn('part_id', 'integer', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // The same type as parts.quantity, so a sum of changes is the quantity on both engines.
    .addColumn('change', real, (c) => c.notNull())
    .addColumn('quantity_after', real, (c) => c.notNull())
    .addColumn('unit_cost_cents', 'integer', (c) => c.notNull())
    .addColumn('work_order_id', 'integer', (c) => c.references('work_orders.id').onDelete('set null'))
    .addColumn('reason', 'text')
    // Users are deactivated, never deleted; null for the opening balance and the demo data.
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_entries_part').on('stock_entries').columns(['part_id', 'id']).execute();
  await db.schema.createIndex('stock_entries_order').on('stock_entries').column('work_order_id').execute();
  await db.schema.alterTable('parts').addColumn('unit_cost_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('parts').addColumn('reorder_point', real).execute();
  await db.schema.alterTable('notification_settings').addColumn('part_short', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  // Before the triggers: the backfill is the ledger's start, not a change devices have to pull one entry at a time.
  const now = new Date().toISOString();
  await backfillStockLedger(db, now);

  await logChangesOf(db, dialect, { table: 'stock_entries', entity: 'parts', idColumn: 'part_id', own: false });
  await logOrderOfEntry(db, dialect);
  await sql`insert into change_log (entity, record_id, op, changed_at) select 'parts', id, 'upsert', cast(${now} as text) from parts order by id`.execute(db);
}

/**
 * An issue or a return changes its order's costs: logged as a change of the order, for entries with
 * an order only. An entry is never updated but by its order's deletion (set null), which needs no
 * log of a deleted order.
 */
async function logOrderOfEntry(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await logChangesWhenSet(db, dialect, { table: 'stock_entries', entity: 'workorders', idColumn: 'work_order_id', label: 'order', events: ['insert', 'delete'] });
}

/** The tables the backfill reads and writes, as they are at this migration (not as schema.ts may say later). */
type BackfillTables = {
  parts: { id: number; quantity: number; created_at: string };
  quantity_records: { id: number; kind: string; part_id: number | null; quantity: number; user_id: number; created_at: string };
  stock_entries: {
    part_id: number;
    kind: string;
    change: number;
    quantity_after: number;
    unit_cost_cents: number;
    work_order_id: number | null;
    reason: string | null;
    user_id: number | null;
    created_at: string;
  };
};

export type BackfillEntry = BackfillTables['stock_entries'];
export type BackfillRecord = Pick<BackfillTables['quantity_records'], 'kind' | 'quantity' | 'user_id' | 'created_at'>;

/** The reason of the adjustment that makes a part's ledger end at its quantity when its records cannot. */
export const BALANCE_REASON = 'Balance when the ledger started';

/** Quantities are kept to 2 decimals (docs/decisions.md: Quantities): a sum of them is too, without binary noise. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A part's first ledger entries, from its quantity now and its fills and counts in the order they
 * were made (exported for the tests):
 * - an `opening` entry chosen so that the fills end at the quantity; with a count among the records
 *   the opening is 0 (a count replaces whatever was there), so none is written;
 * - a `fill` per fill, a `count` per count (its change: the counted quantity less the one before);
 * - when the records do not end at the quantity (a count replaced it, or it was written around
 *   them), an `adjust` entry at `now` with BALANCE_REASON.
 * A part without records gets its quantity as the opening, when it is not 0.
 */
export function ledgerStartOf(part: BackfillTables['parts'], records: readonly BackfillRecord[], now: string): BackfillEntry[] {
  const entry = (kind: string, change: number, after: number, userId: number | null, createdAt: string, reason: string | null = null): BackfillEntry => ({
    part_id: part.id,
    kind,
    change,
    quantity_after: after,
    unit_cost_cents: 0,
    work_order_id: null,
    reason,
    user_id: userId,
    created_at: createdAt,
  });
  const counted = records.some((r) => r.kind === 'inventory');
  const filled = records.reduce((sum, r) => (r.kind === 'fill' ? sum + r.quantity : sum), 0);
  const opening = counted ? 0 : round2(part.quantity - filled);
  const first = records[0]?.created_at;
  const entries: BackfillEntry[] = [];
  let value = opening;
  if (opening !== 0) entries.push(entry('opening', opening, opening, null, first !== undefined && first < part.created_at ? first : part.created_at));
  for (const r of records) {
    if (r.kind === 'fill') {
      value = round2(value + r.quantity);
      entries.push(entry('fill', r.quantity, value, r.user_id, r.created_at));
    } else {
      const change = round2(r.quantity - value);
      value = r.quantity;
      entries.push(entry('count', change, value, r.user_id, r.created_at));
    }
  }
  if (value !== part.quantity) entries.push(entry('adjust', round2(part.quantity - value), part.quantity, null, now, BALANCE_REASON));
  return entries;
}

const PARTS_PER_BATCH = 500;
const ENTRIES_PER_INSERT = 500;

/** Writes every part's first ledger entries (`ledgerStartOf`), a batch of parts at a time. */
export async function backfillStockLedger(database: Kysely<unknown>, now: string): Promise<void> {
  const db = database.withTables<BackfillTables>();
  let after = 0;
  for (;;) {
    const parts = await db.selectFrom('parts').select(['id', 'quantity', 'created_at']).where('id', '>', after).orderBy('id').limit(PARTS_PER_BATCH).execute();
    if (parts.length === 0) return;
    after = parts[parts.length - 1]!.id;
    const records = await db
      .selectFrom('quantity_records')
      .select(['part_id', 'kind', 'quantity', 'user_id', 'created_at'])
      .where(
        'part_id',
        'in',
        parts.map((p) => p.id),
      )
      .orderBy('part_id')
      .orderBy('id')
      .execute();
    const byPart = new Map<number, BackfillRecord[]>();
    for (const { part_id, ...record } of records) {
      if (part_id === null) continue;
      const list = byPart.get(part_id) ?? [];
      list.push(record);
      byPart.set(part_id, list);
    }
    const entries = parts.flatMap((part) => ledgerStartOf(part, byPart.get(part.id) ?? [], now));
    for (let i = 0; i < entries.length; i += ENTRIES_PER_INSERT) {
      await db.insertInto('stock_entries').values(entries.slice(i, i + ENTRIES_PER_INSERT)).execute();
    }
  }
}
