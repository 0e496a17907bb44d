/**
 * Meters on assets and their readings (docs/decisions.md: Meters and readings): a meter counts what
 * an asset has done (hours, miles, cars washed); a reading is its value at the time it was taken.
 * Readings are ordered by when they were taken, not when they arrived, so one taken offline
 * yesterday and sent today goes in its place; the rule that checks them is shared by the device and
 * the server (shared/rules/meter-readings.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { NAME_LIMIT, TEXT_LIMIT } from '../constants.js';
import { READING_MAX, type ReadingPoint } from '../rules/meter-readings.js';
import type { EveryKey, UserRef } from './common.js';

/** The units offered in the form; any other short text is taken too. */
export const METER_UNITS = ['hours', 'miles', 'km', 'cycles', 'cars', 'gallons'] as const;
export const METER_UNIT_LIMIT = 32;

/** POST assets/{id}/meters/ and PATCH meters/{id}/: both fields optional here, so the route reports each missing one. */
export const MeterBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: NAME_LIMIT })),
  unit: Type.Optional(Type.String({ maxLength: METER_UNIT_LIMIT })),
});
export type MeterBody = Static<typeof MeterBody>;

/**
 * POST meters/{id}/readings/. `value` is checked by the server itself (a number, or a numeric
 * string, finite, from 0 to READING_MAX), as quantities are, rather than coerced by the schema.
 * `reset`: the meter was replaced or rolled over, counting starts again from this reading; it
 * needs a `reason`.
 */
export const ReadingBody = Type.Object({
  value: Type.Unknown({ description: 'the meter\'s value: a number from 0 to 1,000,000,000,000' }),
  taken_at: Type.Optional(Type.String({ maxLength: 64, description: 'when it was read (ISO 8601 date and time); the time it is sent when left out' })),
  reset: Type.Optional(Type.Boolean()),
  reason: Type.Optional(Type.String({ maxLength: TEXT_LIMIT })),
});
export type ReadingBody = Static<typeof ReadingBody>;

/** The Add reading form's own check before it sends (the server's limits, in its words). */
export const ReadingForm = Type.Object({
  value: Type.Number({ minimum: 0, exclusiveMaximum: READING_MAX }),
  reason: Type.Optional(Type.String({ maxLength: TEXT_LIMIT })),
});

/** The Add meter form: both fields required. */
export const MeterForm = Type.Object({
  name: Type.String({ minLength: 1, maxLength: NAME_LIMIT }),
  unit: Type.String({ minLength: 1, maxLength: METER_UNIT_LIMIT }),
});

export interface Meter {
  id: number;
  asset_id: number;
  name: string;
  unit: string;
  /** The latest reading by the time it was taken, voided ones left out; null before the first. */
  last_reading: number | null;
  last_reading_at: string | null;
  /** Units a day over the last 30 days (resets counted from zero); null with fewer than two readings then. */
  average_daily_use: number | null;
  /**
   * The newest valid readings (RECENT_READINGS at most, newest taken first): what a device keeps to
   * check a reading taken without a connection (shared/rules/meter-readings.ts).
   */
  recent_readings: ReadingPoint[];
  created_at: string;
  updated_at: string;
}

/** How many of a meter's newest valid readings its record carries. */
export const RECENT_READINGS = 10;

/** Days the meter's chart covers (the asset detail's line of its readings). */
export const CHART_DAYS = 90;
/** At most this many points in a chart: a meter read every few minutes is thinned to its newest. */
export const CHART_POINTS = 2_000;

/** GET meters/{id}/chart/: the meter's valid readings of the last CHART_DAYS days, oldest taken first. */
export interface MeterChart {
  meter_id: number;
  /** The chart's first instant (ISO). */
  from: string;
  points: ReadingPoint[];
}

export const METER_KEYS = {
  id: true,
  asset_id: true,
  name: true,
  unit: true,
  last_reading: true,
  last_reading_at: true,
  average_daily_use: true,
  recent_readings: true,
  created_at: true,
  updated_at: true,
} satisfies EveryKey<Meter>;

export interface MeterReading {
  id: number;
  meter_id: number;
  value: number;
  taken_at: string;
  by: UserRef | null;
  reset: boolean;
  /** Why the meter was reset, or why the reading was voided. */
  reason: string | null;
  /** Kept, and left out of every figure and check. */
  void: boolean;
  /** Far above the meter's usual pace (more than three times its average daily use): accepted, and said. */
  flagged: boolean;
  /** What the flag means, in words for the screen; null when not flagged. */
  warning: string | null;
  created_at: string;
}

export const METER_READING_KEYS = {
  id: true,
  meter_id: true,
  value: true,
  taken_at: true,
  by: true,
  reset: true,
  reason: true,
  void: true,
  flagged: true,
  warning: true,
  created_at: true,
} satisfies EveryKey<MeterReading>;
