/**
 * A list screen's query as the URL carries it (?location, ?page and a search parameter), the
 * location filter remembered on the device under the area's key (behaviour §3 local storage keys), and
 * the list URL a detail was opened from (its Back button returns there). Pure apart from storage.
 */
import { devicePreference, tabPreference } from '../state/preferences';

export interface ListQuery {
  location: number | null;
  page: number;
  /** The search text ('' for none). */
  search: string;
}

export interface ListQueryDef {
  /** The list's route, e.g. '/maintenance-list'. */
  path: string;
  /** The URL parameter of the search text ('q' for work orders, 'search' for tasks); none for a list without search. */
  searchParam?: string;
  /** Where the chosen location is kept on the device (e.g. 'maintenanceSelectedLocation'); none for a list without a location filter. */
  locationKey?: string;
}

export function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}

/**
 * Whether the address a list screen is drawn for is the list's own (a trailing slash aside). The
 * screen remembers its filter and its origin only then: a screen never acts on another's address.
 */
export function isListAddress(def: ListQueryDef, path: string): boolean {
  return (path.length > 1 ? path.replace(/\/+$/, '') : path) === def.path;
}

export function parseListQuery(def: ListQueryDef, search: string): ListQuery {
  const params = new URLSearchParams(search);
  return { location: positiveInt(params.get('location')), page: positiveInt(params.get('page')) ?? 1, search: (def.searchParam && params.get(def.searchParam)) || '' };
}

/** The URL of the list with `query`; defaults are left out. */
export function listUrl(def: ListQueryDef, query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.location !== null) params.set('location', String(query.location));
  if (query.page > 1) params.set('page', String(query.page));
  if (query.search && def.searchParam) params.set(def.searchParam, query.search);
  const qs = params.toString();
  return qs ? `${def.path}?${qs}` : def.path;
}

export function rememberLocation(def: ListQueryDef, location: number | null): void {
  if (def.locationKey) devicePreference.set(def.locationKey, location === null ? '' : String(location));
}

export function rememberedLocation(def: ListQueryDef): number | null {
  return def.locationKey ? positiveInt(devicePreference.get(def.locationKey)) : null;
}

const originKey = (def: ListQueryDef) => `${def.path}:origin`;

/** The list URL a detail was opened from, so its Back button returns there with the same filters. */
export function rememberOrigin(def: ListQueryDef, url: string): void {
  tabPreference.set(originKey(def), url);
}

export function originListUrl(def: ListQueryDef): string {
  const url = tabPreference.get(originKey(def));
  return url && (url === def.path || url.startsWith(`${def.path}?`)) ? url : def.path;
}
