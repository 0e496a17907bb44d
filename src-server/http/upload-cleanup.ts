/** Removing files that storeFiles (uploads.ts) wrote, for when the record that would have named them was never saved. */
import type { FileStorage } from './file-storage.js';

/**
 * Deletes the stored files, ignoring any that are already gone. Best effort: the write that failed
 * is what the caller reports, and a file left behind by a store that is down is only an orphan.
 */
export async function discardStoredFiles(storage: FileStorage, files: readonly { storedName: string }[]): Promise<void> {
  await Promise.allSettled(files.map((f) => storage.delete(f.storedName)));
}
