/**
 * The windows the key figures cover, from one moment (`now`, the site's `today`) and the period
 * asked for. Pure, so the figures and their tests reckon windows the same way.
 */
import { KPI_CHEMICAL_MONTHS, KPI_LONG_WINDOW_PERIODS } from '../../../shared/api/kpis.js';
import { addDays } from '../../../shared/rules/task-status.js';
import type { AgeCutoffs, DayRange, TimeWindow } from './kpis.repository.js';

const DAY_MS = 86_400_000;

export interface KpiWindows {
  ages: AgeCutoffs;
  /** The last `period` days, then the `period` days before them. */
  response: { current: TimeWindow; previous: TimeWindow };
  /** `period` and KPI_LONG_WINDOW_PERIODS × `period` days, each ending today. */
  compliance: { days: number; since: string }[];
  /** The last KPI_CHEMICAL_MONTHS calendar months, the current one included, oldest first. */
  months: string[];
  /** Their days, from the first of the oldest to the first of the month after today's. */
  monthDays: DayRange;
}

const instantBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** The YYYY-MM `offset` months from `month` (negative: earlier). */
export function shiftMonth(month: string, offset: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + offset;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function kpiWindows(now: Date, today: string, period: number): KpiWindows {
  const thisMonth = today.slice(0, 7);
  const months = Array.from({ length: KPI_CHEMICAL_MONTHS }, (_, i) => shiftMonth(thisMonth, i - (KPI_CHEMICAL_MONTHS - 1)));
  const lengths = [...new Set([period, period * KPI_LONG_WINDOW_PERIODS])];
  return {
    // Age in whole days: under 2 days old is "0–1", under 8 is "2–7", under 31 is "8–30".
    ages: { under2Days: instantBefore(now, 2), under8Days: instantBefore(now, 8), under31Days: instantBefore(now, 31) },
    response: {
      // Half-open windows: the current one ends just after `now`, so what happened at `now` is in it.
      current: { start: instantBefore(now, period), end: new Date(now.getTime() + 1).toISOString() },
      previous: { start: instantBefore(now, 2 * period), end: instantBefore(now, period) },
    },
    // "The last N days" are today and the N - 1 days before it.
    compliance: lengths.map((days) => ({ days, since: addDays(today, -(days - 1)) })),
    months,
    monthDays: { start: `${months[0]!}-01`, end: `${shiftMonth(thisMonth, 1)}-01` },
  };
}
