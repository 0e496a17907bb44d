import { describe, expect, it } from 'vitest';
import type { DeviceDb } from '../../../shared/data/db-schema.js';
import type { DataState } from '../../../shared/data/protocol.js';
import { createQueueView, QUEUE_PUSH_GAP_MS } from '../../../src-worker/core/queue-view.js';
import type { OutboxStore } from '../../../src-worker/outbox/outbox-store.js';

/** An outbox whose item count the test moves, read through the two calls the view makes. */
function countingOutbox() {
  const state = { total: 0 };
  const outbox = {
    views: async () => [],
    stats: async () => ({ totalItems: state.total, totalBytes: 0, lastFlushAt: null }),
  } as unknown as OutboxStore; // only the two reads the view makes
  const db = { getMeta: async () => null } as unknown as DeviceDb; // only getMeta('queueError')
  return { state, outbox, db };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('queue view pushes to the tabs', () => {
  it('a burst of changes reaches the tabs as a few pushes, the last one holding the final queue', async () => {
    const { state, outbox, db } = countingOutbox();
    const pushes: DataState['queue'][] = [];
    const view = createQueueView({ db, outbox, onQueue: (q) => pushes.push(q), closed: () => false });

    // A flush: 100 items, two outbox changes each, a few milliseconds apart.
    const started = performance.now();
    let last: Promise<void> = Promise.resolve();
    for (let i = 100; i > 0; i--) {
      state.total = i - 1;
      last = view.refresh();
      void view.refresh();
      await sleep(3);
    }
    await last;
    const elapsed = performance.now() - started;

    expect(pushes.at(-1)!.stats.totalItems).toBe(0);
    expect(pushes.length).toBeLessThanOrEqual(Math.ceil(elapsed / QUEUE_PUSH_GAP_MS) + 1);
    expect(pushes.length).toBeGreaterThanOrEqual(2);
  });

  it('the first change after a quiet spell is pushed at once, and one right after it within the gap', async () => {
    const { state, outbox, db } = countingOutbox();
    const pushes: number[] = [];
    const view = createQueueView({ db, outbox, onQueue: (q) => pushes.push(q.stats.totalItems), closed: () => false });

    state.total = 1;
    const first = performance.now();
    await view.refresh();
    expect(performance.now() - first).toBeLessThan(QUEUE_PUSH_GAP_MS / 2);

    state.total = 2;
    const second = performance.now();
    await view.refresh();
    expect(performance.now() - second).toBeLessThanOrEqual(QUEUE_PUSH_GAP_MS + 50);
    expect(pushes).toEqual([1, 2]);
  });

  it('pushes nothing once closed', async () => {
    const { outbox, db } = countingOutbox();
    const pushes: unknown[] = [];
    const view = createQueueView({ db, outbox, onQueue: (q) => pushes.push(q), closed: () => true });
    await view.refresh();
    await view.settled();
    expect(pushes).toEqual([]);
  });
});
