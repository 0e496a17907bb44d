/**
 * Behaviour §4 Flush, shared by the data worker and the service worker's `sync` handler. Only realm-free
 * pieces and Web Locks: no SharedWorker, window or service-worker globals.
 *
 * Under the lock 'outbox-flush' (taken only if free: one flush at a time anywhere), items go in the
 * order they were queued. An item waiting for its retry time is skipped, and so is every later item
 * for the same target, so a complete never overtakes its claim. Each item is set pending and sent
 * by its area:action handler (the stored item names its area `domain`):
 * - success: synced (visible for 1 h), stats updated, the cached lists and the record's detail
 *   dropped, `synced` reported once no write for that target is left;
 * - offline, network or retryable failure: retrying, retryCount + 1, retry time by backoff, and the
 *   flush stops;
 * - session ended (401 after the refresh): the item stays queued and the flush stops, so work done
 *   offline survives signing in again;
 * - an update refused because the record changed since the user edited it (412, stale version), or a
 *   task's completion refused because its steps changed since they were answered (412, stale
 *   procedure): conflict, with the server's message and the version now; never sent again by
 *   itself, it waits in the panel for the user to re-apply or discard it (a warning toast);
 * - any other failure: failed with the server's message (visible for 24 h), and an error toast
 *   unless behaviour §8 says the answer is not notified (403, 404).
 */
import { t } from '../../shared/i18n/translate.js';
import { REQUEST_IN_FLIGHT, STALE_PROCEDURE_CODE, STALE_VERSION_CODE } from '../../shared/api/refusal-codes.js';
import { LOCKS } from '../../shared/data/bus.js';
import type { DeviceDb, OutboxRow } from '../../shared/data/db-schema.js';
import { isTransientFailure, toNormalizedError } from '../../shared/data/errors.js';
import { noHandlerMessage } from '../../shared/data/messages.js';
import type { NormalizedError, ToastSeverity } from '../../shared/data/protocol.js';
import { backoffDelayMs, isActiveStatus } from '../../shared/data/queue-policy.js';
import type { HttpClient } from '../http/http-client.js';
import type { ResponseCache } from '../cache/response-cache.js';
import { runIfLockFree } from '../services/locks.js';
import type { WorkingSet } from '../sync/working-set.js';
import type { HandlerOutcome, HandlerRegistry } from './handlers.js';
import { nextRetryTime, pickNext } from './send-order.js';
import { settleCache } from './write-action.js';

export interface FlushDeps {
  db: DeviceDb;
  http: HttpClient;
  cache: ResponseCache;
  workingSet: WorkingSet;
  handlers: HandlerRegistry;
  now: () => number;
  /** An item changed state (refresh the panel, tell other contexts). */
  onItemChanged: () => void;
  onToast: (toast: { severity: ToastSeverity; summary: string; detail: string }) => void;
  /** Every queued write for these targets has synced (open details reload). */
  onSynced: (area: string, targetIds: string[]) => void;
}

export type FlushOutcome =
  | { status: 'busy' }
  | {
      status: 'done';
      sent: number;
      failed: number;
      /** Updates refused as stale, kept for the user to re-apply or discard. */
      conflicts: number;
      /** Why the flush stopped before the end of the queue, if it did. */
      stoppedBy: 'retryable' | 'session' | null;
      /** Earliest time a waiting item may be retried (epoch ms), or null. */
      nextRetryAt: number | null;
    };

/** The server's answer to a repeat of a write it is still running: try again later. */
function isStillInFlight(error: NormalizedError): boolean {
  return error.status === 409 && error.code === REQUEST_IN_FLIGHT;
}

export async function flushOutbox(deps: FlushDeps): Promise<FlushOutcome> {
  const result = await runIfLockFree(LOCKS.outboxFlush, () => flushHoldingLock(deps));
  return result.ran ? result.value : { status: 'busy' };
}

async function flushHoldingLock(deps: FlushDeps): Promise<FlushOutcome> {
  const { db } = deps;
  const iso = () => new Date(deps.now()).toISOString();
  let sent = 0;
  let failed = 0;
  let conflicts = 0;
  let stoppedBy: 'retryable' | 'session' | null = null;
  const syncedTargets = new Map<string, Set<string>>();

  const update = async (item: OutboxRow, changes: Partial<OutboxRow>) => {
    await db.outbox.update(item.id, changes);
    deps.onItemChanged();
  };
  const fail = async (item: OutboxRow, message: string, notify = true) => {
    failed += 1;
    await update(item, { status: 'failed', lastError: message, retryAt: null, finishedAt: iso() });
    await db.setMeta('queueError', message);
    // Behaviour §8: a 403 or 404 is not notified; the panel still shows the item failed with its text.
    if (notify) deps.onToast({ severity: 'error', summary: t('Error'), detail: message });
  };

  for (;;) {
    // Re-read every round: items queued meanwhile join, removed ones drop out.
    const active = (await db.outbox.orderBy('createdAt').toArray()).filter((row) => isActiveStatus(row.status));
    const item = pickNext(active, deps.now());
    if (!item) break;

    // Pending items left here were abandoned by a flusher that died: we hold the lock now.
    await update(item, { status: 'pending' });
    const handler = deps.handlers.get(item.domain, item.action);
    if (!handler) {
      // Behaviour §8 NO_HANDLER: nothing here knows how to send it, now or later.
      await fail(item, noHandlerMessage(item.domain, item.action));
      continue;
    }
    let outcome: HandlerOutcome | void;
    try {
      outcome = await handler.send(item, deps.http);
    } catch (thrown) {
      const error = toNormalizedError(thrown);
      if (error.type === 'auth') {
        await update(item, { status: 'queued' });
        stoppedBy = 'session';
        break;
      }
      if (isTransientFailure(error) || isStillInFlight(error)) {
        const retryCount = item.retryCount + 1;
        await update(item, {
          status: 'retrying',
          retryCount,
          retryAt: new Date(deps.now() + backoffDelayMs(retryCount)).toISOString(),
          lastError: error.message,
        });
        stoppedBy = 'retryable';
        break;
      }
      if (error.code === STALE_VERSION_CODE || error.code === STALE_PROCEDURE_CODE) {
        conflicts += 1;
        const message = error.serverMessage ?? error.message;
        await update(item, { status: 'conflict', lastError: message, retryAt: null, finishedAt: iso(), conflictVersion: error.currentVersion ?? null });
        deps.onToast({ severity: 'warn', summary: t('Not applied'), detail: t('{message} Your changes are kept in Offline Activity.', { message }) });
        continue;
      }
      await fail(item, error.serverMessage ?? error.message, error.shouldNotify);
      continue;
    }
    sent += 1;
    await update(item, { status: 'synced', lastError: null, retryAt: null, finishedAt: iso() });
    await settleCache(deps, handler.invalidates(item), outcome);
    const id = item.targetId ?? outcome?.createdId ?? null;
    if (id !== null) {
      const ids = syncedTargets.get(item.domain) ?? new Set<string>();
      ids.add(id);
      syncedTargets.set(item.domain, ids);
    }
  }

  if (sent + failed + conflicts > 0) await db.setMeta('lastFlushAt', iso());
  const remaining = (await db.outbox.orderBy('createdAt').toArray()).filter((row) => isActiveStatus(row.status));
  for (const [area, ids] of syncedTargets) {
    const done = [...ids].filter((id) => !remaining.some((row) => row.domain === area && row.targetId === id));
    if (done.length > 0) deps.onSynced(area, done);
  }
  if (sent + failed + conflicts > 0) deps.onItemChanged();
  return { status: 'done', sent, failed, conflicts, stoppedBy, nextRetryAt: nextRetryTime(remaining, deps.now()) };
}
