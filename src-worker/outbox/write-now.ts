/**
 * A write that is sent now or not at all: the areas whose changes are not offline actions in behaviour §4
 * (locations, vendors, administration, report mails). Same definition as a queued write
 * (`write-action.ts`: its request, what it makes stale, its answer kept as the record's fresh copy),
 * but without a connection it fails at once with a message saying so, and nothing is stored.
 */
import { t } from '../../shared/i18n/translate.js';
import { needsConnectionError, toNormalizedError } from '../../shared/data/errors.js';
import type { JsonValue } from '../../shared/data/db-schema.js';
import type { MutationResult } from '../../shared/data/protocol.js';
import type { AreaContext } from '../kit/area-context.js';
import { fitAttachments } from '../media/fit-image.js';
import { sendWrite, settleCache, type WriteAction, type WriteFile } from './write-action.js';

/** Runs a call that needs the server now; without a connection it says so plainly. */
export async function onlyOnline<T>(ctx: Pick<AreaContext, 'network'>, call: () => Promise<T>): Promise<T> {
  if (ctx.network.isBrowserOffline()) throw needsConnectionError();
  try {
    return await call();
  } catch (thrown) {
    const error = toNormalizedError(thrown);
    // No answer at all (offline, unreachable): said plainly. A server's refusal keeps its own text.
    throw error.type === 'offline' || error.type === 'network' ? needsConnectionError() : error;
  }
}

export function writeNow<Answer, Payload extends JsonValue>(
  ctx: AreaContext,
  action: WriteAction<Answer, Payload>,
  write: { targetId: string | null; payload: Payload; attachments?: readonly WriteFile[] },
): Promise<MutationResult<Answer>> {
  return onlyOnline(ctx, async () => {
    // Photos are made to fit here too (an asset's thumbnail), so a phone photo uploads quickly.
    const attachments = await fitAttachments(write.attachments ?? []);
    // One key for this attempt: a retry by the API client after a lost answer is not run twice.
    const item = { targetId: write.targetId, payload: write.payload, attachments, idempotencyKey: crypto.randomUUID() };
    const { answer, outcome } = await sendWrite(ctx.http, action, item, true);
    await settleCache(ctx, action.invalidates(item), outcome);
    return { status: 'done', data: answer, message: t(action.messages.success) };
  });
}
