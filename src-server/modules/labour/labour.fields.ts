/**
 * The bodies of the labour routes, checked field by field (docs/decisions.md: What the work costs):
 * each problem is a field error in LABOUR_MESSAGES' words (the date of time by hand in the words of
 * every record's date), and all of a body's problems are answered together.
 */
import { LABOUR_MAX_MINUTES, LABOUR_MESSAGES, type LabourBody, type LabourStopBody } from '../../../shared/api/labour.js';
import { LABOUR_FUTURE_MS, labourMinutes, stopProblem } from './labour.times.js';
import { parseDateTime, recordDateField } from '../../http/dates.js';
import { addFieldError, fieldError, throwIfErrors, type FieldErrors } from '../../http/errors.js';
import type { LabourTime } from './labour.repository.js';

const MINUTE_MS = 60_000;

/** What a POST adds: time with its end (by hand, or a finished timer), or a timer that runs from its start. */
export type LabourInput = { kind: 'finished'; time: LabourTime; byHand: boolean } | { kind: 'timer'; startedAt: string };

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** A date and time a device sent (ISO 8601 with its offset), at most a day after the server's now; epoch ms, or null with the reason in `errors`. */
function timeField(errors: FieldErrors, field: string, value: string, nowMs: number): number | null {
  const time = parseDateTime(value);
  if (time === null) addFieldError(errors, field, LABOUR_MESSAGES.badTime);
  else if (time > nowMs + LABOUR_FUTURE_MS) addFieldError(errors, field, LABOUR_MESSAGES.future);
  else return time;
  return null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * One of the three shapes: `{minutes, date}` (the date's start, UTC, and that many minutes on; the
 * date by the rule of every record's date, decisions: Dates of offline records), `{started_at,
 * stopped_at}` or `{started_at}` alone. Both kinds at once, or neither, is refused as a whole.
 */
export function labourInput(body: LabourBody, timeZone: string, nowMs: number): LabourInput {
  const byHand = given(body.minutes) || given(body.date);
  const timed = given(body.started_at) || given(body.stopped_at);
  if (byHand === timed) throw fieldError('non_field_errors', LABOUR_MESSAGES.timeNeeded);
  const errors: FieldErrors = {};
  if (byHand) {
    const minutes = body.minutes;
    if (!given(minutes) || !Number.isInteger(minutes) || minutes < 1 || minutes > LABOUR_MAX_MINUTES) addFieldError(errors, 'minutes', LABOUR_MESSAGES.minutesRange);
    const date = recordDateField(errors, 'date', body.date, timeZone);
    throwIfErrors(errors);
    const start = Date.parse(`${date!}T00:00:00.000Z`);
    return { kind: 'finished', byHand: true, time: { started_at: iso(start), stopped_at: iso(start + minutes! * MINUTE_MS), minutes: minutes!, date: date! } };
  }
  // A stop without its start names no time.
  let start: number | null = null;
  if (given(body.started_at)) start = timeField(errors, 'started_at', body.started_at, nowMs);
  else addFieldError(errors, 'started_at', LABOUR_MESSAGES.badTime);
  if (!given(body.stopped_at)) {
    throwIfErrors(errors);
    return { kind: 'timer', startedAt: iso(start!) };
  }
  const stop = timeField(errors, 'stopped_at', body.stopped_at, nowMs);
  const problem = start !== null && stop !== null ? stopProblem(start, stop) : null;
  if (problem) addFieldError(errors, 'stopped_at', problem);
  throwIfErrors(errors);
  return { kind: 'finished', byHand: false, time: { started_at: iso(start!), stopped_at: iso(stop!), minutes: labourMinutes(start!, stop!), date: null } };
}

/**
 * Where a running timer stops: at the `stopped_at` sent (the device's time when the user stopped it),
 * by the same rules as a finished timer's; else now, but never before its start (a device whose clock
 * ran ahead started it "later" than the server's now), so its minutes are at least 0.
 */
export function timerStop(body: LabourStopBody, startedAt: string, nowMs: number): { stoppedAt: string; minutes: number } {
  const start = Date.parse(startedAt);
  const errors: FieldErrors = {};
  const stop = given(body.stopped_at) ? timeField(errors, 'stopped_at', body.stopped_at, nowMs) : Math.max(nowMs, start);
  throwIfErrors(errors);
  // A stop at the very start is refused only when sent: the server's own now may meet a start that ran ahead.
  const problem = given(body.stopped_at) ? stopProblem(start, stop!) : stop! - start > LABOUR_MAX_MINUTES * MINUTE_MS ? LABOUR_MESSAGES.tooLong : null;
  if (problem) throw fieldError('stopped_at', problem);
  return { stoppedAt: iso(stop!), minutes: labourMinutes(start, stop!) };
}
