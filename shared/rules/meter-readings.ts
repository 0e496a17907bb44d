/**
 * The rule for a meter's readings, one for the device and the server (docs/decisions.md: Meters and
 * readings). Readings stand in the order they were taken; voided ones are left out of everything
 * here, so callers pass only the valid ones.
 *
 * - A reading is not lower than the last one taken before it, nor higher than the first one taken
 *   after it, unless it is a reset (the meter was replaced or rolled over: counting starts again
 *   from it), and a later reset bounds nothing before it.
 * - A meter's average daily use is what it counted over the last PACE_WINDOW_DAYS, per day: the
 *   rises between its readings then, a reset adding nothing (what the old meter counted after its
 *   last reading is not known).
 * - A reading that rose more than SPIKE_FACTOR times that pace since the one before it is accepted
 *   and flagged, once the meter has SPIKE_MIN_READINGS readings to judge its pace by.
 */
import { t } from '../i18n/translate.js';

/** The largest value a reading may have. */
export const READING_MAX = 1_000_000_000_000;
export const PACE_WINDOW_DAYS = 30;
export const SPIKE_FACTOR = 3;
export const SPIKE_MIN_READINGS = 3;

const DAY_MS = 86_400_000;

export interface ReadingPoint {
  value: number;
  /** ISO 8601 date and time. */
  taken_at: string;
  reset: boolean;
}

export const READING_MESSAGES = {
  below: (before: ReadingPoint) =>
    t('The reading cannot be lower than {value}, read at {takenAt}. If the meter was replaced or rolled over, mark the reading as a reset.', { value: before.value, takenAt: before.taken_at }),
  above: (after: ReadingPoint) => t('The reading cannot be higher than {value}, read later at {takenAt}.', { value: after.value, takenAt: after.taken_at }),
  get resetNeedsReason() {
    return t('Say why the meter was reset (replaced, rolled over).');
  },
  spike: (factor: number) => t("This reading is more than {factor} times the meter's usual daily use. Check it was read correctly.", { factor }),
} as const;

const timeOf = (reading: Pick<ReadingPoint, 'taken_at'>) => Date.parse(reading.taken_at);

/** The readings sorted by when they were taken (a copy). */
export function inTakenOrder<R extends Pick<ReadingPoint, 'taken_at'>>(readings: readonly R[]): R[] {
  return [...readings].sort((a, b) => timeOf(a) - timeOf(b));
}

/** The valid readings either side of the time `takenAt`: the last taken at or before it, the first taken after it. */
export function neighbours<R extends ReadingPoint>(readings: readonly R[], takenAt: string): { before: R | null; after: R | null } {
  const at = Date.parse(takenAt);
  let before: R | null = null;
  let after: R | null = null;
  for (const reading of readings) {
    const t = timeOf(reading);
    if (t <= at && (!before || t >= timeOf(before))) before = reading;
    if (t > at && (!after || t < timeOf(after))) after = reading;
  }
  return { before, after };
}

/** Why `reading` cannot stand among `readings` (the meter's valid ones), or null when it can. */
export function readingProblem(readings: readonly ReadingPoint[], reading: ReadingPoint): string | null {
  const { before, after } = neighbours(readings, reading.taken_at);
  if (before && !reading.reset && reading.value < before.value) return READING_MESSAGES.below(before);
  if (after && !after.reset && reading.value > after.value) return READING_MESSAGES.above(after);
  return null;
}

/** Units a day over the PACE_WINDOW_DAYS before `now`; null with fewer than two readings then, or none a moment apart. */
export function averageDailyUse(readings: readonly ReadingPoint[], now: Date): number | null {
  const from = now.getTime() - PACE_WINDOW_DAYS * DAY_MS;
  const recent = inTakenOrder(readings.filter((r) => timeOf(r) >= from && timeOf(r) <= now.getTime()));
  if (recent.length < 2) return null;
  const days = (timeOf(recent[recent.length - 1]!) - timeOf(recent[0]!)) / DAY_MS;
  if (days <= 0) return null;
  let used = 0;
  for (let i = 1; i < recent.length; i++) {
    const [previous, current] = [recent[i - 1]!, recent[i]!];
    if (!current.reset) used += Math.max(0, current.value - previous.value);
  }
  return used / days;
}

/**
 * Whether `reading` rose far above the meter's pace since the reading taken before it: by more than
 * SPIKE_FACTOR days' average use per day elapsed (a day at least, so two readings minutes apart are
 * judged as a day's use). Never for a reset, a first reading, or a meter with too few readings.
 */
export function isSpike(readings: readonly ReadingPoint[], reading: ReadingPoint, now: Date): boolean {
  if (reading.reset || readings.length < SPIKE_MIN_READINGS) return false;
  const average = averageDailyUse(readings, now);
  const { before } = neighbours(readings, reading.taken_at);
  if (!average || !before) return false;
  const days = Math.max(1, (timeOf(reading) - timeOf(before)) / DAY_MS);
  return reading.value - before.value > SPIKE_FACTOR * average * days;
}

/** The latest valid reading by the time it was taken, or null. */
export function lastReading<R extends ReadingPoint>(readings: readonly R[]): R | null {
  return readings.reduce<R | null>((last, r) => (!last || timeOf(r) >= timeOf(last) ? r : last), null);
}
