/**
 * Labour on a work order (shared/api/labour.ts; docs/decisions.md: What the work costs), from a tab
 * to the data worker (`src-worker/areas/labour.ts`): the order's entries, time by hand, and a timer
 * whose start and stop are writes carrying the device's time, so a timer runs through reloads,
 * closed tabs and a day offline with nothing ticking. Every write is sent now or queued and sent once.
 */
import type { LabourEntry } from '../api/labour.js';
import type { MutationResult, ReadResult } from '../data/call-results.js';

export interface LabourCalls {
  /** The order's time entries, oldest first; the saved copy offline. */
  list(orderId: number): Promise<ReadResult<LabourEntry[]>>;
  /** Time by hand: whole minutes on a date (YYYY-MM-DD). */
  add(orderId: number, input: { minutes: number; date: string }): Promise<MutationResult<LabourEntry>>;
  /** Starts the caller's timer on the order now (the device's time). */
  start(orderId: number): Promise<MutationResult<LabourEntry & { stopped_timer_on?: number }>>;
  /** Stops the caller's timer on the order now (the device's time). */
  stop(orderId: number): Promise<MutationResult<LabourEntry>>;
  /** Deletes one entry. */
  remove(orderId: number, entryId: number): Promise<MutationResult<null>>;
}
