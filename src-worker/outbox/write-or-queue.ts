/**
 * Spec 4 Offline handling for create/claim/unclaim/complete: try the server now; when that fails
 * because of an offline state, a network issue or a retryable error, store the write and report
 * "queued" with its info message; otherwise rethrow. The idempotency key is made once, so a write
 * the server ran before the connection dropped is not run again when the queue replays it.
 */
import { isTransientFailure, toNormalizedError } from '../../shared/data/errors.js';
import type { MutationResult } from '../../shared/data/protocol.js';
import type { DomainContext } from '../domains/domain-context.js';
import type { NewMutation } from './outbox-store.js';

export interface WriteOrQueue<T> {
  mutation: Omit<NewMutation, 'idempotencyKey'>;
  send: (idempotencyKey: string) => Promise<T>;
  /** After a successful online write (refresh or drop saved answers). */
  afterSend?: (data: T) => Promise<void>;
  successMessage: string;
  queuedMessage: string;
}

export async function writeOrQueue<T>(ctx: DomainContext, write: WriteOrQueue<T>): Promise<MutationResult<T>> {
  const idempotencyKey = crypto.randomUUID();
  const { domain, targetId } = write.mutation;
  // Writes already waiting for this record go first: a complete must not overtake its claim.
  const mustQueue = ctx.network.isBrowserOffline() || (targetId ? await ctx.outbox.hasActiveFor(domain, targetId) : false);
  if (!mustQueue) {
    try {
      const data = await write.send(idempotencyKey);
      await write.afterSend?.(data);
      return { status: 'done', data, message: write.successMessage };
    } catch (thrown) {
      const error = toNormalizedError(thrown);
      if (!isTransientFailure(error)) throw error;
    }
  }
  const row = await ctx.enqueue({ ...write.mutation, idempotencyKey });
  return { status: 'queued', queueId: row.id, message: write.queuedMessage };
}
