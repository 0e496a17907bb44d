/**
 * CSV exports of the lists (docs/decisions.md: CSV exports): where each one is served, the file it
 * is saved as and the filters it takes. One table for both sides: the server registers its routes
 * from it and the data worker builds its requests from it.
 *
 * The scheme: `GET <records path>export.csv`, the records path being the one a record's detail
 * lives under (`parts/<id>/` → `parts/export.csv`, although the part list itself is `parts/list/`).
 * Every export names its filters alike, `location` and `search`, whatever its list's own query
 * calls them (the chemical list's `locations__id`, the work-order screen's `?q`); their schema is
 * `export-query.ts` (kept apart so the list screens, which read this table, load no TypeBox).
 */
import type { AreaName } from '../areas/registry.js';

export type CsvFilter = 'location' | 'search';

export interface CsvExportDef {
  /** Relative to the API base, e.g. `workorders/export.csv`. */
  path: `${string}/export.csv`;
  /** The saved file's name before its date, e.g. `workorders` for `workorders-2026-11-27.csv`. */
  file: string;
  /** The list's filters the export applies (the same as the list's own). */
  filters: readonly CsvFilter[];
}

export const CSV_EXPORTS = {
  workorders: { path: 'workorders/export.csv', file: 'workorders', filters: ['location', 'search'] },
  maintenance: { path: 'maintenance/tasks/export.csv', file: 'maintenance-tasks', filters: ['location', 'search'] },
  assets: { path: 'assets/export.csv', file: 'assets', filters: ['location'] },
  parts: { path: 'parts/export.csv', file: 'parts', filters: ['location'] },
  chemicals: { path: 'chemicals/export.csv', file: 'chemicals', filters: ['location'] },
  locations: { path: 'locations/export.csv', file: 'locations', filters: [] },
  vendors: { path: 'vendors/export.csv', file: 'vendors', filters: [] },
} as const satisfies Partial<Record<AreaName, CsvExportDef>>;

/** An area whose list screen offers "Export CSV". */
export type CsvExportArea = keyof typeof CSV_EXPORTS;

export function isCsvExportArea(area: string): area is CsvExportArea {
  return Object.hasOwn(CSV_EXPORTS, area);
}

/** The filters a list screen shows, as the data worker hands them on. */
export interface CsvExportFilters {
  location?: number | null;
  search?: string | null;
}

/** The export's path with the filters its list takes; blank or absent ones are left out. */
export function csvExportRequestPath(area: CsvExportArea, filters: CsvExportFilters): string {
  const def: CsvExportDef = CSV_EXPORTS[area];
  const query: string[] = [];
  if (def.filters.includes('location') && typeof filters.location === 'number') query.push(`location=${filters.location}`);
  const search = filters.search?.trim();
  if (def.filters.includes('search') && search) query.push(`search=${encodeURIComponent(search)}`);
  return query.length > 0 ? `${def.path}?${query.join('&')}` : def.path;
}

/** `workorders-2026-11-27.csv`: the list and the day (YYYY-MM-DD) it was exported. */
export function csvFileName(area: CsvExportArea, day: string): string {
  return `${CSV_EXPORTS[area].file}-${day}.csv`;
}

/** GET meters/{id}/readings/export.csv: every reading of one meter (its panel's Export CSV), not a list's. */
export const readingsCsvPath = (meterId: number) => `meters/${meterId}/readings/export.csv`;
/** `meter-12-readings-2026-11-28.csv`. */
export const readingsCsvFileName = (meterId: number, day: string) => `meter-${meterId}-readings-${day}.csv`;

/** GET parts/{id}/ledger.csv: every entry of one part's stock ledger (its Stock ledger's Export Ledger), not a list's. */
export const ledgerCsvPath = (partId: number) => `parts/${partId}/ledger.csv`;
/** `part-12-ledger-2026-11-28.csv`. */
export const ledgerCsvFileName = (partId: number, day: string) => `part-${partId}-ledger-${day}.csv`;
