/**
 * Service worker registration at /sw.js and its update flow (behaviour §4 Version handling, behaviour §9):
 * checked hourly; a new version waits until the user (or a forced update) applies it, then it is
 * told to skip waiting and the tab reloads once it took control, or after 4 s at most.
 */
import { proxy } from 'valtio';
import { SW_UPDATE_CHECK_MS, SW_UPDATE_WAIT_CAP_MS } from '../../shared/constants';
import { OUTBOX_SYNC_TAG } from '../../shared/data/bus';
import type { ServiceWorkerMessage } from '../../shared/service-worker';

/** A new service worker is installed and waiting. */
export const serviceWorkerState = proxy({ updateWaiting: false });

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

const supported = () => 'serviceWorker' in navigator && import.meta.env.PROD;

function watchForWaiting(registration: ServiceWorkerRegistration): void {
  const check = () => {
    // Without a controller this is the first install, not an update.
    serviceWorkerState.updateWaiting = Boolean(registration.waiting && navigator.serviceWorker.controller);
  };
  check();
  registration.addEventListener('updatefound', () => {
    registration.installing?.addEventListener('statechange', check);
  });
}

export async function registerServiceWorker(): Promise<void> {
  if (!supported()) return;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { type: 'module', scope: '/' });
    watchForWaiting(registration);
    setInterval(() => void registration.update().catch(() => undefined), SW_UPDATE_CHECK_MS);
  } catch (err) {
    console.warn('service worker registration failed', err);
  }
}

/** Activates a waiting service worker (if any) and reloads; never waits more than 4 s. */
export async function applyServiceWorkerUpdate(): Promise<void> {
  if (supported()) {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update().catch(() => undefined);
    const waiting = registration?.waiting;
    if (waiting) {
      const controlled = new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      waiting.postMessage({ type: 'skip-waiting' } satisfies ServiceWorkerMessage);
      await Promise.race([controlled, new Promise((resolve) => setTimeout(resolve, SW_UPDATE_WAIT_CAP_MS))]);
    }
  }
  window.location.reload();
}

/** Coming back online: the service worker flushes the outbox too (under the same lock). */
export function tellServiceWorkerToRetry(): void {
  if (!supported()) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'retry' } satisfies ServiceWorkerMessage);
}

/**
 * Asks the browser for a background sync so the outbox is flushed (or, with its tag, visitors'
 * kept reports are sent) even after the tab closes.
 */
export async function requestBackgroundSync(tag: string = OUTBOX_SYNC_TAG): Promise<void> {
  if (!supported()) return;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    await registration?.sync?.register(tag);
  } catch {
    // Not allowed (permission, or no window) or not supported: the worker flushes on its own triggers.
  }
}
