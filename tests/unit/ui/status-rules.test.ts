import { describe, expect, it } from 'vitest';
import type { QueueItemView } from '../../../shared/data/protocol';
import { claimButton, completeButton, pendingActionsFor } from '../../../src-ui/kit/status-rules';

const me = { id: 1, first_name: 'Sam', last_name: 'Rivera' };
const other = { id: 2, first_name: 'Alex', last_name: 'Morgan' };
// A work order as the detail gives it to the rules: Completed is closed for good.
const order = (status: 'Pending' | 'Claimed' | 'Completed', assigned = status === 'Pending' ? [] : [me]) => ({
  id: 7,
  claimed: status === 'Claimed',
  closed: status === 'Completed',
  assigned_to: assigned,
});
// A maintenance task recurs: never closed.
const task = (claimedBy: typeof me | null) => ({ id: 7, claimed: claimedBy !== null, closed: false, assigned_to: claimedBy ? [claimedBy] : [] });

function item(over: Partial<QueueItemView>): QueueItemView {
  return {
    id: 'q1',
    domain: 'workorders',
    action: 'claim',
    targetId: '7',
    targetLabel: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    retryCount: 0,
    status: 'queued',
    lastError: null,
    retryAt: null,
    byteSize: 600,
    attachmentCount: 0,
    changes: null,
    draft: null,
    ...over,
  };
}

describe('claim and complete rules (behaviour §4)', () => {
  it('offers Claim on a Pending order and Unclaim on one claimed by me', () => {
    expect(claimButton(order('Pending'), me.id, [])).toEqual({ label: 'Claim', disabled: false, action: 'claim' });
    expect(claimButton(order('Claimed'), me.id, [])).toEqual({ label: 'Unclaim', disabled: false, action: 'unclaim' });
  });

  it('disables Claim/Unclaim when another user holds the order, and on a completed one', () => {
    expect(claimButton(order('Claimed', [other]), me.id, [])).toEqual({ label: 'Unclaim', disabled: true, action: 'unclaim' });
    expect(claimButton(order('Completed'), me.id, []).disabled).toBe(true);
  });

  it('enables Complete only when Claimed and assigned to the current user', () => {
    expect(completeButton(order('Claimed'), me.id, []).disabled).toBe(false);
    expect(completeButton(order('Claimed', [other]), me.id, []).disabled).toBe(true);
    expect(completeButton(order('Pending'), me.id, []).disabled).toBe(true);
    expect(completeButton(order('Completed'), me.id, []).disabled).toBe(true);
  });

  it('shows "Pending sync" on the button whose action waits in the queue', () => {
    expect(claimButton(order('Pending'), me.id, [{ action: 'claim' }])).toEqual({ label: 'Pending sync', disabled: true, action: 'claim' });
    expect(claimButton(order('Claimed'), me.id, [{ action: 'unclaim' }]).label).toBe('Pending sync');
    expect(completeButton(order('Claimed'), me.id, [{ action: 'complete' }])).toEqual({ label: 'Pending sync', disabled: true, action: 'complete' });
    // A waiting claim does not block Complete, and the other way round.
    expect(completeButton(order('Claimed'), me.id, [{ action: 'claim' }]).label).toBe('Complete');
    expect(claimButton(order('Claimed'), me.id, [{ action: 'complete' }]).label).toBe('Unclaim');
  });

  it('lets anyone claim a task that nobody holds, even one completed before (it recurs), and only its holder unclaim or complete it', () => {
    expect(claimButton(task(null), me.id, [])).toEqual({ label: 'Claim', disabled: false, action: 'claim' });
    expect(completeButton(task(null), me.id, []).disabled).toBe(true);
    expect(claimButton(task(me), me.id, [])).toEqual({ label: 'Unclaim', disabled: false, action: 'unclaim' });
    expect(completeButton(task(me), me.id, []).disabled).toBe(false);
    expect(claimButton(task(other), me.id, []).disabled).toBe(true);
    expect(completeButton(task(other), me.id, []).disabled).toBe(true);
  });

  it('counts only waiting actions of this order as pending (not failed, not synced, not other orders)', () => {
    const items = [
      item({ id: 'a' }),
      item({ id: 'b', status: 'retrying' }),
      item({ id: 'c', status: 'failed' }),
      item({ id: 'd', status: 'synced' }),
      item({ id: 'e', targetId: '8' }),
      item({ id: 'f', domain: 'maintenance' }),
      item({ id: 'g', action: 'create', targetId: null }),
    ];
    expect(pendingActionsFor(items, 'workorders', 7).map((i) => i.id)).toEqual(['a', 'b']);
  });
});
