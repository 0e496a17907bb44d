/**
 * A fill or an inventory count as a form checks it before sending (spec 4 Quantities): a fill
 * adds more than 0, a count is 0 or more, both below QUANTITY_MAX; the server checks the same
 * bounds (http/numbers.ts) and says the same words (field-messages.ts).
 */
import { Type } from '@sinclair/typebox';
import { QUANTITY_MAX } from '../constants.js';

export const FillForm = Type.Object({ quantity: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: QUANTITY_MAX }) });
export const InventoryForm = Type.Object({ quantity: Type.Number({ minimum: 0, exclusiveMaximum: QUANTITY_MAX }) });
