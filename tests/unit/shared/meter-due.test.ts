/** Maintenance by usage (shared/rules/meter-due.ts), as both the device and the server reckon it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '../../../shared/constants.js';
import { forecastDueDate, meterDueAt, meterVerdict, usageFrom, usageSince, withMeterVerdict, withNewerReadings, type TaskMeterState } from '../../../shared/rules/meter-due.js';
import { taskStatusOn } from '../../../shared/rules/task-status.js';
import type { ReadingPoint } from '../../../shared/rules/meter-readings.js';

const at = (day: number, hour = 8) => new Date(Date.UTC(2026, 10, 1 + day, hour)).toISOString();
const r = (day: number, value: number, reset = false): ReadingPoint => ({ value, taken_at: at(day), reset });

describe('what a meter counted since a completion', () => {
  const done = r(0, 10_000);

  it('is the rise since the completion, over the readings taken after it, in the order taken', () => {
    expect(usageSince(done, [r(5, 14_000), r(2, 12_000), r(-3, 9_000)])).toBe(4_000);
    expect(usageSince(done, [])).toBe(0);
  });

  it('counts a reset from zero: a new counter adds its own value', () => {
    expect(usageSince(done, [r(2, 12_000), r(3, 500, true), r(6, 2_500)])).toBe(2_000 + 500 + 2_000);
  });

  it('does not depend on the order the readings arrived in', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ day: fc.integer({ min: 1, max: 60 }), rise: fc.integer({ min: 0, max: 5_000 }) }), { maxLength: 20 }), (steps) => {
        // Readings that only rise, one a day at most: as a meter counts.
        const days = [...new Set(steps.map((s) => s.day))].sort((a, b) => a - b);
        let value = done.value;
        const readings = days.map((day, i) => r(day, (value += steps[i]!.rise)));
        const total = value - done.value;
        expect(usageSince(done, readings)).toBe(total);
        expect(usageSince(done, [...readings].reverse())).toBe(total);
      }),
    );
  });
});

describe("the meter's verdict and the task's status", () => {
  it('is almost due in the last fifth of the interval, due from it, past due a tenth past it', () => {
    expect(meterVerdict(7_999, 10_000)).toBeNull();
    expect(meterVerdict(8_000, 10_000)).toBe('ALMOST_DUE');
    expect(meterVerdict(10_000, 10_000)).toBe('DUE');
    expect(meterVerdict(10_999, 10_000)).toBe('DUE');
    expect(meterVerdict(11_000, 10_000)).toBe('PAST_DUE');
    expect(meterVerdict(50, 0)).toBeNull();
  });

  it('takes the more urgent of the day rule and the meter; a claimed or just-completed task stays so', () => {
    expect(withMeterVerdict('UP_TO_DATE', 'DUE')).toBe('DUE');
    expect(withMeterVerdict('ALMOST_DUE', 'PAST_DUE')).toBe('PAST_DUE');
    expect(withMeterVerdict('PAST_DUE', 'ALMOST_DUE')).toBe('PAST_DUE');
    expect(withMeterVerdict('NEW', null)).toBe('NEW');
    expect(withMeterVerdict('CLAIMED', 'PAST_DUE')).toBe('CLAIMED');
    expect(withMeterVerdict('COMPLETE', 'DUE')).toBe('COMPLETE');
    for (const status of TASK_STATUSES) expect(withMeterVerdict(status, null)).toBe(status);
  });
});

describe('when it is due', () => {
  it('is due at the completion reading plus the interval, on the meter as it counts now', () => {
    expect(meterDueAt(14_000, 4_000, 10_000)).toBe(20_000);
    // After a reset the counter started again: the same remaining use, on the new counter.
    expect(meterDueAt(2_500, 4_500, 10_000)).toBe(8_000);
  });

  it('is forecast at the average daily use, today once due, and not at all without a pace', () => {
    expect(forecastDueDate(4_000, 10_000, 500, '2026-11-28')).toBe('2026-12-10');
    expect(forecastDueDate(4_000, 10_000, 700, '2026-11-28')).toBe('2026-12-07');
    expect(forecastDueDate(10_000, 10_000, null, '2026-11-28')).toBe('2026-11-28');
    expect(forecastDueDate(4_000, 10_000, null, '2026-11-28')).toBeNull();
    expect(forecastDueDate(4_000, 10_000, 0, '2026-11-28')).toBeNull();
  });
});

describe('a task by usage on a device', () => {
  const today = '2026-11-20';
  // The server counted 7,000 of 10,000 up to a reading of 47,000 on day 10.
  const task: TaskMeterState = { meter_interval: 10_000, meter_used: 7_000, meter_last_reading: { value: 47_000, taken_at: at(10) }, meter: { average_daily_use: 500 } };
  const dayFields = { assigned_to: [], last_completed_date: '2026-11-01', completed_through_system: true, recurrence_interval: 365 };

  it('adds what readings taken after the last counted one count, and is due at once past the due reading', () => {
    expect(taskStatusOn({ ...dayFields, ...task }, today)).toBe('UP_TO_DATE');
    const queued = [r(12, 50_500)];
    const figures = withNewerReadings(task, queued, today)!;
    expect(figures).toEqual({ meter_used: 10_500, meter_last_reading: { value: 50_500, taken_at: at(12) }, meter_due_at: 50_000, forecast_due_date: today });
    expect(taskStatusOn({ ...dayFields, ...task, ...figures }, today)).toBe('DUE');
  });

  it('leaves out readings the server counted already, and one kept twice (the kept meter and the queue) counts once', () => {
    const figures = withNewerReadings(task, [r(9, 46_000), r(10, 47_000), r(11, 48_000), r(11, 48_000)], today)!;
    expect(figures.meter_used).toBe(8_000);
    expect(taskStatusOn({ ...dayFields, ...task, ...figures }, today)).toBe('ALMOST_DUE');
  });

  it('forecasts from the meter\'s pace, and counts from the first reading of a meter never read', () => {
    expect(withNewerReadings(task, [], today)).toMatchObject({ meter_used: 7_000, meter_due_at: 50_000, forecast_due_date: '2026-11-26' });
    const unread: TaskMeterState = { meter_interval: 100, meter_used: 0, meter_last_reading: null, meter: { average_daily_use: null } };
    expect(withNewerReadings(unread, [r(3, 40), r(4, 150)], today)).toMatchObject({ meter_used: 110, meter_due_at: 140, forecast_due_date: today });
    expect(usageFrom(null, [])).toBe(0);
  });

  it('says nothing of a task by days only, whose status is the day rule\'s', () => {
    expect(withNewerReadings({ meter_interval: null, meter_used: null, meter_last_reading: null, meter: null }, [r(1, 5)], today)).toBeNull();
    expect(taskStatusOn({ ...dayFields, meter_interval: null, meter_used: null }, today)).toBe('UP_TO_DATE');
  });

  it('gives the same verdict whatever order the readings arrive in on the device', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2_000 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 1_000 }), (rises, seed) => {
        let value = 47_000;
        const readings = rises.map((rise, i) => r(11 + i, (value += rise)));
        const shuffled = [...readings].sort((a, b) => ((a.value * 31 + seed) % 97) - ((b.value * 31 + seed) % 97));
        const inOrder = withNewerReadings(task, readings, today)!;
        expect(withNewerReadings(task, shuffled, today)).toEqual(inOrder);
        expect(inOrder.meter_used).toBe(7_000 + value - 47_000);
      }),
    );
  });
});
