/**
 * Checks a create, update or partial update body and turns it into the fields the repository
 * writes. Every problem is collected, so one answer names all of them (behaviour §5: location,
 * description, recurrence interval and last completed date are required).
 */
import type { TaskUpdateBody } from '../../../shared/api/maintenance.js';
import { TASK_METER_MESSAGES } from '../../../shared/rules/meter-due.js';
import { READING_MAX } from '../../../shared/rules/meter-readings.js';
import { dateField } from '../../http/dates.js';
import { numberField } from '../../http/numbers.js';
import { addFieldError, type FieldErrors } from '../../http/errors.js';
import { doesNotExist } from '../../http/relations.js';
import { optionalText } from '../../../shared/rules/optional-text.js';
import { requiredText } from '../../http/text.js';
import type { TaskFields } from './maintenance.repository.js';
import { checkSteps } from './procedure.fields.js';
import { msg, t } from '../../../shared/i18n/translate.js';

const REQUIRED = msg('This field is required.');

/** The key a location error is reported under: the one the client sent. */
export function locationField(body: TaskUpdateBody): 'location_id' | 'location' {
  return body.location_id === undefined && body.location !== undefined ? 'location' : 'location_id';
}

export interface TaskFieldsCheck<F> {
  /** Only meaningful when `errors` is empty. */
  fields: F;
  errors: FieldErrors;
}

type LocationExists = (id: number) => Promise<boolean>;
/** What the checks ask of the database: whether a location, and a meter, exist. */
export interface TaskRefs {
  locationExists: LocationExists;
  meterExists: (id: number) => Promise<boolean>;
}

/**
 * A meter and its interval, sent together or not at all (null and null clear them). Undefined when
 * neither is sent: they stay as they are, in a full update too, as the steps do.
 */
async function checkMeter(errors: FieldErrors, body: TaskUpdateBody, meterExists: TaskRefs['meterExists']): Promise<TaskFields['meter']> {
  if (body.meter_id === undefined && body.meter_interval === undefined) return undefined;
  const meterId = body.meter_id ?? null;
  const intervalSent = body.meter_interval !== undefined && body.meter_interval !== null;
  if (meterId === null) {
    if (intervalSent) addFieldError(errors, 'meter_id', t(TASK_METER_MESSAGES.intervalWithoutMeter));
    return null;
  }
  if (!intervalSent) {
    addFieldError(errors, 'meter_interval', t(TASK_METER_MESSAGES.meterWithoutInterval));
    return null;
  }
  const interval = numberField(errors, 'meter_interval', body.meter_interval, { greaterThan: 0, lessThan: READING_MAX });
  if (!(await meterExists(meterId))) addFieldError(errors, 'meter_id', doesNotExist(meterId));
  return { id: meterId, interval: interval ?? 0 };
}

/**
 * The fields of `body`; with `onlySent`, a field the body leaves out is neither checked nor returned,
 * and each one it has is checked exactly as in a full body. `today` is the date in the configured
 * time zone (a completion cannot lie after it); `locationExists` is asked only when the id is
 * otherwise acceptable.
 */
async function checkFields(body: TaskUpdateBody, today: string, { locationExists, meterExists }: TaskRefs, onlySent: boolean): Promise<TaskFieldsCheck<Partial<TaskFields>>> {
  const errors: FieldErrors = {};
  const fields: Partial<TaskFields> = {};
  const wanted = (...keys: (keyof TaskUpdateBody)[]) => !onlySent || keys.some((k) => body[k] !== undefined);

  if (wanted('location_id', 'location')) {
    const locKey = locationField(body);
    const locationId = body.location_id ?? body.location ?? null;
    if (locationId === null) addFieldError(errors, locKey, t(REQUIRED));
    else if (!(await locationExists(locationId))) addFieldError(errors, locKey, doesNotExist(locationId));
    fields.location_id = locationId ?? 0;
  }
  if (wanted('description')) fields.description = requiredText(errors, 'description', body.description);
  if (wanted('recurrence_interval')) {
    const interval = body.recurrence_interval ?? null;
    if (interval === null) addFieldError(errors, 'recurrence_interval', t(REQUIRED));
    fields.recurrence_interval = interval ?? 0;
  }
  if (wanted('last_completed_date')) {
    fields.last_completed_date = dateField(errors, 'last_completed_date', body.last_completed_date, { notAfter: today }) ?? '';
  }
  if (wanted('task_notes')) fields.task_notes = optionalText(body.task_notes);
  // Steps left out stay as they are, in a full update too: a client that never knew of procedures keeps them.
  if (body.steps !== undefined) {
    const steps = checkSteps(errors, body.steps);
    // A reading's meter must exist (the rule itself cannot ask).
    for (const [index, step] of steps.entries()) {
      if (step.meter_id !== undefined && !(await meterExists(step.meter_id))) addFieldError(errors, `steps.${index}.meter_id`, doesNotExist(step.meter_id));
    }
    fields.steps = steps;
  }
  const meter = await checkMeter(errors, body, meterExists);
  if (meter !== undefined) fields.meter = meter;
  return { fields, errors };
}

/** A create or full update: every field, the missing ones reported. */
export async function checkTaskFields(body: TaskUpdateBody, today: string, refs: TaskRefs): Promise<TaskFieldsCheck<TaskFields>> {
  const { fields, errors } = await checkFields(body, today, refs, false);
  // Not onlySent, so every key was set above.
  return { fields: fields as TaskFields, errors };
}

/** A partial update: only the fields sent, each checked as in a full update. */
export function checkTaskChanges(body: TaskUpdateBody, today: string, refs: TaskRefs): Promise<TaskFieldsCheck<Partial<TaskFields>>> {
  return checkFields(body, today, refs, true);
}
