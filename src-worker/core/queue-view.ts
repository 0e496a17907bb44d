/**
 * The panel's queue as the tabs see it, re-read from the device DB and pushed at most once every
 * QUEUE_PUSH_GAP_MS: the first change after a quiet spell goes out at once, the changes that
 * follow within the gap leave together at its end. A flush of 100 items changes the outbox about
 * twice a request; pushing each change sent the tabs hundreds of full queues, and a handset's main
 * thread spent the flush applying them.
 */
import type { DeviceDb } from '../../shared/data/db-schema.js';
import type { DataState } from '../../shared/data/protocol.js';
import type { OutboxStore } from '../outbox/outbox-store.js';

export const QUEUE_PUSH_GAP_MS = 250;

export interface QueueView {
  /** Resolves once the tabs have been sent a queue that includes every change made before the call. */
  refresh(): Promise<void>;
  /** Resolves once a refresh under way is over (close waits for it). */
  settled(): Promise<void>;
}

export function createQueueView(deps: { db: DeviceDb; outbox: OutboxStore; onQueue: (queue: DataState['queue']) => void; closed: () => boolean }): QueueView {
  let running: Promise<void> | null = null;
  let dirty = false;
  let lastPushAt = Number.NEGATIVE_INFINITY;

  async function pushWhileDirty(): Promise<void> {
    // Lets `refresh` store this promise before the `finally` below can clear it.
    await Promise.resolve();
    try {
      while (dirty && !deps.closed()) {
        const wait = lastPushAt + QUEUE_PUSH_GAP_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (deps.closed()) return;
        // Changes made from here on need another read: this one may have missed them.
        dirty = false;
        const [items, stats, error] = await Promise.all([deps.outbox.views(), deps.outbox.stats(), deps.db.getMeta('queueError')]);
        deps.onQueue({ items, stats, error });
        lastPushAt = performance.now();
      }
    } finally {
      // Cleared in the same step as the last check of `dirty`: a change made after it starts a new push.
      running = null;
    }
  }

  function refresh(): Promise<void> {
    dirty = true;
    running ??= pushWhileDirty();
    return running;
  }

  return {
    refresh,
    settled: () => running?.catch(() => undefined) ?? Promise.resolve(),
  };
}
