/**
 * GET kpis/: the key figures of the /home screen (full-access users), computed by the server in
 * SQL (docs/decisions.md: Key figures on /home). Times are ISO-8601 instants, days YYYY-MM-DD in
 * the site's TIME_ZONE, months YYYY-MM.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ChemicalUnit } from './chemicals.js';
import type { LocationRef } from './common.js';
import type { CostWindow } from './costs.js';

/** Days of one comparison window when no `period` is asked for. */
export const KPI_PERIOD_DEFAULT = 30;
/** The longest `period` the server takes: a year (the maintenance window is three of them). */
export const KPI_PERIOD_MAX = 365;
/** The maintenance compliance is also given over this many periods (30 → 90 days by default). */
export const KPI_LONG_WINDOW_PERIODS = 3;
/** Calendar months of chemical use, the current one included. */
export const KPI_CHEMICAL_MONTHS = 6;

export const KpisQuery = Type.Object({
  period: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: KPI_PERIOD_MAX,
      description: `Days of each comparison window (default ${KPI_PERIOD_DEFAULT}): mean times over the last PERIOD days beside the PERIOD days before; maintenance compliance over PERIOD and ${KPI_LONG_WINDOW_PERIODS} × PERIOD days`,
    }),
  ),
});
export type KpisQuery = Static<typeof KpisQuery>;

/** Open orders by whole days since they were created: under 2, 2 to 7, 8 to 30, over 30. */
export interface AgeCounts {
  days_0_1: number;
  days_2_7: number;
  days_8_30: number;
  over_30: number;
}

export const AGE_BANDS = ['days_0_1', 'days_2_7', 'days_8_30', 'over_30'] as const satisfies readonly (keyof AgeCounts)[];

export interface OpenCounts {
  pending: number;
  claimed: number;
  /** pending + claimed */
  total: number;
  by_age: AgeCounts;
}

export interface OpenAtLocation extends OpenCounts {
  location: LocationRef;
}

export interface OpenWorkOrders extends OpenCounts {
  /** Locations with at least one open order, by name. */
  locations: OpenAtLocation[];
}

/** A mean over the orders of a window; null when the window has none. */
export interface MeanTime {
  mean_seconds: number | null;
  /** How many orders the mean is taken over. */
  count: number;
}

export interface ResponseWindow {
  /** First instant included. */
  start: string;
  /** First instant after the window. */
  end: string;
  /** Creation to claim, over the orders whose (standing) claim was made in the window. */
  to_claim: MeanTime;
  /** Creation to completion, over the orders completed in the window. */
  to_complete: MeanTime;
}

export interface ResponseTimes {
  current: ResponseWindow;
  previous: ResponseWindow;
}

export interface ComplianceWindow {
  days: number;
  /** First day included (the last is today). */
  since: string;
  /** Task completions in the window. */
  completions: number;
  /** Of them, those made when the task had a due date (the others are not counted). */
  with_due_date: number;
  /** Of those, completed on or before the due date. */
  on_time: number;
  /** on_time / with_due_date, 0 to 1; null when no completion had a due date. */
  share: number | null;
}

export interface PastDueAtLocation {
  location: LocationRef;
  count: number;
}

export interface MaintenanceCompliance {
  windows: ComplianceWindow[];
  /** Tasks whose status is Past due now (not claimed, due before today). */
  past_due: number;
  past_due_locations: PastDueAtLocation[];
}

export interface ChemicalAmount {
  unit: ChemicalUnit;
  /** Filled in the month, in the unit (2 decimals). */
  filled: number;
  /** Filled per 1,000 cars washed (2 decimals); null when no car was washed. */
  per_1000_cars: number | null;
}

export interface ChemicalMonth {
  month: string;
  cars_washed: number;
  /** One entry per unit filled that month (gallons, sacks), in that order. */
  amounts: ChemicalAmount[];
}

export interface ChemicalSite {
  location: LocationRef;
  /** Every month of `ChemicalUsage.months`, oldest first. */
  months: ChemicalMonth[];
}

export interface ChemicalUsage {
  months: string[];
  /** The car-wash sites: chemical locations with wash data (not the inventory-report location). */
  sites: ChemicalSite[];
}

export interface Kpis {
  /** When the figures were computed. */
  as_of: string;
  /** Today in the site's time zone. */
  today: string;
  period_days: number;
  open_work_orders: OpenWorkOrders;
  response_times: ResponseTimes;
  maintenance: MaintenanceCompliance;
  chemical_usage: ChemicalUsage;
  /**
   * What the work cost over the last `period` and KPI_LONG_WINDOW_PERIODS × `period` days (30 and 90
   * by default): by location and the costliest assets (docs/decisions.md: What the work costs).
   */
  costs: CostWindow[];
}
