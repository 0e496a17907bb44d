import { t } from '../../shared/i18n/translate.js';

/** DRF's message for a primary key in a body that names no row (PrimaryKeyRelatedField). */
export function doesNotExist(id: number): string {
  return t('Invalid pk "{id}" - object does not exist.', { id: String(id) });
}
