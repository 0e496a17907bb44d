/**
 * Fills and inventory counts, written one way for every stocked item (decisions: Quantities): a
 * chemical's stock is kept per location (chemical_locations.current_quantity), a part's on the
 * part (parts.quantity), and the records of both in quantity_records. A part's are also entries of
 * its stock ledger (stock-ledger.ts), in the same transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import type { QuantityKind } from '../../../shared/api/quantities.js';
import { partIsShort } from '../../../shared/api/stock-ledger.js';
import { QUANTITY_MAX } from '../../../shared/constants.js';
import { lockedRead } from '../../db/dialect.js';
import type { Database, QuantityRecordsTable } from '../../db/schema.js';
import { recordActivity } from '../activity/activity.repository.js';
import { appendStockEntry, roundQuantity } from './stock-ledger.js';

/** A fill or an inventory count as kept (chemicals and parts share the table). */
export type QuantityRecordRow = Selectable<QuantityRecordsTable>;

/** A checked fill or count, ready to write. */
export interface QuantityEntry {
  kind: QuantityKind;
  date: string;
  quantity: number;
  userId: number;
  createdAt: string;
}

/** A written fill or count and the stock after it, or a refused fill and the stock as it is. */
export type QuantityOutcome = { saved: true; record: QuantityRecordRow; current_quantity: number } | { saved: false; current_quantity: number };

/** Where each stocked item's quantity is kept, and the record whose history tells of its fills and counts. */
const STOCK = {
  chemical: { table: 'chemical_locations', quantity: 'current_quantity', area: 'chemicals', recordId: 'chemical_id' },
  part: { table: 'parts', quantity: 'quantity', area: 'parts', recordId: 'id' },
} as const;

export type StockedItem = keyof typeof STOCK;

export class StockRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Changes the stock of row `id` and keeps the record, in one transaction. The stock changes in a
   * single UPDATE (adding in SQL for a fill), so concurrent fills never lose one another, and a fill
   * that would bring it to QUANTITY_MAX or more changes nothing: the bound is part of that UPDATE,
   * so two fills at once cannot both pass it. Refused, the answer carries the stock as it is. A
   * written one is also told in the chemical's or part's history, with the stock after it.
   */
  recordQuantity(item: StockedItem, id: number, entry: QuantityEntry): Promise<QuantityOutcome> {
    const { table, quantity, area, recordId } = STOCK[item];
    return this.db.transaction().execute(async (trx) => {
      // A count's ledger entry is its difference to the quantity before, read with the part's row held until the end.
      const before =
        item === 'part' && entry.kind === 'inventory' ? await lockedRead(trx, trx.selectFrom('parts').select('quantity').where('id', '=', id)).executeTakeFirst() : undefined;
      let update = trx
        .updateTable(table)
        .set(quantity, (eb) => (entry.kind === 'fill' ? eb(quantity, '+', entry.quantity) : eb.val(entry.quantity)))
        .where('id', '=', id);
      if (entry.kind === 'fill') update = update.where((eb) => eb(eb(quantity, '+', entry.quantity), '<', QUANTITY_MAX));
      const stock = await update.returning([`${quantity} as stock`, `${recordId} as record_id`, 'location_id']).executeTakeFirst();
      if (!stock) {
        const now = await trx.selectFrom(table).select(`${quantity} as stock`).where('id', '=', id).executeTakeFirstOrThrow();
        return { saved: false, current_quantity: now.stock };
      }
      const record = await trx
        .insertInto('quantity_records')
        .values({
          kind: entry.kind,
          chemical_location_id: item === 'chemical' ? id : null,
          part_id: item === 'part' ? id : null,
          date: entry.date,
          quantity: entry.quantity,
          user_id: entry.userId,
          created_at: entry.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      let becameShort = false;
      if (item === 'part') {
        const change = entry.kind === 'fill' ? entry.quantity : roundQuantity(stock.stock - (before?.quantity ?? 0));
        const part = await appendStockEntry(trx, { partId: id, kind: entry.kind === 'fill' ? 'fill' : 'count', change, userId: entry.userId, createdAt: entry.createdAt });
        // Only a count can make a part short: a fill only adds.
        becameShort = before !== undefined && !partIsShort(before.quantity, part.reorder_point) && partIsShort(stock.stock, part.reorder_point);
      }
      const location = stock.location_id === null ? undefined : await trx.selectFrom('locations').select(['id', 'name']).where('id', '=', stock.location_id).executeTakeFirst();
      await recordActivity(trx, {
        area,
        recordId: stock.record_id,
        kind: entry.kind === 'fill' ? 'filled' : 'counted',
        actorId: entry.userId,
        at: entry.createdAt,
        details: {
          quantity: entry.quantity,
          stock_after: stock.stock,
          location: location ? { id: location.id, name: location.name } : null,
          date: entry.date,
          ...(becameShort ? { became_short: true } : {}),
        },
      });
      return { saved: true, record, current_quantity: stock.stock };
    });
  }
}
