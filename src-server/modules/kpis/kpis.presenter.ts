/** The key figures as GET kpis/ answers them (shared/api/kpis.ts), from the repository's aggregates. */
import { chemicalUnit, type ChemicalUnit } from '../../../shared/api/chemicals.js';
import type { LocationRef } from '../../../shared/api/common.js';
import { AGE_BANDS, type AgeCounts, type ChemicalSite, type ComplianceWindow, type MeanTime, type OpenCounts, type OpenWorkOrders, type PastDueAtLocation } from '../../../shared/api/kpis.js';
import type { ComplianceRow, CountAtLocation, FillRow, MeanRow, OpenRow, WashRow } from './kpis.repository.js';

/** Quantities are kept to 2 decimals (decisions: Quantities); sums and ratios are shown the same way. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Locations by name, then id: the order every list of locations has. */
const byName = (a: { location: LocationRef }, b: { location: LocationRef }) => a.location.name.localeCompare(b.location.name) || a.location.id - b.location.id;

const noAges = (): AgeCounts => ({ days_0_1: 0, days_2_7: 0, days_8_30: 0, over_30: 0 });
const noneOpen = (): OpenCounts => ({ pending: 0, claimed: 0, total: 0, by_age: noAges() });

function addOpen(counts: OpenCounts, row: OpenRow): void {
  const n = AGE_BANDS.reduce((sum, band) => sum + row[band], 0);
  if (row.status === 'Claimed') counts.claimed += n;
  else counts.pending += n;
  counts.total += n;
  for (const band of AGE_BANDS) counts.by_age[band] += row[band];
}

export function presentOpenWorkOrders(rows: readonly OpenRow[], locationOf: (id: number) => LocationRef): OpenWorkOrders {
  const all = noneOpen();
  const perLocation = new Map<number, OpenCounts>();
  for (const row of rows) {
    addOpen(all, row);
    const at = perLocation.get(row.location_id) ?? noneOpen();
    addOpen(at, row);
    perLocation.set(row.location_id, at);
  }
  const locations = [...perLocation].map(([id, counts]) => ({ location: locationOf(id), ...counts })).sort(byName);
  return { ...all, locations };
}

export function presentMeanTime(row: MeanRow): MeanTime {
  return { mean_seconds: row.meanSeconds === null ? null : Math.round(row.meanSeconds), count: row.count };
}

export function presentCompliance(window: { days: number; since: string }, row: ComplianceRow): ComplianceWindow {
  return {
    days: window.days,
    since: window.since,
    completions: row.completions,
    with_due_date: row.withDueDate,
    on_time: row.onTime,
    share: row.withDueDate === 0 ? null : row.onTime / row.withDueDate,
  };
}

export function presentPastDue(rows: readonly CountAtLocation[], locationOf: (id: number) => LocationRef): PastDueAtLocation[] {
  return rows.map((r) => ({ location: locationOf(r.location_id), count: r.count })).sort(byName);
}

/** Gallons before sacks, whatever the order the rows came in. */
const UNITS: readonly ChemicalUnit[] = ['gallons', 'sacks'];

/**
 * Each site's months, oldest first, with the cars washed and what was filled per unit; a site
 * shows the units it filled in any of the months, in every month (0 where none), so its table has
 * the same columns throughout.
 */
export function presentChemicalSites(sites: readonly LocationRef[], months: readonly string[], fills: readonly FillRow[], washes: readonly WashRow[]): ChemicalSite[] {
  const key = (locationId: number, month: string) => `${locationId}/${month}`;
  const cars = new Map(washes.map((w) => [key(w.location_id, w.month), w.cars]));
  const filled = new Map<string, number>();
  const unitsAt = new Map<number, Set<ChemicalUnit>>();
  for (const fill of fills) {
    const unit = chemicalUnit(fill.chemical_type);
    const k = `${key(fill.location_id, fill.month)}/${unit}`;
    filled.set(k, (filled.get(k) ?? 0) + fill.filled);
    unitsAt.set(fill.location_id, (unitsAt.get(fill.location_id) ?? new Set()).add(unit));
  }
  return sites
    .map((location) => {
      const units = UNITS.filter((u) => unitsAt.get(location.id)?.has(u));
      return {
        location,
        months: months.map((month) => {
          const carsWashed = cars.get(key(location.id, month)) ?? 0;
          return {
            month,
            cars_washed: carsWashed,
            amounts: units.map((unit) => {
              const amount = filled.get(`${key(location.id, month)}/${unit}`) ?? 0;
              return { unit, filled: round2(amount), per_1000_cars: carsWashed === 0 ? null : round2((amount / carsWashed) * 1000) };
            }),
          };
        }),
      };
    })
    .sort(byName);
}
