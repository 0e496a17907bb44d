/**
 * Which waiting item a flush sends next, and when the retry timer must wake a flush: one rule for
 * both, so the timer never aims at an item the flush would not pick, nor misses one it would.
 * Items go oldest first; an item waits behind an earlier item of the same record that still waits
 * out its retry time (a complete must not overtake its claim).
 */
import type { OutboxRow } from '../../shared/data/db-schema.js';

function targetOf(item: OutboxRow): string | null {
  return item.targetId === null ? null : `${item.domain}:${item.targetId}`;
}

const isWaiting = (item: OutboxRow, now: number) => item.retryAt !== null && Date.parse(item.retryAt) > now;

/** The items in line (oldest first): each one not behind an earlier item of its record that still waits. */
function* inLine(items: readonly OutboxRow[], now: number): Generator<OutboxRow> {
  const waitingTargets = new Set<string>();
  for (const item of items) {
    const target = targetOf(item);
    if (target && waitingTargets.has(target)) continue;
    if (target && isWaiting(item, now)) waitingTargets.add(target);
    yield item;
  }
}

/** The next item to send (items oldest first): the oldest whose retry time has come and whose record is not waiting. */
export function pickNext(items: readonly OutboxRow[], now: number): OutboxRow | null {
  for (const item of inLine(items, now)) if (!isWaiting(item, now)) return item;
  return null;
}

/**
 * When the retry timer must fire (items oldest first): the earliest retry time among the items a
 * flush would pick once it comes. A retry time already past counts as now: the flush that last
 * looked may have found it not yet due by a millisecond, and an item left without a timer would
 * wait for some other trigger (a new write, the connection returning) however long that takes.
 * Items that never failed (no retry time) are not timed: their triggers are the write itself and
 * the connection, and after a network failure the flush stops rather than trying each of them.
 */
export function nextRetryTime(items: readonly OutboxRow[], now: number): number | null {
  let next: number | null = null;
  for (const item of inLine(items, now)) {
    if (item.retryAt === null) continue;
    const at = Math.max(Date.parse(item.retryAt), now);
    next = next === null ? at : Math.min(next, at);
  }
  return next;
}
