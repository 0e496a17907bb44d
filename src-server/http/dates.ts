/** Date-only fields (YYYY-MM-DD text, as every table stores dates). */
import type { FieldErrors } from './errors.js';

export const DATE_FORMAT_MESSAGE = 'Date has wrong format. Use YYYY-MM-DD.';
export const FUTURE_DATE_MESSAGE = 'Date cannot be in the future.';

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
export function dateField(errors: FieldErrors, field: string, value: string | undefined | null, opts: { notAfter?: string } = {}): string | null {
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
    (errors[field] ??= []).push(FUTURE_DATE_MESSAGE);
    return null;
  }
  return text;
}

/** An optional date (query filters): absent or empty is null. */
export function optionalDateField(errors: FieldErrors, field: string, value: string | undefined | null): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  return dateField(errors, field, value);
}
