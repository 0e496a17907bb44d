import type { Kysely, Selectable } from 'kysely';
import type { FieldChange } from '../../../shared/api/activity.js';
import { partIsShort } from '../../../shared/api/stock-ledger.js';
import { centsToUnits } from '../../../shared/rules/money.js';
import type { Database, PartsTable } from '../../db/schema.js';
import { lockedRead, toCount } from '../../db/dialect.js';
import type { PageWindow } from '../../http/pagination.js';
import { recordActivity } from '../activity/activity.repository.js';

/** A part's costs to set (PATCH parts/{id}/): a unit cost in cents, a reorder point or null; what is left out stays. */
export interface PartCosts {
  unit_cost_cents?: number;
  reorder_point?: number | null;
}

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

  /** The export's next rows (keyset: those after `after` in the list's order, by name then id). */
  rowsAfter(locationId: number | undefined, after: Pick<PartRow, 'name' | 'id'> | null, limit: number): Promise<PartRow[]> {
    let rows = this.withLocation();
    if (locationId !== undefined) rows = rows.where('parts.location_id', '=', locationId);
    if (after) rows = rows.where((eb) => eb(eb.refTuple('parts.name', 'parts.id'), '>', eb.tuple(after.name, after.id)));
    return rows.orderBy('parts.name').orderBy('parts.id').limit(limit).execute();
  }

  findById(id: number): Promise<PartRow | undefined> {
    return this.withLocation().where('parts.id', '=', id).executeTakeFirst();
  }
  /** Several at once, by id (the sync's pages); ids that do not exist are left out. */
  async findByIds(ids: readonly number[]): Promise<PartRow[]> {
    return ids.length === 0 ? [] : this.withLocation().where('parts.id', 'in', ids).orderBy('parts.id').execute();
  }

  /**
   * The parts short now (shared/api/stock-ledger.ts `partIsShort`: below zero, or at or under
   * their reorder point), in name order. Few at a time on any site, so a plain list.
   */
  short(): Promise<PartRow[]> {
    return this.withLocation()
      .where((eb) => eb.or([eb('parts.quantity', '<', 0), eb.and([eb('parts.reorder_point', 'is not', null), eb('parts.quantity', '<=', eb.ref('parts.reorder_point'))])]))
      .orderBy('parts.name')
      .orderBy('parts.id')
      .execute();
  }

  /**
   * Sets a part's costs and records what changed in its history (an `edited` entry, the unit cost in
   * currency units), with the row read locked so the old values are the ones replaced. A reorder
   * point that makes the part short says so (`became_short`), for the shortage mail. Undefined when
   * the part is gone.
   */
  updateCosts(id: number, costs: PartCosts, actorId: number, now: string): Promise<PartRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await lockedRead(trx, trx.selectFrom('parts').select(['quantity', 'unit_cost_cents', 'reorder_point']).where('id', '=', id)).executeTakeFirst();
      if (!before) return undefined;
      await trx.updateTable('parts').set(costs).where('id', '=', id).execute();
      const after = { unit_cost_cents: costs.unit_cost_cents ?? before.unit_cost_cents, reorder_point: costs.reorder_point === undefined ? before.reorder_point : costs.reorder_point };
      const changes: FieldChange[] = [];
      if (after.unit_cost_cents !== before.unit_cost_cents) changes.push({ field: 'unit_cost', old: centsToUnits(before.unit_cost_cents), new: centsToUnits(after.unit_cost_cents) });
      if (after.reorder_point !== before.reorder_point) changes.push({ field: 'reorder_point', old: before.reorder_point, new: after.reorder_point });
      if (changes.length > 0) {
        const becameShort = !partIsShort(before.quantity, before.reorder_point) && partIsShort(before.quantity, after.reorder_point);
        await recordActivity(trx, { area: 'parts', recordId: id, kind: 'edited', actorId, at: now, details: { changes, ...(becameShort ? { became_short: true } : {}) } });
      }
      return trx
        .selectFrom('parts')
        .leftJoin('locations', 'locations.id', 'parts.location_id')
        .selectAll('parts')
        .select('locations.name as location_name')
        .where('parts.id', '=', id)
        .executeTakeFirst();
    });
  }

  /** The parts kept at a location, in name order: the first `limit` (a report's bound). */
  stockAt(locationId: number, limit: number): Promise<Selectable<PartsTable>[]> {
    return this.db.selectFrom('parts').selectAll().where('location_id', '=', locationId).orderBy('name').orderBy('id').limit(limit).execute();
  }
}
