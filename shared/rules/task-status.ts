/**
 * Maintenance-task status, computed when read. Pure, so the server and the data worker agree and the
 * worker can recompute offline as days pass. First match wins (docs/decisions.md: Maintenance task status).
 */
import { t, tc } from '../i18n/translate.js';
import type { TaskStatus } from '../constants.js';
import { addDays, dayNumber } from './calendar-days.js';
import { meterVerdict, withMeterVerdict } from './meter-due.js';

export { addDays };

export interface TaskStatusInput {
  /** Whether someone holds the task. */
  claimed: boolean;
  /** YYYY-MM-DD of the last completion, or null. */
  lastCompletedDate: string | null;
  /** Whether the task was ever completed through the system. */
  completedThroughSystem: boolean;
  recurrenceInterval: number;
}

/** The due date: last completion plus the interval in days, or null when never completed. */
export function taskDueDate(lastCompletedDate: string | null, recurrenceInterval: number): string | null {
  return lastCompletedDate ? addDays(lastCompletedDate, recurrenceInterval) : null;
}

export function almostDueWindow(recurrenceInterval: number): number {
  return Math.max(1, Math.round(recurrenceInterval * 0.2));
}

export function taskStatus(task: TaskStatusInput, today: string): TaskStatus {
  if (task.claimed) return 'CLAIMED';
  if (task.completedThroughSystem && task.lastCompletedDate === today) return 'COMPLETE';
  const due = taskDueDate(task.lastCompletedDate, task.recurrenceInterval);
  if (due !== null) {
    const daysLeft = dayNumber(due) - dayNumber(today);
    if (daysLeft < 0) return 'PAST_DUE';
    if (daysLeft === 0) return 'DUE';
    if (daysLeft <= almostDueWindow(task.recurrenceInterval)) return 'ALMOST_DUE';
  }
  if (!task.completedThroughSystem) return 'NEW';
  return 'UP_TO_DATE';
}

/** A task as the API answers it, enough to reckon its status again on another day. */
export interface TaskStatusFields {
  assigned_to: readonly unknown[];
  last_completed_date: string | null;
  completed_through_system: boolean;
  recurrence_interval: number;
  /** A task by usage: the interval in its meter's units, and what the meter counted since the last completion. */
  meter_interval?: number | null;
  meter_used?: number | null;
}

/**
 * The status of a task as the API answered it, on `today` (a saved task read offline days later
 * shows what it is now, not what it was when saved), the meter's verdict taken in when it has one
 * (shared/rules/meter-due.ts).
 */
export function taskStatusOn(task: TaskStatusFields, today: string): TaskStatus {
  const byDay = taskStatus(
    {
      claimed: task.assigned_to.length > 0,
      lastCompletedDate: task.last_completed_date,
      completedThroughSystem: task.completed_through_system,
      recurrenceInterval: task.recurrence_interval,
    },
    today,
  );
  if (task.meter_interval == null || task.meter_used == null) return byDay;
  return withMeterVerdict(byDay, meterVerdict(task.meter_used, task.meter_interval));
}

/** Each status as read: said when read, in the reader's language (a status, not a button: `tc('status', …)`). */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  get CLAIMED() {
    return tc('status', 'Claimed');
  },
  get COMPLETE() {
    return tc('status', 'Complete');
  },
  get PAST_DUE() {
    return tc('status', 'Past due');
  },
  get DUE() {
    return tc('status', 'Due');
  },
  get ALMOST_DUE() {
    return tc('status', 'Almost due');
  },
  get NEW() {
    return tc('status', 'New');
  },
  get UP_TO_DATE() {
    return tc('status', 'Up to date');
  },
};

export function formatRecurrenceInterval(days: number): string {
  switch (days) {
    case 1:
      return t('Daily');
    case 7:
      return t('Weekly');
    case 14:
      return t('Every 2 weeks');
    case 30:
      return t('Monthly');
    case 90:
      return t('Quarterly');
    case 365:
      return t('Yearly');
    default:
      return t('Every {days} days', { days });
  }
}

/** Today's date (YYYY-MM-DD) in an IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
