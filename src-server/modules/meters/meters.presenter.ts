/** Meters and readings as the API shows them (shared/api/meters.ts). */
import type { Meter, MeterReading } from '../../../shared/api/meters.js';
import type { UserRef } from '../../../shared/api/common.js';
import { READING_MESSAGES, SPIKE_FACTOR } from '../../../shared/rules/meter-readings.js';
import type { MeterFigures, MeterReadingRow, MeterRow, MetersRepository } from './meters.repository.js';

/** Columns the API does not show (none; tests/server/response-shapes.test.ts holds the lists to the tables). */
export const METER_NOT_EXPOSED = [] as const satisfies readonly (keyof MeterRow)[];
/** None: who took it (`user_id`) is shown as `by`. */
export const METER_READING_NOT_EXPOSED = [] as const satisfies readonly (keyof MeterReadingRow)[];

export function presentMeter(row: MeterRow, figures: MeterFigures | undefined): Meter {
  return {
    id: row.id,
    asset_id: row.asset_id,
    name: row.name,
    unit: row.unit,
    last_reading: figures?.last?.value ?? null,
    last_reading_at: figures?.last?.taken_at ?? null,
    average_daily_use: figures?.averageDailyUse ?? null,
    recent_readings: figures?.recent ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Meters as the API answers them, their figures read together at `now`. */
export async function presentMeters(meters: Pick<MetersRepository, 'figures'>, rows: MeterRow[], now = new Date()): Promise<Meter[]> {
  const figures = await meters.figures(
    rows.map((r) => r.id),
    now,
  );
  return rows.map((row) => presentMeter(row, figures.get(row.id)));
}

export function presentReading(row: MeterReadingRow, people: Map<number, UserRef>): MeterReading {
  const flagged = row.flagged === 1;
  return {
    id: row.id,
    meter_id: row.meter_id,
    value: Number(row.value),
    taken_at: row.taken_at,
    by: row.user_id === null ? null : (people.get(row.user_id) ?? null),
    reset: row.reset === 1,
    reason: row.reason,
    void: row.void === 1,
    flagged,
    warning: flagged ? READING_MESSAGES.spike(SPIKE_FACTOR) : null,
    created_at: row.created_at,
  };
}
