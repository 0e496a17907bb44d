/**
 * The service worker (docs/decisions.md: Service worker and data worker talk over the bus): precaches every file of the build (the shell, every
 * script chunk including the data worker's, styles, icons, manifest), serves the shell for
 * navigations so the app opens offline, and flushes the outbox (and sends the reports visitors made
 * at a label without a connection) on background sync and when a tab says the connection is back,
 * with the same code and lock as the data worker.
 *
 * No runtime route touches /api: writes go through the data worker's outbox only, and reads pass
 * straight to the network (the worker has its own cache).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { clientsClaim } from 'workbox-core';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG, VISITOR_REPORTS_SYNC_TAG } from '../shared/data/bus';
import type { ServiceWorkerMessage } from '../shared/service-worker';
import { flushOutboxHeadless } from '../src-worker/outbox/headless-flusher';
import { sendVisitorReportsHeadless } from '../src-worker/visitor/headless-sender';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** The Background Sync event (Chromium only), missing from TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// On the first install, take control of the open tabs at once: a technician who opened the app a
// single time and then lost the connection must still be able to reload it. (Updates wait for the
// user, see src-ui/sw/registration.ts: skipWaiting only on request.)
clientsClaim();

// Attachments open in a new tab as navigations to /media: they, and the API, are not the app.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/media\//] }));

/** One flush; throws while the network still fails so the browser schedules the sync again. */
async function flushForSync(): Promise<void> {
  const outcome = await flushOutboxHeadless();
  if (outcome.status === 'done' && outcome.stoppedBy === 'retryable') throw new Error('outbox flush stopped by a network failure');
}

/** Visitors' reports kept on the device; throws while some still wait so the browser tries again. */
async function sendReportsForSync(): Promise<void> {
  if (await sendVisitorReportsHeadless()) throw new Error('a visitor report still waits for the connection');
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(flushForSync());
  else if (sync.tag === VISITOR_REPORTS_SYNC_TAG) sync.waitUntil(sendReportsForSync());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as ServiceWorkerMessage | null;
  if (message?.type === 'skip-waiting') {
    event.waitUntil(self.skipWaiting());
  } else if (message?.type === 'retry') {
    event.waitUntil(flushOutboxHeadless().then(() => undefined, (err: unknown) => console.warn('outbox flush failed', err)));
    event.waitUntil(sendVisitorReportsHeadless().then(() => undefined, (err: unknown) => console.warn('visitor reports not sent', err)));
  }
});
