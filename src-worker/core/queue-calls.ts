/**
 * The Offline Activity panel's calls (behaviour §4 Queue management): Retry, Clear, Remove, and Re-apply
 * of a conflict. Each change is shown at once and, where something may now be sent, a flush is asked for.
 */
import { t } from '../../shared/i18n/translate.js';
import { queueError } from '../../shared/data/errors.js';
import { QUEUE_CODES, QUEUE_MESSAGES } from '../../shared/data/messages.js';
import type { OutboxRow } from '../../shared/data/db-schema.js';
import type { WorkerCalls } from '../../shared/data/protocol.js';
import type { OutboxStore } from '../outbox/outbox-store.js';

export interface QueueCallDeps {
  outbox: OutboxStore;
  queueChanged(): void;
  requestFlush(): void;
  /** Why a conflict cannot be re-applied now (its write's own rule), or null. */
  reapplyRefusal?(row: OutboxRow): Promise<string | null>;
}

export function queueCalls(deps: QueueCallDeps): WorkerCalls['queue'] {
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
      const row = await outbox.get(id);
      // The item stays a conflict, its answers kept, when they no longer fit the record as it is now.
      const refusal = row?.status === 'conflict' && deps.reapplyRefusal ? await deps.reapplyRefusal(row) : null;
      if (refusal) throw queueError(refusal, QUEUE_CODES.reapplyImpossible);
      if (!(await outbox.reapply(id))) throw queueError(t(QUEUE_MESSAGES.reapplyImpossible), QUEUE_CODES.reapplyImpossible);
      queueChanged();
      requestFlush();
    },
  };
}
