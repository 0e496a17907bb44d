/**
 * The panel's queue as the tabs see it, re-read from the device DB. Calls during a refresh fold
 * into one more, at most every QUEUE_PUSH_GAP_MS: a flush of 100 items then sends the tabs a few
 * patches a second instead of one full queue per item change, which swamped slow handsets' main
 * threads.
 */
import type { DeviceDb } from '../../shared/data/db-schema.js';
import type { DataState } from '../../shared/data/protocol.js';
import type { OutboxStore } from '../outbox/outbox-store.js';

const QUEUE_PUSH_GAP_MS = 250;

export interface QueueView {
  refresh(): Promise<void>;
  /** Resolves once a refresh under way is over (close waits for it). */
  settled(): Promise<void>;
}

export function createQueueView(deps: { db: DeviceDb; outbox: OutboxStore; onQueue: (queue: DataState['queue']) => void; closed: () => boolean }): QueueView {
  let running: Promise<void> | null = null;
  let dirty = false;

  function refresh(): Promise<void> {
    if (running) {
      dirty = true;
      return running;
    }
    running = (async () => {
      do {
        dirty = false;
        const [items, stats, error] = await Promise.all([deps.outbox.views(), deps.outbox.stats(), deps.db.getMeta('queueError')]);
        deps.onQueue({ items, stats, error });
        if (dirty && !deps.closed()) await new Promise((resolve) => setTimeout(resolve, QUEUE_PUSH_GAP_MS));
      } while (dirty && !deps.closed());
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    refresh,
    settled: () => running?.catch(() => undefined) ?? Promise.resolve(),
  };
}
