/**
 * Fills and inventory counts of stocked items (chemicals, parts), as a form checks them before
 * sending and as their bodies are sent (behaviour §4 Quantities): a fill adds more than 0, a count
 * is 0 or more, both below QUANTITY_MAX and with at most QUANTITY_DECIMALS decimal places. The
 * server checks a quantity against these very schemas (http/numbers.ts) and says the same words
 * (field-messages.ts).
 */
import { Type } from '@sinclair/typebox';
import { QUANTITY_MAX } from '../constants.js';
import { RecordDate } from './common.js';

/** 'fill' adds to the quantity on hand, 'inventory' replaces it (behaviour §4 Quantities). */
export type QuantityKind = 'fill' | 'inventory';

/**
 * Quantities are kept to hundredths, as every screen and report shows them: a fill of 0.001 (or
 * 1e-300) would change nothing anyone can see, and is refused rather than stored. `decimalPlaces`
 * is checked by schema-check.ts (a JSON-schema `multipleOf: 0.01` cannot be: 0.29 % 0.01 is not 0
 * in binary floating point).
 */
export const QUANTITY_DECIMALS = 2;

export const FillForm = Type.Object({ quantity: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: QUANTITY_MAX, decimalPlaces: QUANTITY_DECIMALS }) });
export const InventoryForm = Type.Object({ quantity: Type.Number({ minimum: 0, exclusiveMaximum: QUANTITY_MAX, decimalPlaces: QUANTITY_DECIMALS }) });

/**
 * The date and quantity every fill or inventory count body carries (chemicals, parts). `quantity` is
 * checked by the server itself (a number, or a numeric string, finite and in bounds, against the
 * forms above) rather than by schema coercion, which would turn null into 0.
 */
export const QuantityRecordFields = {
  date: RecordDate,
  quantity: Type.Unknown({ description: 'fill: > 0, and the stock after it below 1,000,000; inventory: >= 0, below 1,000,000; both with at most 2 decimal places' }),
};
