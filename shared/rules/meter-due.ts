/**
 * Maintenance by usage (docs/decisions.md: Maintenance by usage): a task that names a meter and an
 * interval in the meter's units is due once the meter has counted that much since the reading of
 * its last completion. One rule for the server, which knows every reading, and the device, which
 * knows the meter's newest ones and those it queued; both reckon the same way.
 *
 * - What a meter counted since a reading is the rise from each reading to the next, taken in order;
 *   a reset (a new counter) counts its own value, from zero.
 * - The meter's verdict: ALMOST_DUE in the last 20 % of the interval, DUE from the interval,
 *   PAST_DUE once 10 % of the interval past it. The task's status is the more urgent of the day
 *   rule's and the meter's, except that CLAIMED and COMPLETE stand as the day rule says.
 * - The reading it is due at, on the meter as it counts now; the day it is forecast to be due, at
 *   the meter's average daily use (none without a pace).
 */
import { t } from '../i18n/translate.js';
import type { TaskStatus } from '../constants.js';
import { addDays } from './calendar-days.js';
import { inTakenOrder, lastReading, type ReadingPoint } from './meter-readings.js';

/** A task's meter and its interval go together: what the form and the server say when one is missing. */
export const TASK_METER_MESSAGES = {
  get intervalWithoutMeter() {
    return t('Choose the meter the interval counts on.');
  },
  get meterWithoutInterval() {
    return t("Give the interval in the meter's units.");
  },
} as const;

export const METER_ALMOST_DUE_SHARE = 0.2;
export const METER_PAST_DUE_SHARE = 0.1;

/** What a meter counted after `since`, over the valid readings taken after it. */
export function usageSince(since: Pick<ReadingPoint, 'value' | 'taken_at'>, readings: readonly ReadingPoint[]): number {
  const after = inTakenOrder(readings.filter((r) => Date.parse(r.taken_at) > Date.parse(since.taken_at)));
  let previous = since.value;
  let used = 0;
  for (const reading of after) {
    used += reading.reset ? reading.value : Math.max(0, reading.value - previous);
    previous = reading.value;
  }
  return used;
}

export type MeterVerdict = Extract<TaskStatus, 'PAST_DUE' | 'DUE' | 'ALMOST_DUE'> | null;

/** The meter's verdict on a task whose meter counted `used` of its `interval`. */
export function meterVerdict(used: number, interval: number): MeterVerdict {
  if (!(interval > 0)) return null;
  if (used >= interval * (1 + METER_PAST_DUE_SHARE)) return 'PAST_DUE';
  if (used >= interval) return 'DUE';
  if (used >= interval * (1 - METER_ALMOST_DUE_SHARE)) return 'ALMOST_DUE';
  return null;
}

const URGENCY: Partial<Record<TaskStatus, number>> = { PAST_DUE: 3, DUE: 2, ALMOST_DUE: 1 };

/** The task's status: the day rule's, unless the meter's verdict is more urgent (a held or just-done task stays so). */
export function withMeterVerdict(dayStatus: TaskStatus, verdict: MeterVerdict): TaskStatus {
  if (verdict === null || dayStatus === 'CLAIMED' || dayStatus === 'COMPLETE') return dayStatus;
  return (URGENCY[verdict] ?? 0) > (URGENCY[dayStatus] ?? 0) ? verdict : dayStatus;
}

/** The reading the task is due at, on the meter as it counts now (`current`: its latest reading). */
export function meterDueAt(current: number, used: number, interval: number): number {
  return current + (interval - used);
}

/**
 * The day (YYYY-MM-DD) the task is forecast to be due by its meter, at `averageDailyUse` units a
 * day from `today`: today once it is due; null without a pace.
 */
export function forecastDueDate(used: number, interval: number, averageDailyUse: number | null, today: string): string | null {
  if (used >= interval) return today;
  if (averageDailyUse === null || !(averageDailyUse > 0)) return null;
  return addDays(today, Math.ceil((interval - used) / averageDailyUse));
}

/** A reading as a task counts from it. */
export type CountedReading = Pick<ReadingPoint, 'value' | 'taken_at'>;

/** What a meter counted from `since`, or from its first reading when there is none (a meter set on a task before it was read). */
export function usageFrom(since: CountedReading | null, readings: readonly ReadingPoint[]): number {
  if (since) return usageSince(since, readings);
  const [first] = inTakenOrder(readings);
  return first ? usageSince(first, readings) : 0;
}

/** A task's meter figures, as the API answers them (shared/api/maintenance.ts). */
export interface TaskMeterFigures {
  /** What the meter counted since the last completion (or since it was set on the task). */
  meter_used: number;
  /** The latest valid reading counted. */
  meter_last_reading: CountedReading | null;
  /** The reading the task is due at. */
  meter_due_at: number | null;
  /** The day it is forecast to be due by its meter. */
  forecast_due_date: string | null;
}

/** The figures of a task whose meter counted `used` of `interval`, its latest reading `last`. */
export function taskMeterFigures(interval: number, used: number, last: CountedReading | null, averageDailyUse: number | null, today: string): TaskMeterFigures {
  return {
    meter_used: used,
    meter_last_reading: last ? { value: last.value, taken_at: last.taken_at } : null,
    meter_due_at: last ? meterDueAt(last.value, used, interval) : null,
    forecast_due_date: last ? forecastDueDate(used, interval, averageDailyUse, today) : null,
  };
}

/** What a task by usage says of its meter (shared/api/maintenance.ts). */
export interface TaskMeterState {
  meter_interval: number | null;
  meter_used: number | null;
  meter_last_reading: CountedReading | null;
  meter: { average_daily_use: number | null } | null;
}

/**
 * The figures again with readings the server had not counted when it answered (a device's queued
 * ones, a kept meter's newer ones): those taken after its last counted reading add what they
 * count, so a device reckons a task due as soon as its reading is queued. Null for a task by days only.
 */
export function withNewerReadings(task: TaskMeterState, readings: readonly ReadingPoint[], today: string): TaskMeterFigures | null {
  if (task.meter_interval == null) return null;
  const counted = task.meter_last_reading;
  const seen = new Set<string>();
  const newer = readings.filter((r) => {
    const key = `${Date.parse(r.taken_at)}|${r.value}`;
    if (seen.has(key) || (counted && Date.parse(r.taken_at) <= Date.parse(counted.taken_at))) return false;
    seen.add(key);
    return true;
  });
  const used = (task.meter_used ?? 0) + usageFrom(counted, newer);
  const last = lastReading<ReadingPoint>([...(counted ? [{ ...counted, reset: false }] : []), ...newer]);
  return taskMeterFigures(task.meter_interval, used, last, task.meter?.average_daily_use ?? null, today);
}
