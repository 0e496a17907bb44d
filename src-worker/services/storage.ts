/**
 * Storage can be evicted (docs/decisions.md: Storage can be evicted): what the browser grants and how much is used.
 * `persist()` exists only in windows in most browsers, so the tab asks for it after sign-in; the
 * worker asks too where its realm has it.
 */
import type { StorageState } from '../../shared/data/protocol.js';

type MaybePersistable = StorageManager & { persist?: () => Promise<boolean> };

function storageManager(): MaybePersistable | null {
  return typeof navigator !== 'undefined' && navigator.storage ? (navigator.storage as MaybePersistable) : null;
}

export async function readStorageState(): Promise<StorageState> {
  const storage = storageManager();
  if (!storage) return { persisted: null, usage: null, quota: null };
  const [persisted, estimate] = await Promise.all([
    storage.persisted ? storage.persisted().catch(() => null) : Promise.resolve(null),
    storage.estimate ? storage.estimate().catch(() => null) : Promise.resolve(null),
  ]);
  return { persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

export async function requestPersistentStorage(): Promise<void> {
  await storageManager()
    ?.persist?.()
    .catch(() => false);
}
