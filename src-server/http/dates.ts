/** Date-only fields (YYYY-MM-DD text, as every table stores dates). */
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import type { FieldErrors } from './errors.js';

export const DATE_FORMAT_MESSAGE = 'Date has wrong format. Use YYYY-MM-DD.';
export const FUTURE_DATE_MESSAGE = 'Date cannot be in the future.';
export const RECORD_DATE_TOO_LATE_MESSAGE = 'Date cannot be more than one day in the future.';

/** Whether text is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * A date field, or null with the reason in `errors`. With `notAfter` (today in the site's time
 * zone), later dates are refused: stock and wash counts record what already happened.
 */
export function dateField(
  errors: FieldErrors,
  field: string,
  value: string | undefined | null,
  opts: { notAfter?: string; lateMessage?: string } = {},
): string | null {
  if (value === undefined || value === null) {
    (errors[field] ??= []).push('This field is required.');
    return null;
  }
  const text = value.trim();
  if (!isIsoDate(text)) {
    (errors[field] ??= []).push(DATE_FORMAT_MESSAGE);
    return null;
  }
  if (opts.notAfter !== undefined && text > opts.notAfter) {
    (errors[field] ??= []).push(opts.lateMessage ?? FUTURE_DATE_MESSAGE);
    return null;
  }
  return text;
}

/**
 * The date of a stock or wash count: the device's local date when the user made it, which may be
 * synced from a queue later. A device in a zone ahead of the server's, or a record made just after
 * its midnight, is up to one day ahead of the server's today, so that day is accepted.
 */
export function recordDateField(errors: FieldErrors, field: string, value: string | undefined | null, timeZone: string): string | null {
  return dateField(errors, field, value, { notAfter: addDays(todayIn(timeZone), 1), lateMessage: RECORD_DATE_TOO_LATE_MESSAGE });
}

/** An optional date (query filters): absent or empty is null. */
export function optionalDateField(errors: FieldErrors, field: string, value: string | undefined | null): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  return dateField(errors, field, value);
}
