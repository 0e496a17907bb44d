/** Lists show a record as the user's queued claim, unclaim and completion will leave it (src-ui/kit/as-queued.ts). */
import { describe, expect, it } from 'vitest';
import type { MaintenanceTask } from '../../../shared/api/maintenance';
import type { WorkOrder } from '../../../shared/api/workorders';
import { taskStatusOn } from '../../../shared/rules/task-status';
import { taskAsQueued, workOrderAsQueued } from '../../../src-ui/kit/as-queued';

const me = { id: 7, first_name: 'Tess', last_name: 'Tech' };
const order = { id: 1, status: 'Pending', assigned_to: [], claimed_at: null, completed_at: null, completed_by: null } as unknown as WorkOrder;
const at = (action: 'claim' | 'unclaim' | 'complete', second: number) => ({ action, createdAt: `2026-11-27T10:00:0${second}.000Z` });

describe('a work order as queued', () => {
  it('reads Claimed by the user after a queued claim, and Completed after a queued completion', () => {
    expect(workOrderAsQueued(order, [at('claim', 1)], me, '2026-11-27T10:00:05.000Z')).toMatchObject({ status: 'Claimed', assigned_to: [me] });
    // Sent oldest first, whatever order the queue view lists them in.
    expect(workOrderAsQueued(order, [at('complete', 2), at('claim', 1)], me, 'now')).toMatchObject({ status: 'Completed', completed_by: me });
    expect(workOrderAsQueued({ ...order, status: 'Claimed', assigned_to: [me] }, [at('unclaim', 1)], me, 'now')).toMatchObject({ status: 'Pending', assigned_to: [] });
    expect(workOrderAsQueued(order, [], me, 'now')).toBe(order);
  });
});

describe('a task as queued', () => {
  const task = { id: 3, assigned_to: [], last_completed_date: '2026-10-01', completed_through_system: true, recurrence_interval: 30, due_date: '2026-10-31' } as unknown as MaintenanceTask;
  it('reads Claimed after a queued claim, and Complete today with its next due date after a queued completion', () => {
    expect(taskStatusOn(taskAsQueued(task, [at('claim', 1)], me, '2026-11-27', 'now'), '2026-11-27')).toBe('CLAIMED');
    const done = taskAsQueued(task, [at('claim', 1), at('complete', 2)], me, '2026-11-27', 'now');
    expect(taskStatusOn(done, '2026-11-27')).toBe('COMPLETE');
    expect(done).toMatchObject({ assigned_to: [], due_date: '2026-12-27', last_completed_by: me });
  });
});
