/**
 * The messages of a field that breaks a schema rule, in the server's (DRF's) words. One table for
 * the server's request validation and the client's form check, so a form says before sending
 * exactly what the server would answer.
 */

/** A broken rule, by JSON-schema keyword, with what the message needs (`limit`, `type`, …). */
export interface BrokenRule {
  keyword: string;
  params: Record<string, unknown>;
  /** Said when the keyword has no message of its own. */
  fallback?: string;
}

export const REQUIRED_MESSAGE = 'This field is required.';

const TYPE_NAMES: Record<string, string> = {
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  string: 'Not a valid string.',
  boolean: 'Must be a valid boolean.',
  array: 'Expected a list of items.',
  object: 'Expected an object.',
};

export function fieldMessage({ keyword, params: p, fallback }: BrokenRule): string {
  switch (keyword) {
    case 'required':
      return REQUIRED_MESSAGE;
    case 'type':
      return TYPE_NAMES[String(p.type)] ?? 'Invalid value.';
    case 'minLength':
      return p.limit === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(p.limit)} characters.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(p.limit)}.`;
    case 'exclusiveMinimum':
      return `Ensure this value is greater than ${String(p.limit)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(p.limit)}.`;
    case 'exclusiveMaximum':
      return `Ensure this value is less than ${String(p.limit)}.`;
    case 'enum':
      return `Not a valid choice. Choose one of: ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'format':
      return p.format === 'email' ? 'Enter a valid email address.' : p.format === 'date' ? 'Date has wrong format. Use YYYY-MM-DD.' : 'Invalid format.';
    case 'pattern':
      return 'Invalid format.';
    case 'decimalPlaces':
      return `Ensure that there are no more than ${String(p.limit)} decimal places.`;
    case 'additionalProperties':
      return 'Unknown field.';
    default:
      return fallback ?? 'Invalid value.';
  }
}
