/**
 * CSV text as spreadsheets read it: RFC 4180 (fields with a comma, quote or line break are quoted,
 * quotes doubled, lines end in CRLF), and safe to open: a text cell that starts with = + - @, a tab
 * or a carriage return would be run as a formula by Excel, LibreOffice or Google Sheets (OWASP's
 * "CSV injection"), so it gets a leading single quote and is quoted, which they show as text.
 */

/** A cell: text as given, a number as written by JavaScript, nothing for null. */
export type CsvValue = string | number | null | undefined;

/** The byte order mark: Excel reads a file without one in the machine's legacy code page. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are never formulas (a negative quantity stays a number); NaN and infinities are no value.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (FORMULA_START.test(value)) return quoted(`'${value}`);
  return NEEDS_QUOTES.test(value) ? quoted(value) : value;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** One column of an export: its header and how a record fills it. */
export interface CsvColumn<T> {
  header: string;
  value(record: T): CsvValue;
}

/** A person as a spreadsheet shows them: first and last name. */
export function personName(person: { first_name: string; last_name: string } | null | undefined): string {
  return person ? `${person.first_name} ${person.last_name}`.trim() : '';
}
