/**
 * Labour on a work order or a maintenance task (shared/api/labour.ts; docs/decisions.md: What the work costs), from a tab
 * to the data worker (`src-worker/areas/labour.ts`): the order's entries, time by hand, and a timer
 * whose start and stop are writes carrying the device's time, so a timer runs through reloads,
 * closed tabs and a day offline with nothing ticking. Every write is sent now or queued and sent once.
 */
import type { LabourAdded, LabourEntry } from '../api/labour.js';
import type { MutationResult, ReadResult } from '../data/call-results.js';

/** What time is worked on: a work order, or a maintenance task. */
export interface LabourOn {
  kind: 'order' | 'task';
  id: number;
}

/**
 * The target of its writes in the queue (what "Pending sync" and the synced events match): an
 * order's id as it always was, `task-{id}` for a task.
 */
export function labourTarget(on: LabourOn): string {
  return on.kind === 'order' ? String(on.id) : `task-${on.id}`;
}

export interface LabourCalls {
  /** The order's or task's time entries, oldest first; the saved copy offline. */
  list(on: LabourOn): Promise<ReadResult<LabourEntry[]>>;
  /** Time by hand: whole minutes on a date (YYYY-MM-DD). */
  add(on: LabourOn, input: { minutes: number; date: string }): Promise<MutationResult<LabourEntry>>;
  /** Starts the caller's timer now (the device's time); the answer says where a running one was stopped. */
  start(on: LabourOn): Promise<MutationResult<LabourAdded>>;
  /** Stops the caller's timer now (the device's time). */
  stop(on: LabourOn): Promise<MutationResult<LabourEntry>>;
  /** Deletes one entry. */
  remove(on: LabourOn, entryId: number): Promise<MutationResult<null>>;
}
