/** Date-only fields (YYYY-MM-DD text, as every table stores dates). */
import { addDays, todayIn } from '../../shared/rules/task-status.js';
import { addFieldError, type FieldErrors } from './errors.js';
import { msg, t } from '../../shared/i18n/translate.js';

export const DATE_FORMAT_MESSAGE = msg('Date has wrong format. Use YYYY-MM-DD.');
export const FUTURE_DATE_MESSAGE = msg('Date cannot be in the future.');
export const RECORD_DATE_TOO_LATE_MESSAGE = msg('Date cannot be more than one day in the future.');
export const RECORD_DATE_TOO_EARLY_MESSAGE = msg('Date cannot be more than one year in the past.');

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
 * zone), later dates are refused: stock and wash counts record what already happened. With
 * `notBefore`, earlier ones are.
 */
export function dateField(
  errors: FieldErrors,
  field: string,
  value: string | undefined | null,
  opts: { notAfter?: string; lateMessage?: string; notBefore?: string; earlyMessage?: string } = {},
): string | null {
  if (value === undefined || value === null) {
    addFieldError(errors, field, t('This field is required.'));
    return null;
  }
  const text = value.trim();
  if (!isIsoDate(text)) {
    addFieldError(errors, field, t(DATE_FORMAT_MESSAGE));
    return null;
  }
  if (opts.notAfter !== undefined && text > opts.notAfter) {
    addFieldError(errors, field, t(opts.lateMessage ?? FUTURE_DATE_MESSAGE));
    return null;
  }
  if (opts.notBefore !== undefined && text < opts.notBefore) {
    addFieldError(errors, field, t(opts.earlyMessage ?? DATE_FORMAT_MESSAGE));
    return null;
  }
  return text;
}

/** An ISO 8601 date and time with its offset (or Z): what a device sends as when something happened. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant (epoch ms) a date and time in ISO 8601 with its offset names, or null for any other
 * text. The day must be a real one: Date.parse alone rolls 30 February over into March.
 */
export function parseDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m || !isIsoDate(m[1]!)) return null;
  const time = Date.parse(text.trim());
  return Number.isNaN(time) ? null : time;
}

/** The same day a year earlier (29 February becomes 28 February). */
export function yearBefore(isoDate: string): string {
  const year = String(Number(isoDate.slice(0, 4)) - 1).padStart(4, '0');
  const candidate = `${year}${isoDate.slice(4)}`;
  return isIsoDate(candidate) ? candidate : `${year}-02-28`;
}

/**
 * The date of a stock or wash count: the device's local date when the user made it, which may be
 * synced from a queue later. A device in a zone ahead of the server's, or a record made just after
 * its midnight, is up to one day ahead of the server's today, so that day is accepted. The
 * earliest is the same day a year back: a queued record is synced long before that, and a count
 * dated centuries ago (which still replaces the stock) is a mistake or an attack, not a record.
 */
export function recordDateField(errors: FieldErrors, field: string, value: string | undefined | null, timeZone: string): string | null {
  const today = todayIn(timeZone);
  return dateField(errors, field, value, {
    notAfter: addDays(today, 1),
    lateMessage: RECORD_DATE_TOO_LATE_MESSAGE,
    notBefore: yearBefore(today),
    earlyMessage: RECORD_DATE_TOO_EARLY_MESSAGE,
  });
}

/** An optional date (query filters): absent or empty is null. */
export function optionalDateField(errors: FieldErrors, field: string, value: string | undefined | null): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  return dateField(errors, field, value);
}
