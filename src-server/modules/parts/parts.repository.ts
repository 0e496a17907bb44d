import type { Kysely, Selectable } from 'kysely';
import type { Database, PartsTable } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';
import { QUANTITY_MAX } from '../../../shared/constants.js';
import type { QuantityKind } from '../../../shared/api/quantities.js';
import type { QuantityOutcome } from '../stock/quantity-routes.js';

/** A part with the name of its location (null when it has none). */
export type PartRow = Selectable<PartsTable> & { location_name: string | null };

export class PartsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private withLocation() {
    return this.db.selectFrom('parts').leftJoin('locations', 'locations.id', 'parts.location_id').selectAll('parts').select('locations.name as location_name');
  }

  /** Parts in name order; with a location, only those kept there. */
  async page(locationId: number | undefined, window: PageWindow): Promise<{ count: number; rows: PartRow[] }> {
    let count = this.db.selectFrom('parts').select((eb) => eb.fn.countAll<number>().as('n'));
    let rows = this.withLocation();
    if (locationId !== undefined) {
      count = count.where('parts.location_id', '=', locationId);
      rows = rows.where('parts.location_id', '=', locationId);
    }
    const [countRow, page] = await Promise.all([
      count.executeTakeFirstOrThrow(),
      rows.orderBy('parts.name').orderBy('parts.id').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { count: toCount(countRow.n), rows: page };
  }

  findById(id: number): Promise<PartRow | undefined> {
    return this.withLocation().where('parts.id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<PartRow[]> {
    return ids.length === 0 ? [] : this.withLocation().where('parts.id', 'in', ids).orderBy('parts.id').execute();
  }


  /**
   * Changes the quantity and keeps the record in one transaction; a fill adds in a single UPDATE
   * so concurrent fills never lose one another, and one that would bring the quantity to
   * QUANTITY_MAX or more changes nothing (the bound is part of that UPDATE). Refused, the answer
   * carries the quantity as it is.
   */
  recordQuantity(input: { kind: QuantityKind; partId: number; date: string; quantity: number; userId: number; createdAt: string }): Promise<QuantityOutcome> {
    return this.db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('parts')
        .set((eb) => ({ quantity: input.kind === 'fill' ? eb('quantity', '+', input.quantity) : input.quantity }))
        .where('id', '=', input.partId);
      if (input.kind === 'fill') update = update.where((eb) => eb(eb('quantity', '+', input.quantity), '<', QUANTITY_MAX));
      const stock = await update.returning('quantity').executeTakeFirst();
      if (!stock) {
        const now = await trx.selectFrom('parts').select('quantity').where('id', '=', input.partId).executeTakeFirstOrThrow();
        return { saved: false, current_quantity: now.quantity };
      }
      const record = await trx
        .insertInto('quantity_records')
        .values({ kind: input.kind, chemical_location_id: null, part_id: input.partId, date: input.date, quantity: input.quantity, user_id: input.userId, created_at: input.createdAt })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { saved: true, record, current_quantity: stock.quantity };
    });
  }

  /** Every part kept at a location, in name order. */
  stockAt(locationId: number): Promise<Selectable<PartsTable>[]> {
    return this.db.selectFrom('parts').selectAll().where('location_id', '=', locationId).orderBy('name').orderBy('id').execute();
  }
}
