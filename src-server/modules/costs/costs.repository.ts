/**
 * What the work cost, summed by the orders' (and the maintenance tasks') location or asset over spans of time (shared/api/costs.ts;
 * docs/decisions.md: What the work costs). Labour and parts are read apart, each over the entries of
 * the span by their time (indexes of migration 0027) joined to their order by key; the sums use the
 * very expressions an order's own costs use (labour.repository.ts, part-moves.repository.ts), so a
 * site's figures are its orders' costs added up.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { LABOUR_COST_CENTS, LABOUR_ENTRY_CENTS } from '../labour/labour.repository.js';
import { MOVE_KINDS, PART_MOVE_CENTS, PARTS_COST_CENTS } from '../part-moves/part-moves.repository.js';

/** What one location or asset cost, in cents. */
export interface CostSum {
  key: number;
  labourCents: number;
  partsCents: number;
}

/** What the orders of one location on one asset (or none) cost, in cents, for each span asked for. */
export interface PlaceCosts {
  location_id: number;
  asset_id: number | null;
  labourCents: number[];
  partsCents: number[];
}

/** One location's or asset's orders. */
export interface CostPlace {
  by: 'location_id' | 'asset_id';
  id: number;
}

const toCents = (value: number | string | null) => Math.round(Number(value ?? 0));

/** Labour that counts from `since` on: finished (a running timer counts once stopped) and not deleted, as an order's own costs count it. */
function finishedSince(eb: ExpressionBuilder<Database, 'labour_entries'>, since: string) {
  return eb.and([eb('labour_entries.started_at', '>=', since), eb('labour_entries.stopped_at', 'is not', null), eb('labour_entries.deleted_at', 'is', null)]);
}

export class CostsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The costs of one location's or asset's orders incurred from `since` (an ISO instant) on. */
  async of(place: CostPlace, since: string): Promise<Omit<CostSum, 'key'>> {
    const column = `work_orders.${place.by}` as const;
    const labour = await this.db
      .selectFrom('labour_entries')
      .innerJoin('work_orders', 'work_orders.id', 'labour_entries.work_order_id')
      .select(LABOUR_COST_CENTS.as('cents'))
      .where(column, '=', place.id)
      .where((eb) => finishedSince(eb, since))
      .executeTakeFirst();
    const parts = await this.db
      .selectFrom('stock_entries')
      .innerJoin('work_orders', 'work_orders.id', 'stock_entries.work_order_id')
      .select(PARTS_COST_CENTS.as('cents'))
      .where(column, '=', place.id)
      .where('stock_entries.created_at', '>=', since)
      .where('stock_entries.kind', 'in', MOVE_KINDS)
      .executeTakeFirst();
    // Time on maintenance tasks counts for their location (a task is on no asset).
    const tasks =
      place.by === 'location_id'
        ? await this.db
            .selectFrom('labour_entries')
            .innerJoin('maintenance_tasks', 'maintenance_tasks.id', 'labour_entries.task_id')
            .select(LABOUR_COST_CENTS.as('cents'))
            .where('maintenance_tasks.location_id', '=', place.id)
            .where((eb) => finishedSince(eb, since))
            .executeTakeFirst()
        : undefined;
    return { labourCents: toCents(labour?.cents ?? null) + toCents(tasks?.cents ?? null), partsCents: toCents(parts?.cents ?? null) };
  }

  /**
   * Every location-and-asset pair's costs for each of `sinces` at once: two reads over the longest
   * span, each entry summed into every span it falls in, so the key figures' windows cost one pass
   * over their entries rather than one per window and grouping.
   */
  async byPlace(sinces: readonly string[]): Promise<PlaceCosts[]> {
    if (sinces.length === 0) return [];
    const earliest = [...sinces].sort()[0]!;
    const labour = await this.db
      .selectFrom('labour_entries')
      .innerJoin('work_orders', 'work_orders.id', 'labour_entries.work_order_id')
      .select(['work_orders.location_id', 'work_orders.asset_id'])
      .select(sinces.map((since, i) => sql<number | string>`sum(case when labour_entries.started_at >= ${since} then ${LABOUR_ENTRY_CENTS} else 0 end)`.as(`c${i}`)))
      .where((eb) => finishedSince(eb, earliest))
      .groupBy(['work_orders.location_id', 'work_orders.asset_id'])
      .execute();
    const taskLabour = await this.db
      .selectFrom('labour_entries')
      .innerJoin('maintenance_tasks', 'maintenance_tasks.id', 'labour_entries.task_id')
      .select('maintenance_tasks.location_id')
      .select(sinces.map((since, i) => sql<number | string>`sum(case when labour_entries.started_at >= ${since} then ${LABOUR_ENTRY_CENTS} else 0 end)`.as(`c${i}`)))
      .where((eb) => finishedSince(eb, earliest))
      .groupBy('maintenance_tasks.location_id')
      .execute();
    const parts = await this.db
      .selectFrom('stock_entries')
      .innerJoin('work_orders', 'work_orders.id', 'stock_entries.work_order_id')
      .select(['work_orders.location_id', 'work_orders.asset_id'])
      .select(sinces.map((since, i) => sql<number | string>`sum(case when stock_entries.created_at >= ${since} then ${PART_MOVE_CENTS} else 0 end)`.as(`c${i}`)))
      .where('stock_entries.created_at', '>=', earliest)
      .where('stock_entries.kind', 'in', MOVE_KINDS)
      .groupBy(['work_orders.location_id', 'work_orders.asset_id'])
      .execute();
    const places = new Map<string, PlaceCosts>();
    const at = (location_id: number, asset_id: number | null) => {
      const key = `${location_id}/${asset_id ?? ''}`;
      let place = places.get(key);
      if (!place) places.set(key, (place = { location_id, asset_id, labourCents: sinces.map(() => 0), partsCents: sinces.map(() => 0) }));
      return place;
    };
    const spans = (row: Record<string, unknown>) => sinces.map((_, i) => toCents(row[`c${i}`] as number | string | null));
    for (const row of labour) at(row.location_id, row.asset_id).labourCents = spans(row);
    // A location's tasks' time joins its orders on no asset.
    for (const row of taskLabour) {
      const place = at(row.location_id, null);
      place.labourCents = spans(row).map((cents, i) => cents + place.labourCents[i]!);
    }
    for (const row of parts) at(row.location_id, row.asset_id).partsCents = spans(row);
    return [...places.values()];
  }
}
