import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '../../../shared/constants.js';
import {
  addDays,
  almostDueWindow,
  formatRecurrenceInterval,
  TASK_STATUS_LABELS,
  taskDueDate,
  taskStatusOn,
  taskStatus,
  todayIn,
  type TaskStatusInput,
} from '../../../shared/rules/task-status.js';

const TODAY = '2026-03-15';

/** A task completed through the system whose due date is `daysLeft` days from TODAY. */
function dueIn(daysLeft: number, interval: number, overrides: Partial<TaskStatusInput> = {}): TaskStatusInput {
  return {
    claimed: false,
    lastCompletedDate: addDays(TODAY, daysLeft - interval),
    completedThroughSystem: true,
    recurrenceInterval: interval,
    ...overrides,
  };
}

describe('taskDueDate and addDays', () => {
  it('adds the interval in days across month, year and leap-day boundaries', () => {
    expect(taskDueDate('2026-01-31', 1)).toBe('2026-02-01');
    expect(taskDueDate('2025-12-31', 1)).toBe('2026-01-01');
    expect(taskDueDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(taskDueDate('2023-02-28', 1)).toBe('2023-03-01');
    expect(taskDueDate('2024-02-29', 365)).toBe('2025-02-28');
    expect(taskDueDate('2026-03-07', 7)).toBe('2026-03-14');
    expect(taskDueDate('2026-01-01', 3650)).toBe('2035-12-30');
  });

  it('is null for a task never completed', () => {
    expect(taskDueDate(null, 30)).toBeNull();
  });

  it('counts back as well as forward', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays(TODAY, 0)).toBe(TODAY);
  });
});

describe('taskStatus', () => {
  it('is CLAIMED first, whatever the dates say', () => {
    expect(taskStatus(dueIn(-5, 10, { claimed: true }), TODAY)).toBe('CLAIMED');
    expect(taskStatus(dueIn(0, 10, { claimed: true }), TODAY)).toBe('CLAIMED');
    expect(taskStatus({ claimed: true, lastCompletedDate: TODAY, completedThroughSystem: true, recurrenceInterval: 10 }, TODAY)).toBe('CLAIMED');
    expect(taskStatus({ claimed: true, lastCompletedDate: null, completedThroughSystem: false, recurrenceInterval: 10 }, TODAY)).toBe('CLAIMED');
  });

  it('is COMPLETE only when completed through the system today', () => {
    const completedToday = { claimed: false, lastCompletedDate: TODAY, completedThroughSystem: true, recurrenceInterval: 1 };
    expect(taskStatus(completedToday, TODAY)).toBe('COMPLETE');
    // The same date entered by hand is not a completion through the system.
    expect(taskStatus({ ...completedToday, completedThroughSystem: false, recurrenceInterval: 10 }, TODAY)).toBe('NEW');
    // Completed yesterday: no longer COMPLETE, and a daily task is due again today.
    expect(taskStatus({ ...completedToday, lastCompletedDate: addDays(TODAY, -1) }, TODAY)).toBe('DUE');
    expect(taskStatus({ ...completedToday, lastCompletedDate: addDays(TODAY, -1), recurrenceInterval: 30 }, TODAY)).toBe('UP_TO_DATE');
  });

  it('is PAST_DUE from the day after the due date, DUE on it, and not yet the day before', () => {
    expect(taskStatus(dueIn(-1, 10), TODAY)).toBe('PAST_DUE');
    expect(taskStatus(dueIn(-400, 10), TODAY)).toBe('PAST_DUE');
    expect(taskStatus(dueIn(0, 10), TODAY)).toBe('DUE');
    expect(taskStatus(dueIn(1, 10), TODAY)).toBe('ALMOST_DUE');
  });

  it('follows the calendar, not a 24-hour count, across a month end', () => {
    const task = { claimed: false, lastCompletedDate: '2026-02-27', completedThroughSystem: true, recurrenceInterval: 2 };
    expect(taskStatus(task, '2026-02-28')).toBe('ALMOST_DUE');
    expect(taskStatus(task, '2026-03-01')).toBe('DUE');
    expect(taskStatus(task, '2026-03-02')).toBe('PAST_DUE');
  });

  // max(1, round(interval × 0.2)), worked out by hand for each interval.
  const windows: [interval: number, window: number][] = [
    [1, 1],
    [2, 1],
    [3, 1],
    [5, 1],
    [7, 1],
    [8, 2],
    [10, 2],
    [12, 2],
    [13, 3],
    [14, 3],
    [30, 6],
    [90, 18],
    [365, 73],
    [3650, 730],
  ];

  it.each(windows)('with an interval of %i days the almost-due window is %i days', (interval, window) => {
    expect(almostDueWindow(interval)).toBe(window);
    // Due `interval` days ahead means completed today, which is COMPLETE when done through the
    // system; a date entered by hand shows the window alone.
    const statuses = (daysLeft: number) => [
      ...(daysLeft < interval ? [taskStatus(dueIn(daysLeft, interval), TODAY)] : []),
      taskStatus(dueIn(daysLeft, interval, { completedThroughSystem: false }), TODAY),
    ];
    for (const status of [...statuses(window), ...statuses(1)]) expect(status).toBe('ALMOST_DUE');
    if (window + 1 < interval) {
      expect(taskStatus(dueIn(window + 1, interval), TODAY)).toBe('UP_TO_DATE');
    }
    if (window + 1 <= interval) {
      expect(taskStatus(dueIn(window + 1, interval, { completedThroughSystem: false }), TODAY)).toBe('NEW');
    }
  });

  it('is NEW for a task never completed through the system unless it is due', () => {
    expect(taskStatus({ claimed: false, lastCompletedDate: null, completedThroughSystem: false, recurrenceInterval: 30 }, TODAY)).toBe('NEW');
    expect(taskStatus(dueIn(20, 30, { completedThroughSystem: false }), TODAY)).toBe('NEW');
    // Being due outranks being new.
    expect(taskStatus(dueIn(-1, 30, { completedThroughSystem: false }), TODAY)).toBe('PAST_DUE');
    expect(taskStatus(dueIn(0, 30, { completedThroughSystem: false }), TODAY)).toBe('DUE');
    expect(taskStatus(dueIn(3, 30, { completedThroughSystem: false }), TODAY)).toBe('ALMOST_DUE');
  });

  it('is UP_TO_DATE when completed through the system and not due soon', () => {
    expect(taskStatus(dueIn(20, 30), TODAY)).toBe('UP_TO_DATE');
    expect(taskStatus(dueIn(364, 365), TODAY)).toBe('UP_TO_DATE');
  });

  it('moves through the statuses as the days pass', () => {
    const task = { claimed: false, lastCompletedDate: TODAY, completedThroughSystem: true, recurrenceInterval: 10 };
    const seen = Array.from({ length: 12 }, (_, day) => taskStatus(task, addDays(TODAY, day)));
    expect(seen).toEqual([
      'COMPLETE',
      ...Array<string>(7).fill('UP_TO_DATE'),
      'ALMOST_DUE',
      'ALMOST_DUE',
      'DUE',
      'PAST_DUE',
    ]);
  });
});

describe('labels and formatting', () => {
  it('labels every status with its display name (behaviour §4)', () => {
    expect(Object.keys(TASK_STATUS_LABELS).sort()).toEqual([...TASK_STATUSES].sort());
    expect(TASK_STATUS_LABELS).toEqual({
      UP_TO_DATE: 'Up to date',
      ALMOST_DUE: 'Almost due',
      DUE: 'Due',
      PAST_DUE: 'Past due',
      CLAIMED: 'Claimed',
      COMPLETE: 'Complete',
      NEW: 'New',
    });
  });

  it.each([
    [1, 'Daily'],
    [7, 'Weekly'],
    [14, 'Every 2 weeks'],
    [30, 'Monthly'],
    [90, 'Quarterly'],
    [365, 'Yearly'],
  ])('formats %i days as %s', (days, text) => {
    expect(formatRecurrenceInterval(days)).toBe(text);
  });

  it.each([2, 6, 8, 13, 21, 28, 31, 60, 91, 180, 364, 366, 3650])('formats %i days as "Every N days"', (days) => {
    expect(formatRecurrenceInterval(days)).toBe(`Every ${days} days`);
  });
});

describe('todayIn', () => {
  it('gives the date in the time zone, not in UTC', () => {
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-03-01');
    expect(todayIn('America/Chicago', instant)).toBe('2026-02-28');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-02-28T10:00:00Z'))).toBe('2026-03-01');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-02-28T09:59:59Z'))).toBe('2026-02-28');
  });

  it('turns the day at local midnight, half-hour offsets and daylight saving included', () => {
    expect(todayIn('Asia/Kolkata', new Date('2026-03-01T18:29:59Z'))).toBe('2026-03-01');
    expect(todayIn('Asia/Kolkata', new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02');
    // Chicago is UTC-5 in summer and UTC-6 in winter.
    expect(todayIn('America/Chicago', new Date('2026-07-01T04:59:59Z'))).toBe('2026-06-30');
    expect(todayIn('America/Chicago', new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
    expect(todayIn('America/Chicago', new Date('2026-01-01T05:59:59Z'))).toBe('2025-12-31');
    expect(todayIn('America/Chicago', new Date('2026-01-01T06:00:00Z'))).toBe('2026-01-01');
  });

  it('makes the same task due in one zone and almost due in another at the same instant', () => {
    const instant = new Date('2026-03-01T03:00:00Z');
    const task = { claimed: false, lastCompletedDate: '2026-02-22', completedThroughSystem: true, recurrenceInterval: 7 };
    expect(taskStatus(task, todayIn('UTC', instant))).toBe('DUE');
    expect(taskStatus(task, todayIn('America/Chicago', instant))).toBe('ALMOST_DUE');
  });

  it('uses the current time by default', () => {
    const before = new Date().toISOString().slice(0, 10);
    const today = todayIn('UTC');
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain(today);
  });
});

describe('a task as the API answered it, reckoned again on a later day (saved data read offline)', () => {
  const saved = { assigned_to: [], last_completed_date: '2026-11-01', completed_through_system: true, recurrence_interval: 30 };
  it('moves from up to date to almost due, due and past due as the days pass', () => {
    expect(taskStatusOn(saved, '2026-11-10')).toBe('UP_TO_DATE');
    expect(taskStatusOn(saved, '2026-11-26')).toBe('ALMOST_DUE');
    expect(taskStatusOn(saved, '2026-12-01')).toBe('DUE');
    expect(taskStatusOn(saved, '2026-12-02')).toBe('PAST_DUE');
  });
  it('keeps Claimed while someone holds it, and New for a task never completed through the system', () => {
    expect(taskStatusOn({ ...saved, assigned_to: [{ id: 1 }] }, '2026-12-02')).toBe('CLAIMED');
    expect(taskStatusOn({ ...saved, completed_through_system: false }, '2026-11-10')).toBe('NEW');
    expect(taskStatusOn({ ...saved, last_completed_date: '2026-11-10' }, '2026-11-10')).toBe('COMPLETE');
  });
});
