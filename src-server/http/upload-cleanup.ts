/** Removing files that storeFiles wrote, for when the record that would have named them was never saved. */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredFile } from './uploads.js';

/** Deletes the stored files, ignoring any that are already gone, so an orphan never outlives a failed write. */
export async function discardStoredFiles(uploadsDir: string, files: Pick<StoredFile, 'storedName'>[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(join(uploadsDir, f.storedName)).catch(() => undefined)));
}
