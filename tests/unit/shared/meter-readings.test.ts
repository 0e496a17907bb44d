/** The meter reading rule (shared/rules/meter-readings.ts), as both the device and the server apply it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageDailyUse, isSpike, lastReading, READING_MESSAGES, readingProblem, type ReadingPoint } from '../../../shared/rules/meter-readings.js';

const at = (day: number, hour = 8) => new Date(Date.UTC(2026, 10, 1 + day, hour)).toISOString();
const r = (day: number, value: number, reset = false): ReadingPoint => ({ value, taken_at: at(day), reset });
const now = new Date(at(29, 12));

describe('where a reading may stand', () => {
  const readings = [r(1, 100), r(5, 150), r(10, 220)];

  it('takes a reading between its neighbours, or equal to them', () => {
    expect(readingProblem(readings, r(3, 120))).toBeNull();
    expect(readingProblem(readings, r(3, 100))).toBeNull();
    expect(readingProblem(readings, r(3, 150))).toBeNull();
    expect(readingProblem(readings, r(12, 500))).toBeNull();
  });

  it('refuses one lower than the reading taken before it, naming it', () => {
    expect(readingProblem(readings, r(7, 140))).toBe(READING_MESSAGES.below(readings[1]!));
  });

  it('refuses one higher than the reading taken after it: a backfilled reading goes in its place', () => {
    expect(readingProblem(readings, r(7, 230))).toBe(READING_MESSAGES.above(readings[2]!));
  });

  it('takes a lower reading marked as a reset, and a later reset bounds nothing before it', () => {
    expect(readingProblem(readings, r(11, 3, true))).toBeNull();
    const afterReset = [...readings, r(11, 3, true), r(12, 10)];
    // Between the last reading before the reset and the reset: only the earlier reading bounds it.
    expect(readingProblem(afterReset, { value: 400, taken_at: at(10, 20), reset: false })).toBeNull();
    // After the reset: bounded by the reading taken after it.
    expect(readingProblem(afterReset, { value: 20, taken_at: at(11, 20), reset: false })).toBe(READING_MESSAGES.above(afterReset[4]!));
  });

  it('in any order they arrive, accepted readings rise between resets in the order they were taken', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ day: fc.integer({ min: 0, max: 28 }), value: fc.integer({ min: 0, max: 1000 }), reset: fc.boolean() }), { maxLength: 25 }), (sent) => {
        const kept: ReadingPoint[] = [];
        for (const s of sent) {
          const reading = r(s.day, s.value, s.reset);
          if (readingProblem(kept, reading) === null) kept.push(reading);
        }
        // Stable by arrival for readings taken at the same moment, as the server keeps them.
        const ordered = kept.map((k, i) => ({ k, i })).sort((a, b) => Date.parse(a.k.taken_at) - Date.parse(b.k.taken_at) || a.i - b.i).map((x) => x.k);
        for (let i = 1; i < ordered.length; i++) {
          if (!ordered[i]!.reset && ordered[i]!.taken_at !== ordered[i - 1]!.taken_at) expect(ordered[i]!.value).toBeGreaterThanOrEqual(ordered[i - 1]!.value);
        }
      }),
    );
  });
});

describe('a meter\'s pace', () => {
  it('is what it counted per day over the last 30 days', () => {
    expect(averageDailyUse([r(10, 100), r(20, 300)], now)).toBe(20);
    // Readings older than the window do not count.
    expect(averageDailyUse([r(-20, 0), r(10, 100), r(20, 300)], now)).toBe(20);
  });

  it('adds nothing across a reset, and is unknown with fewer than two readings', () => {
    expect(averageDailyUse([r(10, 100), r(15, 5, true), r(20, 105)], now)).toBe(10);
    expect(averageDailyUse([r(10, 100)], now)).toBeNull();
    expect(averageDailyUse([], now)).toBeNull();
  });

  it('flags a reading far above it, once there are three readings to judge by', () => {
    const readings = [r(10, 100), r(15, 200), r(20, 300)];
    expect(isSpike(readings, r(21, 320), now)).toBe(false);
    expect(isSpike(readings, r(21, 400), now)).toBe(true);
    expect(isSpike(readings, r(21, 400, true), now)).toBe(false);
    expect(isSpike(readings.slice(0, 2), r(21, 10_000), now)).toBe(false);
  });

  it('the last reading is the one taken last, whenever it arrived', () => {
    expect(lastReading([r(20, 300), r(10, 100)])).toEqual(r(20, 300));
    expect(lastReading([])).toBeNull();
  });
});
