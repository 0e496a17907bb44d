import { addFieldError, type FieldErrors } from './errors.js';
import { t } from '../../shared/i18n/translate.js';

/** Trims a required text field, recording a DRF message when nothing is left. */
export function requiredText(errors: FieldErrors, field: string, value: string | undefined | null): string {
  const v = (value ?? '').trim();
  if (!v) addFieldError(errors, field, value === undefined || value === null ? t('This field is required.') : t('This field may not be blank.'));
  return v;
}
