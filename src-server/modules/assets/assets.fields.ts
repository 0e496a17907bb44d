/**
 * Parsing of the asset values that forms send loosely. Multipart bodies carry every value as text
 * and an empty input arrives as "", so the schema accepts these as they come and the rules live
 * here, where null, "" and 0 keep their different meanings.
 */
import { PRICE_LIMIT } from '../../../shared/api/assets.js';
import { ID_MAX } from '../../../shared/api/common.js';
import { addFieldError, type FieldErrors } from '../../http/errors.js';

/** undefined: the key was not sent; null: sent empty; NaN: sent but not a number. */
function looseNumber(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const v = value.trim();
    if (!v) return null;
    return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v) ? Number(v) : NaN;
  }
  return NaN;
}

/** A location id, null for "no location", undefined when the key is absent. */
export function parseLocationId(errors: FieldErrors, value: unknown): number | null | undefined {
  const n = looseNumber(value);
  if (n === undefined || n === null) return n;
  if (!Number.isInteger(n) || n < 1 || n > ID_MAX) {
    addFieldError(errors, 'location_id', 'A valid integer is required.');
    return undefined;
  }
  return n;
}

/** A purchase price: at least 0 and below PRICE_LIMIT. */
export function parsePrice(errors: FieldErrors, value: unknown): number | null | undefined {
  const n = looseNumber(value);
  if (n === undefined || n === null) return n;
  if (!Number.isFinite(n)) addFieldError(errors, 'purchase_price', 'A valid number is required.');
  else if (n < 0) addFieldError(errors, 'purchase_price', 'Ensure this value is greater than or equal to 0.');
  else if (n >= PRICE_LIMIT) addFieldError(errors, 'purchase_price', `Ensure this value is less than ${PRICE_LIMIT}.`);
  else return n;
  return undefined;
}

const DATE_MESSAGE = 'Date has wrong format. Use YYYY-MM-DD.';

/**
 * An acquisition date as YYYY-MM-DD. The client converts its date picker value to date-only, but a
 * full ISO timestamp is accepted too and cut to its date part, as written.
 */
export function parseDate(errors: FieldErrors, value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
  if (!m || (m[4] && Number.isNaN(Date.parse(v)))) {
    addFieldError(errors, 'acquisition_date', DATE_MESSAGE);
    return undefined;
  }
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    addFieldError(errors, 'acquisition_date', DATE_MESSAGE);
    return undefined;
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
}
