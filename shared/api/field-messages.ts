/**
 * The messages of a field that breaks a schema rule, in the server's (DRF's) words. One table for
 * the server's request validation and the client's form check, so a form says before sending
 * exactly what the server would answer. Each is said in the reader's language (docs/i18n.md): the
 * server's request's, the client's screen's.
 */
import { msg, t } from '../i18n/translate.js';

/** A broken rule, by JSON-schema keyword, with what the message needs (`limit`, `type`, …). */
export interface BrokenRule {
  keyword: string;
  params: Record<string, unknown>;
  /** Said when the keyword has no message of its own. */
  fallback?: string;
}

/** Marked for the catalogue; said with `t(REQUIRED_MESSAGE)`. */
export const REQUIRED_MESSAGE = msg('This field is required.');

const TYPE_NAMES: Record<string, string> = {
  integer: msg('A valid integer is required.'),
  number: msg('A valid number is required.'),
  string: msg('Not a valid string.'),
  boolean: msg('Must be a valid boolean.'),
  array: msg('Expected a list of items.'),
  object: msg('Expected an object.'),
};

export function fieldMessage({ keyword, params: p, fallback }: BrokenRule): string {
  switch (keyword) {
    case 'required':
      return t(REQUIRED_MESSAGE);
    case 'type':
      return t(TYPE_NAMES[String(p.type)] ?? 'Invalid value.');
    case 'minLength':
      return p.limit === 1 ? t('This field may not be blank.') : t('Ensure this field has at least {limit} characters.', { limit: String(p.limit) });
    case 'maxLength':
      return t('Ensure this field has no more than {limit} characters.', { limit: String(p.limit) });
    case 'minimum':
      return t('Ensure this value is greater than or equal to {limit}.', { limit: String(p.limit) });
    case 'exclusiveMinimum':
      return t('Ensure this value is greater than {limit}.', { limit: String(p.limit) });
    case 'maximum':
      return t('Ensure this value is less than or equal to {limit}.', { limit: String(p.limit) });
    case 'exclusiveMaximum':
      return t('Ensure this value is less than {limit}.', { limit: String(p.limit) });
    case 'enum':
      return t('Not a valid choice. Choose one of: {choices}.', { choices: (p.allowedValues as unknown[]).join(', ') });
    case 'format':
      return p.format === 'email' ? t('Enter a valid email address.') : p.format === 'date' ? t('Date has wrong format. Use YYYY-MM-DD.') : t('Invalid format.');
    case 'pattern':
      return t('Invalid format.');
    case 'decimalPlaces':
      return t('Ensure that there are no more than {limit} decimal places.', { limit: String(p.limit) });
    case 'additionalProperties':
      return t('Unknown field.');
    default:
      return fallback ?? t('Invalid value.');
  }
}

/** DRF's refusal of a value that is none of a field's choices (`"xx" is not a valid choice.`). */
export function invalidChoiceMessage(value: unknown): string {
  return t('"{value}" is not a valid choice.', { value: typeof value === 'string' ? value : JSON.stringify(value) ?? String(value) });
}
