/**
 * Behaviour §4 Offline handling for every offline-capable write: try the server now; when that fails
 * because of an offline state, a network issue or a retryable error, store the write and report
 * "queued" with its info message; otherwise rethrow. The idempotency key is made once, so a write
 * the server ran before the connection dropped is not run again when the queue replays it.
 *
 * The request, the saved answers it makes stale and the texts come from the action's one
 * definition (`write-action.ts`), the same the flush replays a queued item with.
 */
import { t } from '../../shared/i18n/translate.js';
import { queueItemFit } from '../../shared/data/attachments.js';
import { isTransientFailure, queueError, toNormalizedError } from '../../shared/data/errors.js';
import { QUEUE_CODES } from '../../shared/data/messages.js';
import type { JsonValue } from '../../shared/data/db-schema.js';
import type { MutationResult } from '../../shared/data/protocol.js';
import type { AreaContext } from '../kit/area-context.js';
import { fitAttachments } from '../media/fit-image.js';
import { sendWrite, settleCache, type StoredWrite, type WriteAction, type WriteFile } from './write-action.js';

/** One write as a screen asked for it. */
export interface WriteRequest<Payload extends JsonValue = JsonValue> {
  targetId: string | null;
  /** Human label of the target for the Offline Activity panel, e.g. "Work order #12". */
  targetLabel: string | null;
  payload: Payload;
  attachments?: readonly WriteFile[];
}

export async function writeOrQueue<Answer, Payload extends JsonValue>(ctx: AreaContext, action: WriteAction<Answer, Payload>, write: WriteRequest<Payload>): Promise<MutationResult<Answer>> {
  // Photos are made to fit first, and the fitted files go both online and into the queue, so an
  // item that would not fit the queue is refused before anything is sent or stored: the screen
  // keeps its form and says what to do (behaviour §5 limit, the attachments' own message).
  const attachments = await fitAttachments(write.attachments ?? []);
  const fit = queueItemFit(
    write.payload,
    attachments.map((a) => a.blob.size),
  );
  if (attachments.length > 0 && !fit.fits) throw queueError(fit.message, QUEUE_CODES.itemTooLarge);
  const item: StoredWrite<Payload> = {
    targetId: write.targetId,
    payload: write.payload,
    attachments,
    idempotencyKey: crypto.randomUUID(),
  };
  const { area } = action;
  // Writes already waiting for this record go first: a complete must not overtake its claim.
  const mustQueue = ctx.network.isBrowserOffline() || (item.targetId ? await ctx.outbox.hasActiveFor(area, item.targetId) : false);
  if (!mustQueue) {
    try {
      const { answer, outcome } = await sendWrite(ctx.http, action, item, true);
      await settleCache(ctx, action.invalidates(item), outcome);
      return { status: 'done', data: answer, message: t(action.messages.success) };
    } catch (thrown) {
      const error = toNormalizedError(thrown);
      if (!isTransientFailure(error)) throw error;
    }
  }
  const row = await ctx.enqueue({
    domain: area,
    action: action.action,
    targetId: item.targetId,
    targetLabel: write.targetLabel,
    payload: item.payload,
    attachments: [...item.attachments],
    idempotencyKey: item.idempotencyKey,
  });
  return { status: 'queued', queueId: row.id, message: t(action.messages.queued) };
}
