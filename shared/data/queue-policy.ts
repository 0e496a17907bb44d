/**
 * The outbox's rules as pure functions (behaviour §4 Flush, behaviour §5 Queue size, behaviour §9 limits): item size,
 * the per-item and total limits, backoff, and which items count or stay visible.
 */
import {
  QUEUE_FAILED_VISIBLE_MS,
  QUEUE_ITEM_LIMIT_BYTES,
  QUEUE_ITEM_OVERHEAD_BYTES,
  QUEUE_SYNCED_VISIBLE_MS,
  QUEUE_TOTAL_LIMIT_BYTES,
  RETRY_BACKOFF_MAX_MS,
  RETRY_BACKOFF_START_MS,
} from '../constants.js';
import { queueError } from './errors.js';
import { t } from '../i18n/translate.js';
import { QUEUE_CODES, QUEUE_MESSAGES } from './messages.js';
import type { NormalizedError, QueueItemStatus } from './protocol.js';

/** UTF-8 length of a string, without TextEncoder (not part of every realm's typings). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Behaviour §5: the JSON payload, the attachments and 512 bytes of overhead. */
export function mutationByteSize(payload: unknown, attachmentSizes: readonly number[]): number {
  const json = JSON.stringify(payload ?? null);
  return utf8ByteLength(json) + attachmentSizes.reduce((sum, size) => sum + size, 0) + QUEUE_ITEM_OVERHEAD_BYTES;
}

/** The refusal for a new item of `itemBytes` when the queue already holds `queuedBytes`, or null. */
export function queueLimitError(itemBytes: number, queuedBytes: number): NormalizedError | null {
  if (itemBytes > QUEUE_ITEM_LIMIT_BYTES) return queueError(t(QUEUE_MESSAGES.itemTooLarge), QUEUE_CODES.itemTooLarge);
  if (queuedBytes + itemBytes > QUEUE_TOTAL_LIMIT_BYTES) return queueError(t(QUEUE_MESSAGES.totalLimit), QUEUE_CODES.totalLimit);
  return null;
}

/** Wait before attempt number `retryCount` + 1: 3 s, doubling with each attempt, at most 60 s. */
export function backoffDelayMs(retryCount: number): number {
  const exponent = Math.max(0, retryCount - 1);
  // Past 2^5 the cap has long been reached; stop before the power overflows to Infinity.
  return Math.min(RETRY_BACKOFF_START_MS * 2 ** Math.min(exponent, 30), RETRY_BACKOFF_MAX_MS);
}

/** Items still to be sent: they count in the badge, the size and the total limit. */
export function isActiveStatus(status: QueueItemStatus): boolean {
  return status === 'queued' || status === 'pending' || status === 'retrying';
}

/** Items the badge counts: those still to be sent, and conflicts waiting for the user's decision. */
export function needsAttention(status: QueueItemStatus): boolean {
  return isActiveStatus(status) || status === 'conflict';
}

/** Finished items stay in the panel for a while: synced for 1 h, failed for 24 h; a conflict until the user decides. */
export function isStillVisible(item: { status: QueueItemStatus; finishedAt: string | null }, now: number): boolean {
  if (needsAttention(item.status)) return true;
  const finished = item.finishedAt ? Date.parse(item.finishedAt) : now;
  const keep = item.status === 'synced' ? QUEUE_SYNCED_VISIBLE_MS : QUEUE_FAILED_VISIBLE_MS;
  return now - finished < keep;
}
