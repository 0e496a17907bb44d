/**
 * GET assets/{id}/history/?page=N (docs/decisions.md: Asset history): what was done about an asset,
 * newest first, in pages of 10: the work orders linked to it, and the completions of the maintenance
 * tasks at its location whose task description or field notes name it (its name or its code, in any
 * case). Read with the asset's own access.
 */
import type { EveryKey, UserRef } from './common.js';
import type { WorkOrderStatus } from '../constants.js';

export type AssetHistoryKind = 'workorder' | 'task_completion';

export interface AssetHistoryEntry {
  kind: AssetHistoryKind;
  /** The work order's id, or the completion's own id (a task is completed many times). */
  id: number;
  /** The work order's id, or the completed task's id: what the entry opens. */
  record_id: number;
  /** ISO time: when the order was reported, or when the task was completed. */
  at: string;
  /** The order's description, or the task's. */
  description: string;
  /** The order's status now; a completion is Completed. */
  status: WorkOrderStatus;
  /**
   * Who, for the status: the completer of a completed order or task, the claimer of a claimed
   * order, the reporter of a pending one.
   */
  by: UserRef | null;
  field_notes: string | null;
}

export const ASSET_HISTORY_ENTRY_KEYS = {
  kind: true,
  id: true,
  record_id: true,
  at: true,
  description: true,
  status: true,
  by: true,
  field_notes: true,
} satisfies EveryKey<AssetHistoryEntry>;

/** Texts shorter than this are not looked for in notes (a two-letter name would match most of them); the code always is. */
export const HISTORY_NAME_MIN_LENGTH = 3;
