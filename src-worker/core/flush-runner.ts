/**
 * The core's flush: the scheduler's triggers and retry timer around `flushOutbox`, with what a
 * flush tells this core's tabs (item changes, refused writes as toasts, `synced`) and the other
 * contexts (the same over the bus, then `flushed`).
 */
import { flushOutbox } from '../outbox/flush.js';
import { FlushScheduler } from '../outbox/flush-scheduler.js';
import type { DataServices } from '../data-services.js';
import type { TabHub } from '../services/tab-hub.js';
import type { Toaster } from './toaster.js';

export interface FlushRunnerDeps {
  services: DataServices;
  hub: TabHub;
  toast: Toaster;
  /** Whether a flush may run now (open, signed in, online). */
  canFlush: () => Promise<boolean>;
  onItemChanged: () => void;
  /** Some items were sent or failed. */
  onFlushed: () => void;
  onError: (error: unknown) => void;
}

export function createFlushScheduler(deps: FlushRunnerDeps): FlushScheduler {
  const { db, http, cache, workingSet, handlers, now, outbox, bus } = deps.services;
  return new FlushScheduler({
    now,
    onError: deps.onError,
    nextRetryAt: () => outbox.nextRetryAt(),
    canFlush: deps.canFlush,
    flush: async () => {
      const outcome = await flushOutbox({
        db,
        http,
        cache,
        workingSet,
        handlers,
        now,
        onItemChanged: deps.onItemChanged,
        onToast: (t) => deps.toast(t, true),
        onSynced: (area, targetIds) => {
          deps.hub.emit({ type: 'synced', area, targetIds });
          bus.post({ type: 'synced', area, targetIds });
        },
      });
      if (outcome.status === 'done' && outcome.sent + outcome.failed > 0) {
        bus.post({ type: 'flushed' });
        deps.onFlushed();
      }
      return outcome;
    },
  });
}
