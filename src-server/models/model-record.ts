/**
 * What the server knows about one model, in one record (docs/decisions.md: One record per model):
 * its area name, who may read it, how one and many are found, how rows are presented as the API
 * answers them (relations included) and its CSV export. The routes, the sync, the history and the
 * exports read the record; adding a model to them is adding its record to `models/index.ts`.
 */
import { isHistoryArea, type HistoryArea } from '../../shared/api/activity.js';
import type { SyncedArea } from '../../shared/api/sync.js';
import type { CsvColumn } from '../exports/csv.js';
import type { Access } from '../http/access.js';

/** How rows are presented: links need the request's origin, a task's status the site's today. */
export interface PresentContext {
  origin: string;
  timeZone: string;
}

/** The list's filters as its repository takes them (a blank search is none, as on the list). */
export interface ExportFilter {
  locationId?: number | undefined;
  search?: string | undefined;
}

/** Who may read a record and how it is found: all a record's history needs. */
export interface RecordAccess<Row> {
  /** The change log's and the history's name for it. */
  area: HistoryArea;
  /** Its own name in descriptions ("work order"). */
  noun: string;
  /** Who may read its records: the list and detail routes, the sync, the history and the export. */
  read: Access;
  findById(id: number): Promise<Row | undefined>;
}

export interface CsvOf<Row, Shown, Item> {
  /** At most `limit` rows after `after` in the list's own order, filtered as the list is. */
  rowsAfter(filter: ExportFilter, after: Row | null, limit: number): Promise<Row[]>;
  /** The lines a batch of presented records gives. */
  items(shown: Shown[], filter: ExportFilter): Item[];
  columns: readonly CsvColumn<Item>[];
}

// Methods, not function properties: a record of any model is then a ModelRecord<{ id: number }, unknown>.
export interface ModelRecord<Row extends { id: number }, Shown, Item = Shown> extends Omit<RecordAccess<Row>, 'area'> {
  /** The sync's name for it; a model of HISTORY_AREAS keeps a history of its own (a meter's is its asset's). */
  area: SyncedArea;
  findByIds(ids: readonly number[]): Promise<Row[]>;
  /** The rows as the API answers them, in the same order. */
  present(rows: Row[], ctx: PresentContext): Promise<Shown[]>;
  /** Its list as CSV (CSV_EXPORTS names where); none for a model without a list of its own. */
  csv?: CsvOf<Row, Shown, Item>;
  /**
   * A presented record as users without full access see it (a work order without its costs);
   * none: as everyone does. Whoever hands records to a user applies it through `shownTo`: the
   * routes, the sync and the exports, so what is hidden is decided here once.
   */
  limitedView?(shown: Shown): Shown;
}

/** A record of any model, for the readers that go through them all. */
export type AnyModelRecord = ModelRecord<{ id: number }, unknown, unknown>;

/** The models that keep a history of their own, as RecordAccess. */
export function withHistory(records: readonly AnyModelRecord[]): RecordAccess<unknown>[] {
  return records.flatMap((record) => (isHistoryArea(record.area) ? [{ ...record, area: record.area }] : []));
}

/** Whether a limited user may read the model's records. */
export function limitedMayRead(record: { read: Access }): boolean {
  return record.read === 'public' || record.read === 'user';
}

/** The CSV export of a model whose lines are its records as presented, one each. */
export function recordsCsv<Row, Shown>(rowsAfter: CsvOf<Row, Shown, Shown>['rowsAfter'], columns: readonly CsvColumn<Shown>[]): CsvOf<Row, Shown, Shown> {
  return { rowsAfter, items: (shown) => shown, columns };
}

/** Presented records as a user sees them: through the model's limited view unless the user has full access. */
export function shownTo<Shown>(model: { limitedView?(shown: Shown): Shown }, full: boolean, shown: Shown[]): Shown[] {
  if (full || !model.limitedView) return shown;
  return shown.map((record) => model.limitedView!(record));
}

/**
 * The records with these ids that exist, presented as a user with (`full`) or without full access
 * sees them, by id (the sync reads records this way).
 */
export async function presentedByIds(model: AnyModelRecord, ids: readonly number[], ctx: PresentContext, full: boolean): Promise<Map<number, unknown>> {
  if (ids.length === 0) return new Map();
  const rows = await model.findByIds(ids);
  const shown = shownTo(model, full, await model.present(rows, ctx));
  return new Map(rows.map((row, i) => [row.id, shown[i]]));
}
