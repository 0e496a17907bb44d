/**
 * The checks of an asset body: a create, a full update, a move or a partial update, and the
 * thumbnail. Forms send the values loosely: multipart bodies carry every value as text and an
 * empty input arrives as "", so the schema accepts these as they come and the rules live here,
 * where null, "" and 0 keep their different meanings. Every problem is collected, so one answer
 * names all of them.
 */
import { PRICE_LIMIT, type AssetCreateBody, type AssetUpdateBody } from '../../../shared/api/assets.js';
import { ID_MAX } from '../../../shared/api/common.js';
import { DEFAULT_ASSET_TYPE, UPLOAD_ALLOWED_TYPES } from '../../../shared/constants.js';
import { IMAGE_REFUSED_MESSAGE } from '../../../shared/data/attachments.js';
import { addFieldError, type FieldErrors } from '../../http/errors.js';
import { requiredText } from '../../http/text.js';
import { filesOf, sniffType, type UploadedFile } from '../../http/uploads.js';
import type { AssetChanges } from './assets.repository.js';
import { msg, t } from '../../../shared/i18n/translate.js';

/** The types a thumbnail may have. */
export const IMAGE_TYPES = UPLOAD_ALLOWED_TYPES.filter((t) => t.startsWith('image/'));

/** The keys a move sends (behaviour §7: PUT with location_id and serial_number). */
const MOVE_KEYS = new Set(['location_id', 'serial_number']);

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
function parseLocationId(errors: FieldErrors, value: unknown): number | null | undefined {
  const n = looseNumber(value);
  if (n === undefined || n === null) return n;
  if (!Number.isInteger(n) || n < 1 || n > ID_MAX) {
    addFieldError(errors, 'location_id', t('A valid integer is required.'));
    return undefined;
  }
  return n;
}

/** A purchase price: at least 0 and below PRICE_LIMIT. */
function parsePrice(errors: FieldErrors, value: unknown): number | null | undefined {
  const n = looseNumber(value);
  if (n === undefined || n === null) return n;
  if (!Number.isFinite(n)) addFieldError(errors, 'purchase_price', t('A valid number is required.'));
  else if (n < 0) addFieldError(errors, 'purchase_price', t('Ensure this value is greater than or equal to 0.'));
  else if (n >= PRICE_LIMIT) addFieldError(errors, 'purchase_price', t('Ensure this value is less than {limit}.', { limit: String(PRICE_LIMIT) }));
  else return n;
  return undefined;
}

const DATE_MESSAGE = msg('Date has wrong format. Use YYYY-MM-DD.');

/**
 * An acquisition date as YYYY-MM-DD. The client converts its date picker value to date-only, but a
 * full ISO timestamp is accepted too and cut to its date part, as written.
 */
function parseDate(errors: FieldErrors, value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
  if (!m || (m[4] && Number.isNaN(Date.parse(v)))) {
    addFieldError(errors, 'acquisition_date', t(DATE_MESSAGE));
    return undefined;
  }
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    addFieldError(errors, 'acquisition_date', t(DATE_MESSAGE));
    return undefined;
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** The optional thumbnail: one image, checked with the other fields so nothing is stored when any is wrong. */
function thumbnailOf(errors: FieldErrors, value: unknown): UploadedFile | null {
  const files = filesOf(value, 'thumbnail');
  if (!files.length) return null;
  const [file] = files;
  if (files.length > 1 || !file) addFieldError(errors, 'thumbnail', t('Upload a single image.'));
  else if (file.data.length === 0) addFieldError(errors, 'thumbnail', t('The submitted file is empty.'));
  else if (!sniffType(file.data, IMAGE_TYPES)) addFieldError(errors, 'thumbnail', t(IMAGE_REFUSED_MESSAGE));
  else return file;
  return null;
}

/** A value the full update requires: absent is "required", sent empty is "may not be null". */
function required<T>(errors: FieldErrors, field: string, raw: unknown, parsed: T | null | undefined): T | undefined {
  if (raw === undefined) addFieldError(errors, field, t('This field is required.'));
  else if (parsed === null) addFieldError(errors, field, t('This field may not be null.'));
  return parsed ?? undefined;
}

/** The fields of a new asset (behaviour §5: name, description and serial number required) and its thumbnail. */
export function checkNewAsset(errors: FieldErrors, b: AssetCreateBody) {
  const values = {
    brand: (b.brand ?? '').trim(),
    name: requiredText(errors, 'name', b.name),
    description: requiredText(errors, 'description', b.description),
    asset_type: b.asset_type ?? DEFAULT_ASSET_TYPE,
    serial_number: requiredText(errors, 'serial_number', b.serial_number),
    // Behaviour §5: an empty location becomes null.
    location_id: parseLocationId(errors, b.location_id) ?? null,
    acquisition_date: parseDate(errors, b.acquisition_date) ?? null,
    purchase_price: parsePrice(errors, b.purchase_price) ?? null,
  };
  return { values, thumbnail: thumbnailOf(errors, b.thumbnail) };
}

/** Whether a PUT body is a move (behaviour §7): location_id and, at most, serial_number. */
export function isMove(b: AssetUpdateBody): boolean {
  const sent = Object.keys(b).filter((k) => b[k as keyof AssetUpdateBody] !== undefined);
  return sent.includes('location_id') && sent.every((k) => MOVE_KEYS.has(k));
}

/**
 * The fields of the Update Asset form (behaviour §5), each checked, and the thumbnail. With `onlySent`,
 * a field the body leaves out is neither checked nor changed; without, every field but the
 * thumbnail is required.
 */
export function checkChanges(errors: FieldErrors, b: AssetUpdateBody, onlySent: boolean): { changes: AssetChanges; thumbnail: UploadedFile | null } {
  const wanted = (key: keyof AssetUpdateBody) => !onlySent || b[key] !== undefined;
  const changes: AssetChanges = {};
  if (wanted('location_id')) changes.location_id = required(errors, 'location_id', b.location_id, parseLocationId(errors, b.location_id));
  if (wanted('brand')) changes.brand = requiredText(errors, 'brand', b.brand);
  if (wanted('name')) changes.name = requiredText(errors, 'name', b.name);
  if (wanted('description')) changes.description = requiredText(errors, 'description', b.description);
  if (wanted('serial_number')) changes.serial_number = requiredText(errors, 'serial_number', b.serial_number);
  if (wanted('asset_type')) changes.asset_type = required(errors, 'asset_type', b.asset_type, b.asset_type);
  if (wanted('acquisition_date')) changes.acquisition_date = required(errors, 'acquisition_date', b.acquisition_date, parseDate(errors, b.acquisition_date));
  if (wanted('purchase_price')) changes.purchase_price = required(errors, 'purchase_price', b.purchase_price, parsePrice(errors, b.purchase_price));
  return { changes, thumbnail: thumbnailOf(errors, b.thumbnail) };
}
