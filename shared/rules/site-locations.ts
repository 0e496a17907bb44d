/**
 * What the site's settings (`GET /settings/`, configuration rather than code) decide about
 * locations: which ones a filter offers (parts and chemicals are tracked at some locations only)
 * and what a chemical location has (behaviour §2: the report location an inventory report, the car
 * washes their wash data and car wash report). Pure, so every screen reads them the same way.
 */
import type { SiteSettings } from '../api/settings.js';

/**
 * The locations a filter offers: all of them when the area tracks every location (`allowed` null),
 * else only the allowed ones. Either way in the order of `locations` (the server's list), not of
 * `allowed`: the settings name ids in any order, and every filter should list its places alike.
 * Nothing is offered while `allowed` is unknown.
 */
export function offeredLocations<L extends { id: number }>(locations: readonly L[], allowed: readonly number[] | null | undefined): L[] {
  if (allowed === null) return [...locations];
  const ids = new Set(allowed ?? []);
  return locations.filter((l) => ids.has(l.id));
}

/** What a chosen location of the chemical list has: an inventory report, car-wash data, or nothing. */
export type ChemicalLocationKind = 'inventory-report' | 'car-wash' | null;

export function chemicalLocationKind(settings: SiteSettings | null | undefined, location: number | null): ChemicalLocationKind {
  if (location === null || !settings || !settings.chemical_locations.includes(location)) return null;
  return location === settings.chemical_report_location ? 'inventory-report' : 'car-wash';
}
