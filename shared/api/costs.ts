/**
 * What the work cost, summed where people look (docs/decisions.md: What the work costs): an asset's
 * and a location's cost this year (GET assets/{id}/costs/, locations/{id}/costs/), and the key
 * figures' cost by location and ten costliest assets. A cost counts when it was incurred: labour when
 * its time started, a part when it was issued or returned, by the order's location and asset now.
 * In the site's currency; full access only.
 */
import type { EveryKey, LocationRef } from './common.js';

export interface CostFigures {
  labour_cost: number;
  parts_cost: number;
  /** labour_cost + parts_cost, added in cents. */
  total: number;
}

/** GET assets/{id}/costs/ and locations/{id}/costs/: this calendar year in the site's time zone. */
export interface YearCosts extends CostFigures {
  year: number;
  /** The first instant counted: 1 January, 00:00 in the site's time zone. */
  since: string;
}

export const YEAR_COSTS_KEYS = { year: true, since: true, labour_cost: true, parts_cost: true, total: true } satisfies EveryKey<YearCosts>;

/** How many of the costliest assets the key figures name. */
export const COSTLIEST_ASSETS = 10;

export interface LocationCost extends CostFigures {
  location: LocationRef;
}

export interface AssetCost extends CostFigures {
  asset: { id: number; brand: string; name: string };
  /** Where the asset is now; null for one at no location. */
  location: LocationRef | null;
}

/** The costs of the last `days` days (up to now). */
export interface CostWindow {
  days: number;
  /** The first instant counted. */
  since: string;
  /** Every location with a cost in the window, costliest first. */
  locations: LocationCost[];
  /** The COSTLIEST_ASSETS costliest assets, costliest first. */
  assets: AssetCost[];
}
