/**
 * Web Locks (navigator.locks) as the three shapes the data layer uses. Every job that must run in
 * one place only takes a lock, because sharing a worker is not mutual exclusion (docs/decisions.md: Web Locks for jobs that run once).
 */

/** Runs `job` while holding `name` if nobody else holds it; `{ ran: false }` when busy. */
export async function runIfLockFree<T>(name: string, job: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  return navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return { ran: false as const };
    return { ran: true as const, value: await job() };
  });
}

/** Runs `job` while holding `name`, waiting for the current holder to finish first. */
export async function runWithLock<T>(name: string, job: () => Promise<T>): Promise<T> {
  return navigator.locks.request(name, async () => job());
}

/** Resolves once nobody holds `name` (waits its turn, then lets go at once). */
export async function waitForLockRelease(name: string): Promise<void> {
  await navigator.locks.request(name, async () => undefined);
}

/**
 * Holds `name` until the returned release function is called. Resolves once the lock is held, so a
 * caller knows others waiting on it will only be granted it after release (or this context's death).
 */
export async function holdLock(name: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await new Promise<void>((acquired) => {
    void navigator.locks.request(name, () => {
      acquired();
      return held;
    });
  });
  return release;
}

/**
 * Calls `onGranted` when `name` becomes free, i.e. when the context holding it has died. Cancelled
 * by the returned function (aborts the pending request).
 */
export function whenLockFreed(name: string, onGranted: () => void): () => void {
  const abort = new AbortController();
  navigator.locks
    .request(name, { signal: abort.signal }, async () => {
      onGranted();
    })
    .catch(() => {
      // Aborted on purpose: the tab disconnected normally.
    });
  return () => abort.abort();
}
