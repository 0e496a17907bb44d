import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../../shared/data/db-schema.js';
import type { FlushOutcome } from '../../../src-worker/outbox/flush.js';
import { FlushScheduler } from '../../../src-worker/outbox/flush-scheduler.js';
import { nextRetryTime, pickNext } from '../../../src-worker/outbox/send-order.js';
import { eventually } from '../helpers/data-core-harness.js';
import { createFakeHttp } from '../helpers/fake-http.js';
import { createTestServices, type TestServices } from '../helpers/services.js';

const T0 = Date.parse('2026-03-01T08:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

function item(id: string, over: Partial<OutboxRow> = {}): OutboxRow {
  return {
    id,
    domain: 'workorders',
    action: 'claim',
    targetId: id,
    targetLabel: null,
    payload: null,
    attachments: [],
    createdAt: at(0),
    retryCount: 0,
    status: 'queued',
    lastError: null,
    retryAt: null,
    byteSize: 0,
    idempotencyKey: id,
    finishedAt: null,
    userId: null,
    ...over,
  };
}

describe('which item goes next, and when the retry timer wakes a flush', () => {
  it('the oldest due item goes first; one waiting out its retry time holds back later items of its record only', () => {
    const claim = item('a', { targetId: '9', status: 'retrying', retryCount: 1, retryAt: at(3_000) });
    const complete = item('b', { targetId: '9', action: 'complete' });
    const create = item('c', { targetId: null, action: 'create' });
    expect(pickNext([claim, complete, create], T0)?.id).toBe('c');
    expect(pickNext([claim, complete, create], T0 + 3_000)?.id).toBe('a');
    expect(pickNext([claim, complete], T0)).toBeNull();
  });

  it('the timer aims at the earliest retry time, and at once for one already past, never at an item the flush would not pick', () => {
    const waiting = item('a', { status: 'retrying', retryCount: 2, retryAt: at(6_000) });
    const due = item('b', { status: 'retrying', retryCount: 3, retryAt: at(-5) });
    const queued = item('c');
    expect(nextRetryTime([waiting, queued], T0)).toBe(T0 + 6_000);
    expect(nextRetryTime([waiting, due, queued], T0)).toBe(T0);
    // Items that never failed are sent by the write itself or the connection's return, not by the timer.
    expect(nextRetryTime([queued], T0)).toBeNull();
    // Behind an earlier item of its record that still waits, a due item waits with it (no timer spinning at 0).
    const behind = item('d', { targetId: 'a', status: 'retrying', retryCount: 1, retryAt: at(-5) });
    expect(nextRetryTime([waiting, behind], T0)).toBe(T0 + 6_000);
  });
});

describe('the flush scheduler', () => {
  let s: TestServices;
  let scheduler: FlushScheduler | null = null;
  beforeEach(() => {
    s = createTestServices(createFakeHttp(), T0);
  });
  afterEach(() => {
    scheduler?.close();
    s.close();
  });

  it('a retry time that passes between a flush looking and the timer being set still wakes a flush', async () => {
    const row = await s.outbox.enqueueMutation({ domain: 'workorders', action: 'create', targetId: null });
    await s.db.outbox.update(row.id, { status: 'retrying', retryCount: 3, retryAt: at(12_000) });
    const flushedAt: number[] = [];
    scheduler = new FlushScheduler({
      // A flush sends what pickNext gives it. The first looks a millisecond before the retry time:
      // not due, nothing sent; by the time the timer is set, the time has passed.
      flush: async (): Promise<FlushOutcome> => {
        flushedAt.push(s.clock.now);
        const next = pickNext(await s.outbox.active(), s.clock.now);
        if (next) await s.db.outbox.update(next.id, { status: 'synced', retryAt: null });
        s.clock.now = T0 + 12_001;
        return { status: 'done', sent: next ? 1 : 0, failed: 0, conflicts: 0, stoppedBy: null, nextRetryAt: null };
      },
      canFlush: async () => true,
      nextRetryAt: () => s.outbox.nextRetryAt(),
      now: () => s.clock.now,
      onError: (error) => {
        throw error;
      },
    });
    s.clock.now = T0 + 11_999;
    await scheduler.request();
    await eventually(async () => expect((await s.outbox.active()).length).toBe(0));
    // Sent by the second flush, and no timer after it.
    await new Promise((r) => setTimeout(r, 50));
    expect(flushedAt).toEqual([T0 + 11_999, T0 + 12_001]);
  });

  it('a request that comes while the timer is being set makes one more round, not none', async () => {
    let flushes = 0;
    let rearms = 0;
    const sched = new FlushScheduler({
      flush: async (): Promise<FlushOutcome> => {
        flushes += 1;
        return { status: 'done', sent: 0, failed: 0, conflicts: 0, stoppedBy: null, nextRetryAt: null };
      },
      canFlush: async () => true,
      // A write is queued (and asks for a flush) while the first round sets its timer.
      nextRetryAt: async () => {
        rearms += 1;
        if (rearms === 1) void sched.request();
        return null;
      },
      now: () => s.clock.now,
      onError: (error) => {
        throw error;
      },
    });
    scheduler = sched;
    await sched.request();
    expect(flushes).toBe(2);
  });
});
