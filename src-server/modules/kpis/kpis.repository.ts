/**
 * The key figures' SQL (docs/decisions.md: Key figures on /home): each figure is one aggregate
 * over an index range of migration 0013 (or an older one), so none reads every work order. Instants
 * and days are compared as the ISO text every table stores, which orders like the times it names.
 */
import { sql, type Expression, type Kysely } from 'kysely';
import { bytewise, secondsBetween, toCount, type DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

/** Instants that split open orders by age: created after `under2Days` is 0–1 days old, and so on. */
export interface AgeCutoffs {
  under2Days: string;
  under8Days: string;
  under31Days: string;
}

/** Open orders of one location and status, by age band. */
export interface OpenRow {
  location_id: number;
  status: 'Pending' | 'Claimed';
  days_0_1: number;
  days_2_7: number;
  days_8_30: number;
  over_30: number;
}

/** A half-open window of instants, [start, end). */
export interface TimeWindow {
  start: string;
  end: string;
}

export interface MeanRow {
  count: number;
  /** null when the window has no order. */
  meanSeconds: number | null;
}

export interface ComplianceRow {
  completions: number;
  withDueDate: number;
  onTime: number;
}

export interface CountAtLocation {
  location_id: number;
  count: number;
}

export interface FillRow {
  location_id: number;
  month: string;
  chemical_type: string;
  filled: number;
}

export interface WashRow {
  location_id: number;
  month: string;
  cars: number;
}

/** A half-open range of days, [start, end), YYYY-MM-DD. */
export interface DayRange {
  start: string;
  end: string;
}

/** 1 where `condition` holds, else 0: summed, it counts the rows that meet it (both engines). */
const oneWhen = (condition: Expression<unknown>) => sql<number>`case when ${condition} then 1 else 0 end`;
const sumOf = (value: Expression<number>) => sql<number | string>`sum(${value})`;
/** `YYYY-MM` of a YYYY-MM-DD column; substr is the same function on both engines. */
const monthOf = (day: Expression<string>) => sql<string>`substr(${day}, 1, 7)`;

export class KpisRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Pending and Claimed orders per location and status, by age, in two reads that each stay small
   * when many orders are open: every open order counted per location and status, with no work per
   * row but the count (index work_orders_open holds all three columns), and only the orders of the
   * last 31 days counted by band (index work_orders_created gives their range). Older than 30 days
   * is the difference.
   */
  async openWorkOrders(cutoffs: AgeCutoffs): Promise<OpenRow[]> {
    const open = ['Pending', 'Claimed'] as const;
    const all = await this.db
      .selectFrom('work_orders')
      .where('status', 'in', open)
      .select((eb) => ['location_id', 'status', eb.fn.countAll<number | string>().as('n')])
      .groupBy(['location_id', 'status'])
      .execute();
    const recent = await this.db
      .selectFrom('work_orders')
      .where('created_at', '>', cutoffs.under31Days)
      .where('status', 'in', open)
      .select((eb) => {
        const created = bytewise(this.dialect, eb.ref('created_at'));
        return [
          'location_id',
          'status',
          sumOf(oneWhen(eb(created, '>', cutoffs.under2Days))).as('under_2'),
          sumOf(oneWhen(eb(created, '>', cutoffs.under8Days))).as('under_8'),
          eb.fn.countAll<number | string>().as('under_31'),
        ];
      })
      .groupBy(['location_id', 'status'])
      .execute();
    const key = (r: { location_id: number; status: string }) => `${r.location_id}/${r.status}`;
    const recentBy = new Map(recent.map((r) => [key(r), r]));
    return all.map((r) => {
      const young = recentBy.get(key(r));
      const [under2, under8, under31, n] = [toCount(young?.under_2), toCount(young?.under_8), toCount(young?.under_31), toCount(r.n)];
      return {
        location_id: r.location_id,
        status: r.status === 'Claimed' ? 'Claimed' : 'Pending',
        days_0_1: under2,
        days_2_7: under8 - under2,
        days_8_30: under31 - under8,
        // The two reads are not one snapshot: an order made between them must not count as less than none.
        over_30: Math.max(0, n - under31),
      };
    });
  }

  /**
   * Mean seconds from creation to `column` (the claim or the completion) over the orders whose
   * `column` falls in each window; one query over the span of all of them (index work_orders_claimed
   * or work_orders_completed, which also hold created_at).
   */
  async meanTimesSinceCreation(column: 'claimed_at' | 'completed_at', windows: readonly TimeWindow[]): Promise<MeanRow[]> {
    if (windows.length === 0) return [];
    const start = windows.reduce((min, w) => (w.start < min ? w.start : min), windows[0]!.start);
    const end = windows.reduce((max, w) => (w.end > max ? w.end : max), windows[0]!.end);
    const row = await this.db
      .selectFrom('work_orders')
      .where(column, '>=', start)
      .where(column, '<', end)
      .select((eb) => {
        const at = bytewise(this.dialect, eb.ref(column));
        const seconds = secondsBetween(this.dialect, eb.ref('created_at'), eb.ref(column));
        return windows.flatMap((w, i) => {
          const inWindow = eb.and([eb(at, '>=', w.start), eb(at, '<', w.end)]);
          return [sumOf(oneWhen(inWindow)).as(`n${i}`), sql<number | string | null>`avg(case when ${inWindow} then ${seconds} end)`.as(`mean${i}`)];
        });
      })
      .executeTakeFirstOrThrow();
    // The aliases are built from the windows' positions above, so they are read back the same way.
    const values = row as unknown as Record<string, number | string | null>;
    return windows.map((_, i) => {
      const mean = values[`mean${i}`];
      return { count: toCount(values[`n${i}`]), meanSeconds: mean === null || mean === undefined ? null : Number(mean) };
    });
  }

  /**
   * Task completions on or after each `since` day, with a due date, and on time (index
   * task_completions_date): on or before the due date, and for a task by usage before its meter had
   * it past due (`meter_late`, docs/decisions.md: Maintenance by usage). A completion with neither a
   * due date nor a meter is left out of `withDueDate`.
   */
  async compliance(sinceDays: readonly string[]): Promise<ComplianceRow[]> {
    if (sinceDays.length === 0) return [];
    const earliest = sinceDays.reduce((min, d) => (d < min ? d : min), sinceDays[0]!);
    const row = await this.db
      .selectFrom('task_completions')
      .where('completed_date', '>=', earliest)
      .select((eb) => {
        const day = bytewise(this.dialect, eb.ref('completed_date'));
        const due = bytewise(this.dialect, eb.ref('due_date'));
        return sinceDays.flatMap((since, i) => {
          const inWindow = eb(day, '>=', since);
          const dated = eb.or([eb(due, 'is not', null), eb('meter_late', 'is not', null)]);
          const byDays = eb.or([eb(due, 'is', null), eb(day, '<=', due)]);
          const byMeter = eb.or([eb('meter_late', 'is', null), eb('meter_late', '=', 0)]);
          return [
            sumOf(oneWhen(inWindow)).as(`n${i}`),
            sumOf(oneWhen(eb.and([inWindow, dated]))).as(`due${i}`),
            sumOf(oneWhen(eb.and([inWindow, dated, byDays, byMeter]))).as(`ok${i}`),
          ];
        });
      })
      .executeTakeFirstOrThrow();
    // The aliases are built from the windows' positions above, so they are read back the same way.
    const values = row as unknown as Record<string, number | string | null>;
    return sinceDays.map((_, i) => ({ completions: toCount(values[`n${i}`]), withDueDate: toCount(values[`due${i}`]), onTime: toCount(values[`ok${i}`]) }));
  }

  /**
   * Tasks past due on `today` per location: the status rule's PAST_DUE (shared/rules/task-status.ts),
   * which a claim comes before, so claimed tasks are not counted (index maintenance_tasks_due).
   */
  async pastDueTasks(today: string): Promise<CountAtLocation[]> {
    const rows = await this.db
      .selectFrom('maintenance_tasks')
      .where('due_date', '<', today)
      .where('assigned_to_id', 'is', null)
      .select((eb) => ['location_id', eb.fn.countAll<number | string>().as('n')])
      .groupBy('location_id')
      .execute();
    return rows.map((r) => ({ location_id: r.location_id, count: toCount(r.n) }));
  }

  /** Chemical fills per site, month and chemical type (index quantity_records_chemical). */
  async chemicalFills(siteIds: readonly number[], days: DayRange): Promise<FillRow[]> {
    if (siteIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('quantity_records')
      .innerJoin('chemical_locations', 'chemical_locations.id', 'quantity_records.chemical_location_id')
      .innerJoin('chemicals', 'chemicals.id', 'chemical_locations.chemical_id')
      .where('quantity_records.kind', '=', 'fill')
      .where('chemical_locations.location_id', 'in', [...siteIds])
      .where('quantity_records.date', '>=', days.start)
      .where('quantity_records.date', '<', days.end)
      .select((eb) => [
        'chemical_locations.location_id',
        monthOf(eb.ref('quantity_records.date')).as('month'),
        'chemicals.chemical_type',
        eb.fn.sum<number | string>('quantity_records.quantity').as('filled'),
      ])
      .groupBy((eb) => ['chemical_locations.location_id', monthOf(eb.ref('quantity_records.date')), 'chemicals.chemical_type'])
      .execute();
    return rows.map((r) => ({ location_id: r.location_id, month: r.month, chemical_type: r.chemical_type, filled: Number(r.filled) }));
  }

  /** Cars washed per site and month (index wash_records_location_date). */
  async carsWashed(siteIds: readonly number[], days: DayRange): Promise<WashRow[]> {
    if (siteIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('wash_records')
      .where('location_id', 'in', [...siteIds])
      .where('date', '>=', days.start)
      .where('date', '<', days.end)
      .select((eb) => ['location_id', monthOf(eb.ref('date')).as('month'), eb.fn.sum<number | string>('count').as('cars')])
      .groupBy((eb) => ['location_id', monthOf(eb.ref('date'))])
      .execute();
    return rows.map((r) => ({ location_id: r.location_id, month: r.month, cars: toCount(r.cars) }));
  }
}
