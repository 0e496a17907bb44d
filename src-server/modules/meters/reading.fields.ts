/** The fields of a reading the routes check alike: a reading of its own (meters.routes.ts) and one given with a completion (maintenance.routes.ts). */
import { nowIso } from '../../http/clock.js';
import { parseDateTime } from '../../http/dates.js';
import { addFieldError, type FieldErrors } from '../../http/errors.js';
import { t } from '../../../shared/i18n/translate.js';

const DAY_MS = 86_400_000;

export const METER_MESSAGES = {
  // Getters: each is said when read, in the reader's language (docs/i18n.md).
  get takenAtFormat() { return t('Enter when it was read as a date and time, for example 2026-11-28T08:30:00Z.'); },
  get takenAtFuture() { return t('A reading cannot be taken more than a day from now.'); },
  takenAtBeforeAsset: (created: string) => t('A reading cannot be taken before its asset was added ({created}).', { created }),
};

/** When a reading was taken: an ISO date and time, at most a day ahead, not before its asset was added; now when not sent. */
export function takenAtField(errors: FieldErrors, field: string, value: string | null | undefined, assetCreatedAt: string | null): string | null {
  if (value === undefined || value === null) return nowIso();
  const time = parseDateTime(value);
  if (time === null) {
    addFieldError(errors, field, METER_MESSAGES.takenAtFormat);
    return null;
  }
  if (time > Date.now() + DAY_MS) addFieldError(errors, field, METER_MESSAGES.takenAtFuture);
  else if (assetCreatedAt && time < Date.parse(assetCreatedAt)) addFieldError(errors, field, METER_MESSAGES.takenAtBeforeAsset(assetCreatedAt));
  return new Date(time).toISOString();
}
