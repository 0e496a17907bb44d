/**
 * The cost figures (shared/api/costs.ts): an asset's or a location's this year, and the key figures'
 * windows, put together from the repository's sums. Used by the routes, the key figures and their
 * benchmark, so all reckon alike.
 */
import type { LocationRef } from '../../../shared/api/common.js';
import { COSTLIEST_ASSETS, type CostWindow, type YearCosts } from '../../../shared/api/costs.js';
import { costFigures } from '../../../shared/rules/money.js';
import { todayIn } from '../../../shared/rules/task-status.js';
import type { Repositories } from '../../db/repositories.js';
import type { CostPlace, CostSum, PlaceCosts } from './costs.repository.js';

const DAY_MS = 86_400_000;

/**
 * The instant a day starts in a time zone: midnight there, found from the zone's offset at that
 * midnight read as UTC (Intl gives the zone's wall clock for an instant; the difference is the offset).
 */
export function startOfDayIn(timeZone: string, day: string): string {
  const asUtc = Date.parse(`${day}T00:00:00Z`);
  const wall = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(instant)
        .map((p) => [p.type, p.value]),
    );
    return Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
  };
  const offset = wall(asUtc) - asUtc;
  // Once more at the guess, in case the offset changed between the two (a DST change that night).
  const guess = asUtc - offset;
  return new Date(asUtc - (wall(guess) - guess)).toISOString();
}

const totalCents = (sum: CostSum) => sum.labourCents + sum.partsCents;
const costliestFirst = (a: CostSum, b: CostSum) => totalCents(b) - totalCents(a) || a.key - b.key;

/** The pairs' costs in span `i`, added up by location or by asset (pairs of no asset count for their location only). */
function sumsBy(places: readonly PlaceCosts[], i: number, by: 'location_id' | 'asset_id'): CostSum[] {
  const sums = new Map<number, CostSum>();
  for (const place of places) {
    const key = place[by];
    const [labour, parts] = [place.labourCents[i]!, place.partsCents[i]!];
    // A pair with nothing in this span (its costs fell in a longer one only) names no location or asset here.
    if (key === null || (labour === 0 && parts === 0)) continue;
    const sum = sums.get(key) ?? { key, labourCents: 0, partsCents: 0 };
    sum.labourCents += labour;
    sum.partsCents += parts;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

export class CostFigures {
  constructor(
    private readonly repositories: Pick<Repositories, 'costs' | 'locations' | 'assets'>,
    private readonly timeZone: string,
  ) {}

  /** This calendar year's costs of one location's or asset's orders. */
  async thisYear(place: CostPlace, now: Date = new Date()): Promise<YearCosts> {
    const today = todayIn(this.timeZone, now);
    const since = startOfDayIn(this.timeZone, `${today.slice(0, 4)}-01-01`);
    const sum = await this.repositories.costs.of(place, since);
    return { year: Number(today.slice(0, 4)), since, ...costFigures(sum.labourCents, sum.partsCents) };
  }

  /** The last `days` days for each of `lengths`: every location's cost and the costliest assets, costliest first. */
  async windows(lengths: readonly number[], now: Date = new Date()): Promise<CostWindow[]> {
    const sinces = lengths.map((days) => new Date(now.getTime() - days * DAY_MS).toISOString());
    const places = await this.repositories.costs.byPlace(sinces);
    const spans = sinces.map((_, i) => ({ locations: sumsBy(places, i, 'location_id').sort(costliestFirst), assets: sumsBy(places, i, 'asset_id').sort(costliestFirst).slice(0, COSTLIEST_ASSETS) }));
    const assets = new Map((await this.repositories.assets.findByIds([...new Set(spans.flatMap((s) => s.assets.map((a) => a.key)))])).map((a) => [a.id, a]));
    const locationIds = new Set([...spans.flatMap((s) => s.locations.map((l) => l.key)), ...[...assets.values()].flatMap((a) => (a.location_id === null ? [] : [a.location_id]))]);
    const named = new Map((await this.repositories.locations.findByIds([...locationIds])).map((l) => [l.id, l.name]));
    const locationOf = (id: number): LocationRef => ({ id, name: named.get(id) ?? '' });
    return spans.map((span, i) => ({
      days: lengths[i]!,
      since: sinces[i]!,
      locations: span.locations.map((sum) => ({ location: locationOf(sum.key), ...costFigures(sum.labourCents, sum.partsCents) })),
      assets: span.assets.flatMap((sum) => {
        const asset = assets.get(sum.key);
        // An asset deleted between the two reads is left out.
        return asset ? [{ asset: { id: asset.id, brand: asset.brand, name: asset.name }, location: asset.location_id === null ? null : locationOf(asset.location_id), ...costFigures(sum.labourCents, sum.partsCents) }] : [];
      }),
    }));
  }
}
