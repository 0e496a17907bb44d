/**
 * Why a claim, unclaim or complete did not apply (ARCHITECTURE.md §4). The conditional UPDATE
 * decides; these only explain a refusal from the row as it is afterwards.
 */
import type { UserRef } from '../../../shared/api/common.js';
import { conflict, forbidden, type HttpError } from '../../http/errors.js';
import type { TaskRow } from './maintenance.repository.js';

export const ALREADY_YOURS = 'You have already claimed this task.';
export const NOT_CLAIMED = 'This task is not claimed.';
export const NOT_CLAIMED_TO_COMPLETE = 'This task must be claimed before it can be completed.';
export const ONLY_ASSIGNEE_UNCLAIM = 'Only the user who claimed this task can unclaim it.';
export const ONLY_ASSIGNEE_COMPLETE = 'Only the user who claimed this task can complete it.';

export function claimedByMessage(holder: UserRef | null): string {
  const name = holder ? `${holder.first_name} ${holder.last_name}`.trim() : '';
  return name ? `This task is already claimed by ${name}.` : 'This task is already claimed by another user.';
}

/** Null means the task is free again (released in between), so the claim may be retried. */
export function claimRefusal(row: TaskRow, userId: number, holder: UserRef | null): HttpError | null {
  if (row.assigned_to_id === null) return null;
  return row.assigned_to_id === userId ? conflict(ALREADY_YOURS) : conflict(claimedByMessage(holder));
}

export function unclaimRefusal(row: TaskRow, userId: number): HttpError {
  return row.assigned_to_id === null || row.assigned_to_id === userId ? conflict(NOT_CLAIMED) : forbidden(ONLY_ASSIGNEE_UNCLAIM);
}

export function completeRefusal(row: TaskRow, userId: number): HttpError {
  return row.assigned_to_id === null || row.assigned_to_id === userId ? conflict(NOT_CLAIMED_TO_COMPLETE) : forbidden(ONLY_ASSIGNEE_COMPLETE);
}
