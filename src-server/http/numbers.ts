/**
 * Number fields read the way DRF reads them: a JSON number or a numeric string. Checked here rather
 * than by schema coercion, which turns null into 0 and true into 1: a count of "nothing" must be
 * refused, not stored as zero.
 */
import { HourlyRateForm } from '../../shared/api/admin.js';
import { FillForm, InventoryForm, type QuantityKind } from '../../shared/api/quantities.js';
import { PartCostsForm } from '../../shared/api/stock-ledger.js';
import { schemaFieldErrors } from '../../shared/api/schema-check.js';
import { addFieldError, type FieldErrors } from './errors.js';
import { t } from '../../shared/i18n/translate.js';

export interface NumberBounds {
  /** Exclusive lower bound. */
  greaterThan?: number;
  /** Inclusive lower bound. */
  atLeast?: number;
  /** Exclusive upper bound. */
  lessThan?: number;
}

const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Records why a value is refused; the field's value is then null. */
function refused(errors: FieldErrors, field: string, message: string): null {
  addFieldError(errors, field, message);
  return null;
}

function parse(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function checkBounds(errors: FieldErrors, field: string, n: number, bounds: NumberBounds): number | null {
  if (bounds.greaterThan !== undefined && !(n > bounds.greaterThan)) return refused(errors, field, t('Ensure this value is greater than {limit}.', { limit: String(bounds.greaterThan) }));
  if (bounds.atLeast !== undefined && n < bounds.atLeast) return refused(errors, field, t('Ensure this value is greater than or equal to {limit}.', { limit: String(bounds.atLeast) }));
  if (bounds.lessThan !== undefined && !(n < bounds.lessThan)) return refused(errors, field, t('Ensure this value is less than {limit}.', { limit: String(bounds.lessThan) }));
  return n;
}

function missing(errors: FieldErrors, field: string, value: unknown): boolean {
  if (value === undefined) addFieldError(errors, field, t('This field is required.'));
  else if (value === null) addFieldError(errors, field, t('This field may not be null.'));
  else return false;
  return true;
}

/** A finite number within bounds, or null with the reason recorded in `errors`. */
export function numberField(errors: FieldErrors, field: string, value: unknown, bounds: NumberBounds = {}): number | null {
  if (missing(errors, field, value)) return null;
  const n = parse(value);
  if (n === null) return refused(errors, field, t('A valid number is required.'));
  return checkBounds(errors, field, n, bounds);
}

/** A whole number within bounds, or null with the reason recorded in `errors`. */
export function integerField(errors: FieldErrors, field: string, value: unknown, bounds: NumberBounds = {}): number | null {
  if (missing(errors, field, value)) return null;
  const n = parse(value);
  if (n === null || !Number.isInteger(n)) return refused(errors, field, t('A valid integer is required.'));
  return checkBounds(errors, field, n, bounds);
}

/**
 * Stock changes (docs/decisions.md: Quantities): a fill adds more than 0, a count is 0 or more, both below
 * QUANTITY_MAX with at most two decimal places. Judged by the very schemas the client's forms use
 * (shared/api/quantities.ts), so the two cannot drift apart.
 */
export function quantityField(errors: FieldErrors, field: string, value: unknown, kind: QuantityKind): number | null {
  const n = numberField(errors, field, value);
  if (n === null) return null;
  const problem = schemaFieldErrors(kind === 'fill' ? FillForm : InventoryForm, { quantity: n }).quantity;
  return problem ? refused(errors, field, problem) : n;
}

/**
 * An hourly rate (docs/decisions.md: What the work costs): 0 or more, at most HOURLY_RATE_MAX, to
 * the cent, judged by the Users screen's own form schema (shared/api/admin.ts `HourlyRateForm`).
 */
export function hourlyRateField(errors: FieldErrors, value: unknown): number | null {
  const n = numberField(errors, 'hourly_rate', value);
  if (n === null) return null;
  const problem = schemaFieldErrors(HourlyRateForm, { hourly_rate: n }).hourly_rate;
  return problem ? refused(errors, 'hourly_rate', problem) : n;
}

/**
 * A part's unit cost or reorder point (docs/decisions.md: What the work costs), judged by the part
 * screen's own form schema (shared/api/stock-ledger.ts `PartCostsForm`): 0 or more, to the cent or
 * kept like any quantity.
 */
export function partCostField(errors: FieldErrors, field: 'unit_cost' | 'reorder_point', value: unknown): number | null {
  const n = numberField(errors, field, value);
  if (n === null) return null;
  const problem = schemaFieldErrors(PartCostsForm, { [field]: n })[field];
  return problem ? refused(errors, field, problem) : n;
}
