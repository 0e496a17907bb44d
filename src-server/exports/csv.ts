/**
 * CSV text as spreadsheets read it: RFC 4180 (fields with a comma, quote or line break are quoted,
 * quotes doubled, lines end in CRLF), and safe to open: a text cell that starts with = + - @, a tab
 * or a carriage return would be run as a formula by Excel, LibreOffice or Google Sheets (OWASP's
 * "CSV injection"), so it gets a leading single quote and is quoted, which they show as text.
 *
 * Safe in every locale too. A spreadsheet whose list separator is `;` (most continental locales)
 * or a tab splits the same line at those, and to it a quote means quoting only at the start of a
 * cell: `1,"ok;=1+1",x` reads there as the cells `1,"ok` and `=1+1",x`, the second a formula. A
 * line break inside a quoted cell likewise starts a new row for it. So every piece of a text that a
 * spreadsheet may read as a cell of its own (the text's start, and whatever follows a comma, `;`,
 * tab, CR or LF) gets the single quote in front when it opens with a formula character, also behind
 * spaces (an import may trim them) or double quotes (a reader may take them for the cell's own
 * quoting): `ok;=1+1` is written `"ok;'=1+1"`. The quote goes into the text rather than replacing
 * anything, so the cell still reads as what was typed, and it is the mark spreadsheets know as
 * "this is text". Cells with `;` or a tab are quoted as well, for readers that split on those and
 * honour quotes at a cell's start.
 */

/** A cell: text as given, a number as written by JavaScript, nothing for null. */
export type CsvValue = string | number | null | undefined;

/** The byte order mark: Excel reads a file without one in the machine's legacy code page. */
export const CSV_BOM = '\uFEFF';

/**
 * Each place where a piece of the text begins (its start, or just after a character some
 * spreadsheet splits cells or rows at) that opens, perhaps behind spaces or double quotes, with a
 * character a spreadsheet reads as the start of a formula.
 */
const FORMULA_PIECE = /(?<=^|[,;\t\r\n])(?=[ "]*[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are never formulas (a negative quantity stays a number); NaN and infinities are no value.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = value.replace(FORMULA_PIECE, "'");
  // A text given its single quote is quoted whether or not it holds a separator, as the head says.
  return text !== value || NEEDS_QUOTES.test(text) ? quoted(text) : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** One column of an export: its header and how a record fills it. */
export interface CsvColumn<T> {
  header: string;
  value(record: T): CsvValue;
  /**
   * Only in the exports of users with full access (what the work costs: docs/decisions.md). Left
   * out for anyone else rather than left empty, so a limited user's file neither shows that the
   * figures exist nor reads as if everything cost nothing.
   */
  fullAccessOnly?: boolean;
}

/** The columns a user's export has: all of them with full access, else those not marked `fullAccessOnly`. */
export function csvColumnsFor<T>(columns: readonly CsvColumn<T>[], full: boolean): readonly CsvColumn<T>[] {
  return full ? columns : columns.filter((column) => !column.fullAccessOnly);
}

/** A person as a spreadsheet shows them: first and last name. */
export function personName(person: { first_name: string; last_name: string } | null | undefined): string {
  return person ? `${person.first_name} ${person.last_name}`.trim() : '';
}
