/**
 * A value checked against a request schema of `shared/api`, the errors given per field in the
 * server's words (field-messages.ts). The client's forms use it, so a form and the server judge a
 * field by one definition and say the same thing about it.
 */
import type { TObject } from '@sinclair/typebox';
import { Errors, ValueErrorType } from '@sinclair/typebox/errors';
import { hasAtMostDecimalPlaces } from '../rules/decimals.js';
import { t } from '../i18n/translate.js';
import { fieldMessage, REQUIRED_MESSAGE, type BrokenRule } from './field-messages.js';

/** The TypeBox error kinds as the JSON-schema keywords the message table knows. */
function ruleOf(type: ValueErrorType, schema: Record<string, unknown>): BrokenRule {
  switch (type) {
    case ValueErrorType.ObjectRequiredProperty:
      return { keyword: 'required', params: {} };
    case ValueErrorType.StringMinLength:
      return { keyword: 'minLength', params: { limit: schema.minLength } };
    case ValueErrorType.StringMaxLength:
      return { keyword: 'maxLength', params: { limit: schema.maxLength } };
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return { keyword: 'minimum', params: { limit: schema.minimum } };
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return { keyword: 'maximum', params: { limit: schema.maximum } };
    case ValueErrorType.IntegerExclusiveMinimum:
    case ValueErrorType.NumberExclusiveMinimum:
      return { keyword: 'exclusiveMinimum', params: { limit: schema.exclusiveMinimum } };
    case ValueErrorType.IntegerExclusiveMaximum:
    case ValueErrorType.NumberExclusiveMaximum:
      return { keyword: 'exclusiveMaximum', params: { limit: schema.exclusiveMaximum } };
    case ValueErrorType.Integer:
      return { keyword: 'type', params: { type: 'integer' } };
    case ValueErrorType.Number:
      return { keyword: 'type', params: { type: 'number' } };
    case ValueErrorType.String:
      return { keyword: 'type', params: { type: 'string' } };
    case ValueErrorType.StringPattern:
      return { keyword: 'pattern', params: {} };
    case ValueErrorType.StringFormat:
      return { keyword: 'format', params: { format: schema.format } };
    default:
      return { keyword: 'unknown', params: {} };
  }
}

/** True for what a form holds when a field was left empty. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The first error of each field of `value` under `schema`. A required field left empty (null,
 * undefined or blank text) is "This field is required."; an optional one left empty is not checked.
 */
export function schemaFieldErrors(schema: TObject, value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const required = new Set(schema.required ?? []);
  const present: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if (!isEmpty(fieldValue)) present[field] = fieldValue;
    else if (required.has(field)) errors[field] = t(REQUIRED_MESSAGE);
  }
  for (const field of required) if (!(field in value)) errors[field] = t(REQUIRED_MESSAGE);
  for (const error of Errors(schema, [], present)) {
    const field = error.path.split('/')[1] ?? '';
    if (!field || field in errors) continue;
    errors[field] = fieldMessage(ruleOf(error.type, error.schema as Record<string, unknown>));
  }
  // `decimalPlaces` (quantities.ts) is this project's own keyword: TypeBox does not know it.
  for (const [field, property] of Object.entries(schema.properties)) {
    const places = (property as { decimalPlaces?: unknown }).decimalPlaces;
    const fieldValue = present[field];
    if (typeof places !== 'number' || field in errors || typeof fieldValue !== 'number') continue;
    if (!hasAtMostDecimalPlaces(fieldValue, places)) errors[field] = fieldMessage({ keyword: 'decimalPlaces', params: { limit: places } });
  }
  return errors;
}
