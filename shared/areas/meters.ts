/**
 * The meters area's calls from a tab to the data worker (`src-worker/areas/meters.ts`; docs/decisions.md:
 * Meters and readings). A reading is an offline action: taken in a plant room without signal, it is
 * checked on the device against the readings it knows (shared/rules/meter-readings.ts), queued with
 * the device's time as when it was taken, and sent once; the server checks it again.
 */
import type { Page } from '../api/common.js';
import type { Meter, MeterChart, MeterReading } from '../api/meters.js';
import type { BinaryAnswer, MutationResult, ReadResult } from '../data/call-results.js';

/** A reading as the form gives it; `taken_at` is set by the worker (the device's time) when left out. */
export interface ReadingInput {
  value: number;
  /** ISO 8601 date and time. */
  taken_at?: string;
  reset: boolean;
  /** Why the meter was reset; required with `reset`. */
  reason: string | null;
}

/** A reading waiting in the outbox: what the screen shows beside the server's until it is sent. */
export interface QueuedReading {
  queueId: string;
  value: number;
  taken_at: string;
  reset: boolean;
}

/** The meter a reading is for: its id, its asset's, and a label for the Offline Activity panel ("Run hours · Conveyor"). */
export interface MeterTarget {
  id: number;
  assetId: number;
  label: string;
}

/** A meter a task by usage may count on, named with its asset ("Wash Tunnel: Cars washed (cars)"). */
export interface MeterChoice {
  id: number;
  label: string;
  unit: string;
}

export interface MetersCalls {
  /** Every reading of the meter as a CSV file (needs a connection). */
  readingsCsv(meterId: number): Promise<BinaryAnswer>;
  /** Every meter the device keeps (the working set), by asset and name: the task form's choices. */
  choices(): Promise<MeterChoice[]>;
  /** The asset's meters with their last reading and pace; the saved page offline. */
  ofAsset(assetId: number): Promise<ReadResult<Page<Meter>>>;
  /** A page of the meter's readings, newest taken first; the saved page offline. */
  readings(meterId: number, page: number): Promise<ReadResult<Page<MeterReading>>>;
  /** The meter's valid readings of the last 90 days, for its chart; the saved ones offline. */
  chart(meterId: number): Promise<ReadResult<MeterChart>>;
  /** Readings of this meter still waiting to be sent, oldest taken first. */
  queuedReadings(meterId: number): Promise<QueuedReading[]>;
  /** Queued while offline, sent once; refused on the device first when it breaks the meter's order. */
  addReading(meter: MeterTarget, input: ReadingInput): Promise<MutationResult<MeterReading>>;
  /** A new meter on the asset (full access); needs a connection. */
  create(assetId: number, fields: { name: string; unit: string }): Promise<MutationResult<Meter>>;
}
