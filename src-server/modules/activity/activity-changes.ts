/**
 * Which fields an edit changed, from the row as it was before the write and the row the write
 * answered (docs/decisions.md: History on every record). Pure, so the rule is tested without a database.
 */

/** Columns whose values the history does not keep, only that they changed: a stored file's name, a procedure's JSON. */
export const VALUES_NOT_KEPT: ReadonlySet<string> = new Set(['thumbnail', 'procedure_steps']);

/** The API's name of a column where it differs: a record names its location `location`, a task its steps `procedure`. */
const FIELD_NAMES: Readonly<Record<string, string>> = { location_id: 'location', procedure_steps: 'procedure' };

export function fieldNameOf(column: string): string {
  return FIELD_NAMES[column] ?? column;
}

/** 0/1 columns the API shows as booleans (an account's rights). */
const FLAG_COLUMNS: ReadonlySet<string> = new Set(['full_feature_access', 'is_staff', 'is_active']);

/** A column's value as the history keeps it (a location is named by the repository, which reads names). */
export function keptValue(column: string, value: unknown): string | number | boolean | null {
  if (VALUES_NOT_KEPT.has(column) || value === null || value === undefined) return null;
  if (FLAG_COLUMNS.has(column)) return value === 1 || value === true;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value); // a bigint from a driver: kept as its digits
}

export interface ColumnChange {
  column: string;
  old: unknown;
  new: unknown;
}

/** Columns every write sets for itself: they say when and by whom, which the entry says already. */
const BOOKKEEPING: ReadonlySet<string> = new Set(['id', 'version', 'created_at', 'updated_at', 'updated_by_id']);

type Row = Readonly<Record<string, unknown>>;

/** A missing value and null are the same to the history. */
const cell = (row: Row, column: string): unknown => row[column] ?? null;

/**
 * The columns among `columns` whose value differs between the two rows, in the order given (the
 * bookkeeping ones left out). Both rows come from the same engine through the same driver, so a value
 * unchanged reads back identical.
 */
export function changedColumns(before: Row, after: Row, columns: readonly string[]): ColumnChange[] {
  return [...new Set(columns)]
    .filter((column) => !BOOKKEEPING.has(column) && !Object.is(cell(before, column), cell(after, column)))
    .map((column) => ({ column, old: cell(before, column), new: cell(after, column) }));
}
