/**
 * Checks a create or update body and turns it into the fields the repository writes. Every problem is
 * collected, so one answer names all of them (spec 5: location, description, recurrence interval and
 * last completed date are required).
 */
import type { TaskUpdateBody } from '../../../shared/api/maintenance.js';
import { dateField } from '../../http/dates.js';
import type { FieldErrors } from '../../http/errors.js';
import { doesNotExist } from '../../http/relations.js';
import { optionalText, requiredText } from '../../http/text.js';
import type { TaskFields } from './maintenance.repository.js';

const REQUIRED = 'This field is required.';

/** The key a location error is reported under: the one the client sent. */
export function locationField(body: TaskUpdateBody): 'location_id' | 'location' {
  return body.location_id === undefined && body.location !== undefined ? 'location' : 'location_id';
}

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

export interface TaskFieldsCheck {
  /** Only meaningful when `errors` is empty. */
  fields: TaskFields;
  errors: FieldErrors;
}

/**
 * `today` is the date in the configured time zone (a completion cannot lie after it);
 * `locationExists` is asked only when the id is otherwise acceptable.
 */
export async function checkTaskFields(body: TaskUpdateBody, today: string, locationExists: (id: number) => Promise<boolean>): Promise<TaskFieldsCheck> {
  const errors: FieldErrors = {};

  const locKey = locationField(body);
  const locationId = body.location_id ?? body.location ?? null;
  if (locationId === null) add(errors, locKey, REQUIRED);
  else if (!(await locationExists(locationId))) add(errors, locKey, doesNotExist(locationId));

  const description = requiredText(errors, 'description', body.description);

  const interval = body.recurrence_interval ?? null;
  if (interval === null) add(errors, 'recurrence_interval', REQUIRED);

  const date = dateField(errors, 'last_completed_date', body.last_completed_date, { notAfter: today });

  return {
    fields: {
      location_id: locationId ?? 0,
      description,
      recurrence_interval: interval ?? 0,
      last_completed_date: date ?? '',
      task_notes: optionalText(body.task_notes),
    },
    errors,
  };
}
