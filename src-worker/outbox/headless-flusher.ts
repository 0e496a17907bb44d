/**
 * The outbox flush for a context without tabs: the service worker's `sync` event (and its "retry"
 * message when the connection returns). Same DB, same handlers, same lock as the data worker;
 * what it changes reaches the data worker instances through the bus.
 */
import { toastKey } from '../../shared/data/toast-gate.js';
import { createDataServices, type DataServicesOptions } from '../data-services.js';
import { isLanguage } from '../../shared/i18n/languages.js';
import { useLanguage } from '../session/language.js';
import { flushOutbox, type FlushOutcome } from './flush.js';

export type HeadlessFlushOptions = Omit<DataServicesOptions, 'contextId'> & { contextId?: string };

/**
 * Flushes once and closes what it opened. Resolves with the outcome: 'busy' means another context
 * is flushing right now (nothing to retry); `stoppedBy: 'retryable'` means the network is still
 * failing (a `sync` handler may throw so the browser tries again later).
 */
export async function flushOutboxHeadless(options: HeadlessFlushOptions = {}): Promise<FlushOutcome> {
  const services = createDataServices(
    { ...options, contextId: options.contextId ?? 'service-worker' },
    {
      onSessionExpired: async () => {
        // The data worker instances hear this on the bus and send every tab to /login.
        if ((await services.session.tokens()) || (await services.session.user())) await services.session.clear('expired');
      },
    },
  );
  const { db, bus } = services;
  try {
    await services.network.load();
    if (!(await services.session.tokens())?.access) return { status: 'done', sent: 0, failed: 0, conflicts: 0, stoppedBy: 'session', nextRetryAt: null };
    // No tab tells this context its language: it speaks (and asks the server in) the one last kept.
    const language = await db.getMeta('language');
    if (isLanguage(language)) await useLanguage(language).catch(() => undefined);
    const outcome = await flushOutbox({
      db,
      http: services.http,
      cache: services.cache,
      workingSet: services.workingSet,
      handlers: services.handlers,
      now: services.now,
      onItemChanged: () => bus.post({ type: 'queue-changed' }),
      onToast: (toast) => bus.post({ type: 'toast', ...toast, key: toastKey(toast.severity, toast.summary, toast.detail) }),
      onSynced: (area, targetIds) => bus.post({ type: 'synced', area, targetIds }),
    });
    if (outcome.status === 'done' && outcome.sent + outcome.failed > 0) bus.post({ type: 'flushed' });
    return outcome;
  } finally {
    bus.close();
    db.close();
  }
}
