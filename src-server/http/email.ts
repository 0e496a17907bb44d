/** Email fields: every address the server takes is judged by the one rule in shared/rules/email-address.ts. */
import { INVALID_EMAIL_MESSAGE, plainEmailAddress } from '../../shared/rules/email-address.js';
import { addFieldError, type FieldErrors } from './errors.js';
import { t } from '../../shared/i18n/translate.js';

/**
 * The plain address in a required email field, or '' with a DRF message in `errors`: blank, or
 * not one plain address (`message`, by default Django's "Enter a valid email address.").
 */
export function emailField(errors: FieldErrors, field: string, value: string | undefined | null, message = INVALID_EMAIL_MESSAGE): string {
  if (value === undefined || value === null) {
    addFieldError(errors, field, t('This field is required.'));
    return '';
  }
  if (value.trim() === '') {
    addFieldError(errors, field, t('This field may not be blank.'));
    return '';
  }
  const address = plainEmailAddress(value);
  if (address === null) {
    addFieldError(errors, field, t(message));
    return '';
  }
  return address;
}
