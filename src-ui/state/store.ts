/**
 * The tab's mirror of the data worker's state (DataState), kept in valtio. Only the bridge writes
 * it, from the worker's snapshot at connect and its patches after; screens read it with
 * `useSnapshot(store)`.
 */
import { proxy, ref } from 'valtio';
import type { DataState, StatePatch } from '../../shared/data/protocol';

export function initialDataState(): DataState {
  return {
    session: { status: 'unknown', user: null },
    network: {
      isOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
      offlineSince: null,
      lastOnlineAt: null,
      lastChangeAt: null,
      lastReason: null,
      lastDetails: null,
      events: [],
      issues: [],
    },
    queue: { items: [], stats: { totalItems: 0, totalBytes: 0, lastFlushAt: null }, error: null },
    version: { latestVersion: null, minVersion: null, message: null, updateAvailable: false, forced: false },
    storage: { persisted: null, usage: null, quota: null },
    busy: 0,
    upload: null,
    host: { mode: 'shared', instanceId: '' },
    workingSet: null,
  };
}

export const store = proxy<DataState>(initialDataState());

/** The tab's own view of its link to the worker (not part of DataState). */
export const connection = proxy({
  status: 'connecting' as 'connecting' | 'connected' | 'reconnecting',
  /** Browser online/offline as this tab sees it (the worker's view is store.network). */
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
});

/** Each slice present in the patch replaces the mirrored slice (protocol: StatePatch). */
export function applyPatch(patch: StatePatch): void {
  for (const key of Object.keys(patch) as (keyof DataState)[]) {
    const value = patch[key];
    if (value === undefined) continue;
    // The queue's items are read, never changed, by the tab: kept as they came (ref) rather than
    // made into a hundred proxies on every update during a flush.
    if (key === 'queue') store.queue = { ...patch.queue!, items: ref(patch.queue!.items) };
    else Object.assign(store, { [key]: value });
  }
}

export function replaceState(state: DataState): void {
  applyPatch(state);
}
