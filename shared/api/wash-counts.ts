/**
 * The "Enter Wash Counts" form (behaviour §5: parsed as integers, empty becomes 0): one field per wash
 * package, each a whole number from 0 below QUANTITY_MAX, as the server checks a count.
 */
import { Type, type TObject } from '@sinclair/typebox';
import { QUANTITY_MAX } from '../constants.js';

export function washCountsForm(packageIds: readonly number[]): TObject {
  return Type.Object(Object.fromEntries(packageIds.map((id) => [String(id), Type.Optional(Type.Integer({ minimum: 0, exclusiveMaximum: QUANTITY_MAX }))])));
}
