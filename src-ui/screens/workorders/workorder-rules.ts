/** Which work-order actions a user may take now (spec 4 Work order status, spec 6). Pure. */
import type { UserRef } from '../../../shared/api/common';
import type { WorkOrderStatus } from '../../../shared/constants';
import type { QueueItemView } from '../../../shared/data/protocol';

export const WORKORDER_DOMAIN = 'workorders';
export type WorkOrderAction = 'claim' | 'unclaim' | 'complete';

export interface ActionState {
  label: string;
  disabled: boolean;
  action: WorkOrderAction;
}

interface OrderLike {
  id: number;
  status: WorkOrderStatus;
  assigned_to: readonly UserRef[];
}

/** Queued actions for this order that still wait to be sent (not failed, not synced). */
export function pendingActionsFor(items: readonly QueueItemView[], orderId: number): QueueItemView[] {
  return items.filter((i) => i.domain === WORKORDER_DOMAIN && i.targetId === String(orderId) && i.status !== 'failed' && i.status !== 'synced');
}

export function isAssignedTo(order: OrderLike, userId: number): boolean {
  return order.assigned_to.some((u) => u.id === userId);
}

/** Complete: only when Claimed by the current user; "Pending sync" while a completion waits. */
export function completeButton(order: OrderLike, userId: number, pending: readonly Pick<QueueItemView, 'action'>[]): ActionState {
  if (pending.some((p) => p.action === 'complete')) return { label: 'Pending sync', disabled: true, action: 'complete' };
  return { label: 'Complete', disabled: !(order.status === 'Claimed' && isAssignedTo(order, userId)), action: 'complete' };
}

/**
 * Claim when the order is not Claimed, Unclaim when it is; disabled when someone else holds it or
 * it is completed; "Pending sync" while a claim or unclaim waits.
 */
export function claimButton(order: OrderLike, userId: number, pending: readonly Pick<QueueItemView, 'action'>[]): ActionState {
  const action: WorkOrderAction = order.status === 'Claimed' ? 'unclaim' : 'claim';
  if (pending.some((p) => p.action === 'claim' || p.action === 'unclaim')) return { label: 'Pending sync', disabled: true, action };
  if (order.status === 'Completed') return { label: 'Claim', disabled: true, action };
  if (order.status === 'Claimed') return { label: 'Unclaim', disabled: !isAssignedTo(order, userId), action };
  return { label: 'Claim', disabled: false, action };
}
