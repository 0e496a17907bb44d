/**
 * A record as it will be once the user's queued claim, unclaim or completion reaches the server
 * (docs/decisions.md: Working set in Dexie): lists show this, marked "Pending sync", until the
 * server's answer replaces it. The detail screens keep showing the server's copy with their own
 * Pending sync box. Pure.
 */
import type { UserRef } from '../../shared/api/common';
import type { MaintenanceTask } from '../../shared/api/maintenance';
import type { WorkOrder } from '../../shared/api/workorders';
import type { QueueItemView } from '../../shared/data/protocol';
import { taskDueDate } from '../../shared/rules/task-status';

/** The queued status writes in the order they will be sent (the outbox sends oldest first). */
function inOrder(pending: readonly Pick<QueueItemView, 'action' | 'createdAt'>[]) {
  return [...pending].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((p) => p.action);
}

export function workOrderAsQueued(order: WorkOrder, pending: readonly Pick<QueueItemView, 'action' | 'createdAt'>[], me: UserRef, nowIso: string): WorkOrder {
  let next = order;
  for (const action of inOrder(pending)) {
    if (action === 'claim') next = { ...next, status: 'Claimed', assigned_to: [me], claimed_at: nowIso };
    else if (action === 'unclaim') next = { ...next, status: 'Pending', assigned_to: [], claimed_at: null };
    else if (action === 'complete') next = { ...next, status: 'Completed', completed_at: nowIso, completed_by: me };
  }
  return next;
}

export function taskAsQueued(task: MaintenanceTask, pending: readonly Pick<QueueItemView, 'action' | 'createdAt'>[], me: UserRef, today: string, nowIso: string): MaintenanceTask {
  let next = task;
  for (const action of inOrder(pending)) {
    if (action === 'claim') next = { ...next, assigned_to: [me] };
    else if (action === 'unclaim') next = { ...next, assigned_to: [] };
    // A completion releases the task and starts its next interval today (behaviour §6).
    else if (action === 'complete') {
      next = { ...next, assigned_to: [], last_completed_date: today, completed_through_system: true, due_date: taskDueDate(today, next.recurrence_interval), last_completed_by: me, last_completed_at: nowIso };
    }
  }
  return next;
}
