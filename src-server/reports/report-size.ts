/**
 * The bound on a report's size. A report's rows grow with the data (every part or chemical at a
 * location, every fill and count of a period), and each row costs its PDF thread about 0.7 ms, so
 * one report holds at most REPORT_MAX_ROWS table rows. Each area reads at most one row more than
 * that, so a longer report is refused without being read whole.
 */
import { t } from '../../shared/i18n/translate.js';
import { HttpError } from '../http/errors.js';
import type { ReportDocument } from './pdf.js';

/** About 110 pages, and a few seconds of a PDF thread. */
export const REPORT_MAX_ROWS = 5000;

/** The rows an area reads for one table: one more than fits, so that "too long" is seen. */
export const REPORT_READ_LIMIT = REPORT_MAX_ROWS + 1;

/** Each refusal `reportTooLong` made, with its hint: said in the reader's language when it is given. */
const hints = new Map<string, string>();

/**
 * The refusal of a report that would be longer, in English: the bound, then what to do instead
 * (`hint`, marked with `msg` where the area defines it, so the refusal can be said in Spanish too).
 */
export function reportTooLong(hint: string): string {
  const english = `This report would list more than ${REPORT_MAX_ROWS} rows, the most one report holds. ${hint}`;
  hints.set(english, hint);
  return english;
}

/** A refusal from `reportTooLong` in the language of the request being answered. */
function sayTooLong(tooLong: string): string {
  const hint = hints.get(tooLong);
  if (hint === undefined) return t(tooLong);
  return t('This report would list more than {max} rows, the most one report holds. {hint}', { max: REPORT_MAX_ROWS, hint: t(hint) });
}

/** Every table row of the report, totals included. */
function rowsOf(report: ReportDocument): number {
  return report.tables.reduce((sum, table) => sum + table.rows.length + (table.totalRow ? 1 : 0), 0);
}

/** Throws a 400 saying `tooLong` when the report has more rows than REPORT_MAX_ROWS. */
export function assertReportFits(report: ReportDocument, tooLong: string): void {
  if (rowsOf(report) > REPORT_MAX_ROWS) throw new HttpError(400, { detail: sayTooLong(tooLong) });
}
