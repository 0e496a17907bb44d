import type { Kysely, Selectable } from 'kysely';
import type { Database, PartsTable } from '../../db/schema.js';
import { toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';

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

  /**
   * Keeps the record and changes the quantity in one transaction; a fill adds in a single UPDATE so
   * concurrent fills never lose one another.
   */
  recordQuantity(input: { kind: 'fill' | 'inventory'; partId: number; date: string; quantity: number; userId: number; createdAt: string }): Promise<{ id: number; current_quantity: number }> {
    return this.db.transaction().execute(async (trx) => {
      const record = await trx
        .insertInto('quantity_records')
        .values({ kind: input.kind, chemical_location_id: null, part_id: input.partId, date: input.date, quantity: input.quantity, user_id: input.userId, created_at: input.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stock = await trx
        .updateTable('parts')
        .set((eb) => ({ quantity: input.kind === 'fill' ? eb('quantity', '+', input.quantity) : input.quantity }))
        .where('id', '=', input.partId)
        .returning('quantity')
        .executeTakeFirstOrThrow();
      return { id: record.id, current_quantity: stock.quantity };
    });
  }

  /** Every part kept at a location, in name order. */
  stockAt(locationId: number): Promise<Selectable<PartsTable>[]> {
    return this.db.selectFrom('parts').selectAll().where('location_id', '=', locationId).orderBy('name').orderBy('id').execute();
  }
}
