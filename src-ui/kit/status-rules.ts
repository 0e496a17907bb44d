/**
 * Which of Claim / Unclaim / Complete a user may take now (behaviour §4 Work order status and Maintenance
 * task display statuses, behaviour §6), for any record with a claim: work orders and maintenance tasks.
 * Pure. The labels are English (the catalogue's ids), said with `t` where drawn.
 */
import type { UserRef } from '../../shared/api/common';
import type { StatusAction } from '../../shared/areas/claims';
import type { QueueItemView } from '../../shared/data/protocol';
import { msg } from '../../shared/i18n/translate';

export interface ActionState {
  label: string;
  disabled: boolean;
  action: StatusAction;
}

/** What the rules need of a record. */
export interface ClaimableRecord {
  id: number;
  /** Someone holds it. */
  claimed: boolean;
  /** Finished for good (a completed work order); a recurring task never is. */
  closed: boolean;
  assigned_to: readonly UserRef[];
}

/** Queued actions for this record that still wait to be sent (not failed, not synced). */
export function pendingActionsFor(items: readonly QueueItemView[], area: string, recordId: number | string): QueueItemView[] {
  return items.filter((i) => i.domain === area && i.targetId === String(recordId) && (i.status === 'queued' || i.status === 'pending' || i.status === 'retrying'));
}

export function isAssignedTo(record: Pick<ClaimableRecord, 'assigned_to'>, userId: number): boolean {
  return record.assigned_to.some((u) => u.id === userId);
}

/** Complete: only when claimed by the current user; "Pending sync" while a completion waits. */
export function completeButton(record: ClaimableRecord, userId: number, pending: readonly Pick<QueueItemView, 'action'>[]): ActionState {
  if (pending.some((p) => p.action === 'complete')) return { label: msg('Pending sync'), disabled: true, action: 'complete' };
  return { label: msg('Complete'), disabled: !(record.claimed && isAssignedTo(record, userId)), action: 'complete' };
}

/**
 * Claim when the record is not claimed, Unclaim when it is; disabled when someone else holds it or
 * it is closed; "Pending sync" while a claim or unclaim waits.
 */
export function claimButton(record: ClaimableRecord, userId: number, pending: readonly Pick<QueueItemView, 'action'>[]): ActionState {
  const action: StatusAction = record.claimed ? 'unclaim' : 'claim';
  if (pending.some((p) => p.action === 'claim' || p.action === 'unclaim')) return { label: msg('Pending sync'), disabled: true, action };
  if (record.closed) return { label: msg('Claim'), disabled: true, action };
  if (record.claimed) return { label: msg('Unclaim'), disabled: !isAssignedTo(record, userId), action };
  return { label: msg('Claim'), disabled: false, action };
}
