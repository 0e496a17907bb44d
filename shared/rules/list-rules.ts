/**
 * The server's list rules as data and pure functions, so a device can answer a list from the
 * records it keeps exactly as the server would (docs/decisions.md: Working set in Dexie): which
 * records a query keeps (location, search), their order, pages of PAGE_SIZE, the count, and an
 * out-of-range page. `tests/server/list-rules.test.ts` holds them to the server's own answers on
 * random data, on both engines.
 *
 * Text compares as the databases do here: names order by code point (SQLite's BINARY, PostgreSQL's
 * C collation), and a search matches when the lower-cased text contains the lower-cased search
 * (`lower(column) LIKE %search%`). SQLite lowers ASCII letters only, so the two differ only for an
 * upper-case letter outside ASCII in the searched text.
 */
import type { Asset } from '../api/assets.js';
import type { Chemical } from '../api/chemicals.js';
import type { Location } from '../api/locations.js';
import type { MaintenanceTask } from '../api/maintenance.js';
import type { Part } from '../api/parts.js';
import type { WorkRequest } from '../api/requests.js';
import type { Vendor } from '../api/vendors.js';
import type { WorkOrder } from '../api/workorders.js';
import { PAGE_SIZE } from '../constants.js';

export interface ListQuery {
  page: number;
  location?: number | null;
  search?: string | null;
}

export interface ListRule<T> {
  /** Whether the record belongs to the list at `location` (null: every location). */
  atLocation(record: T, location: number): boolean;
  /** The texts a search looks in; none for a list without search. */
  searchIn?(record: T): readonly (string | null | undefined)[];
  /** The server's order of the list. */
  compare(a: T, b: T): number;
}

export interface LocalPage<T> {
  count: number;
  results: T[];
}

/** Code-point order (UTF-16 order differs for characters beyond the Basic Multilingual Plane). */
export function compareText(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** The page `query.page` of the list, or null for a page past the end (the server's 404); page 1 of an empty list is empty. */
export function localPage<T>(records: readonly T[], rule: ListRule<T>, query: ListQuery): LocalPage<T> | null {
  const search = query.search?.trim().toLowerCase() ?? '';
  const kept = records.filter(
    (r) =>
      (query.location === null || query.location === undefined || rule.atLocation(r, query.location)) &&
      (!search || !rule.searchIn || rule.searchIn(r).some((text) => (text ?? '').toLowerCase().includes(search))),
  );
  const page = Math.max(1, query.page);
  const start = (page - 1) * PAGE_SIZE;
  if (page > 1 && start >= kept.length) return null;
  return { count: kept.length, results: [...kept].sort(rule.compare).slice(start, start + PAGE_SIZE) };
}

const byName = <T extends { id: number }>(name: (r: T) => string) => (a: T, b: T) => compareText(name(a), name(b)) || a.id - b.id;

/** Work orders: newest first (created_at, then id), searched in the description and the location's name. */
export const WORKORDER_LIST: ListRule<WorkOrder> = {
  atLocation: (r, location) => r.location_id === location,
  searchIn: (r) => [r.description, r.location?.name],
  compare: (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id),
};

/** Maintenance tasks: by due date, those without one last, then id; searched like work orders. */
export const TASK_LIST: ListRule<MaintenanceTask> = {
  atLocation: (r, location) => r.location_id === location,
  searchIn: (r) => [r.description.full_description, r.location?.name],
  compare: (a, b) => {
    if (a.due_date === b.due_date) return a.id - b.id;
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  },
};

/** Assets: by name, then id, at their one location. */
export const ASSET_LIST: ListRule<Asset> = {
  atLocation: (r, location) => r.location?.id === location,
  compare: byName((r) => r.name.name),
};

/** Parts: by name, then id, at their one location. */
export const PART_LIST: ListRule<Part> = {
  atLocation: (r, location) => r.location?.id === location,
  compare: byName((r) => r.name.name),
};

/** Chemicals: by name, then id; one is at every location it is stocked at. */
export const CHEMICAL_LIST: ListRule<Chemical> = {
  atLocation: (r, location) => r.locations.some((entry) => entry.location.id === location),
  compare: byName((r) => r.chemical_name_description.name),
};

/** Locations and vendors: by name, then id; no filter. */
export const LOCATION_LIST: ListRule<Location> = { atLocation: () => true, compare: byName((r) => r.name) };
export const VENDOR_LIST: ListRule<Vendor> = { atLocation: () => true, compare: byName((r) => r.name) };

/** Requests from labels: those waiting for a decision first, then the newest (by id); at their location. */
export const REQUEST_LIST: ListRule<WorkRequest> = {
  atLocation: (r, location) => r.location.id === location,
  compare: (a, b) => Number(a.status !== 'new') - Number(b.status !== 'new') || b.id - a.id,
};
