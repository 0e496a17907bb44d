/**
 * The Offline Activity panel's calls (behaviour §4 Queue management): Retry, Clear, Remove, and Re-apply
 * of a conflict. Each change is shown at once and, where something may now be sent, a flush is asked for.
 */
import { queueError } from '../../shared/data/errors.js';
import { QUEUE_CODES, QUEUE_MESSAGES } from '../../shared/data/messages.js';
import type { WorkerApi } from '../../shared/data/protocol.js';
import type { OutboxStore } from '../outbox/outbox-store.js';

export function queueCalls(deps: { outbox: OutboxStore; queueChanged(): void; requestFlush(): void }): WorkerApi['queue'] {
  const { outbox, queueChanged, requestFlush } = deps;
  return {
    async retry() {
      await outbox.retryNow();
      queueChanged();
      requestFlush();
    },
    async clear() {
      await outbox.clear();
      queueChanged();
    },
    async remove(id) {
      await outbox.remove(id);
      queueChanged();
    },
    async reapply(id) {
      if (!(await outbox.reapply(id))) throw queueError(QUEUE_MESSAGES.reapplyImpossible, QUEUE_CODES.reapplyImpossible);
      queueChanged();
      requestFlush();
    },
  };
}
