/**
 * Why a claim, unclaim or complete did not apply (ARCHITECTURE.md §4). The conditional UPDATE
 * decides; these only explain a refusal from the row as it is afterwards.
 */
import type { UserRef } from '../../../shared/api/common.js';
import { conflict, forbidden, type HttpError } from '../../http/errors.js';
import type { WorkOrderRow } from './workorders.repository.js';

export const ALREADY_COMPLETED = 'This work order is already completed.';
export const ALREADY_YOURS = 'You have already claimed this work order.';
export const NOT_CLAIMED = 'This work order is not claimed.';
export const NOT_CLAIMED_TO_COMPLETE = 'This work order must be claimed before it can be completed.';
export const CHANGED_WHILE_CLAIMING = 'This work order changed while it was being claimed. Please try again.';
export const ONLY_ASSIGNEE_UNCLAIM = 'Only the user who claimed this work order can unclaim it.';
export const ONLY_ASSIGNEE_COMPLETE = 'Only the user who claimed this work order can complete it.';

export function claimedByMessage(holder: UserRef | null): string {
  const name = holder ? `${holder.first_name} ${holder.last_name}`.trim() : '';
  return name ? `This work order is already claimed by ${name}.` : 'This work order is already claimed by another user.';
}

/** Null means the order is Pending again (released in between), so the claim may be retried. */
export function claimRefusal(row: WorkOrderRow, userId: number, holder: UserRef | null): HttpError | null {
  if (row.status === 'Completed') return conflict(ALREADY_COMPLETED);
  if (row.status === 'Claimed') return row.assigned_to_id === userId ? conflict(ALREADY_YOURS) : conflict(claimedByMessage(holder));
  return null;
}

export function unclaimRefusal(row: WorkOrderRow, userId: number): HttpError {
  if (row.status === 'Completed') return conflict(ALREADY_COMPLETED);
  if (row.status === 'Pending') return conflict(NOT_CLAIMED);
  return row.assigned_to_id === userId ? conflict(NOT_CLAIMED) : forbidden(ONLY_ASSIGNEE_UNCLAIM);
}

export function completeRefusal(row: WorkOrderRow, userId: number): HttpError {
  if (row.status === 'Completed') return conflict(ALREADY_COMPLETED);
  if (row.status === 'Pending') return conflict(NOT_CLAIMED_TO_COMPLETE);
  return row.assigned_to_id === userId ? conflict(NOT_CLAIMED_TO_COMPLETE) : forbidden(ONLY_ASSIGNEE_COMPLETE);
}
