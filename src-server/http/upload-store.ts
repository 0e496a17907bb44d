/**
 * Storing uploaded files for a user: held to that user's storage quota (UPLOAD_QUOTA_MB), written
 * all or none, and recorded with their owner so the quota can count them; removing them again
 * when the record that named them fails or replaces them.
 */
import { afterCommit, onRollback } from '../db/request-transaction.js';
import { nowIso } from './clock.js';
import { HttpError } from './errors.js';
import type { FileStorage } from './file-storage.js';
import { discardStoredFiles } from './upload-cleanup.js';
import type { UploadOwnersRepository } from './upload-owners.repository.js';
import { storeFiles, type StoredFile, type UploadedFile } from './uploads.js';
import { t } from '../../shared/i18n/translate.js';

const MB = 1024 * 1024;

export class UploadStore {
  constructor(
    private readonly owners: UploadOwnersRepository,
    private readonly storage: FileStorage,
    private readonly opts: { uploadQuotaBytes: number },
  ) {}

  /** Checks and stores `files` for `ownerId` under `folder`; 413 when they would exceed the owner's quota. */
  async store(ownerId: number, folder: string, files: UploadedFile[], field: string, allowed: readonly string[]): Promise<StoredFile[]> {
    if (!files.length) return [];
    const incoming = files.reduce((sum, f) => sum + f.data.length, 0);
    const used = await this.owners.bytesOwnedBy(ownerId);
    if (used + incoming > this.opts.uploadQuotaBytes) {
      const quota = Math.round(this.opts.uploadQuotaBytes / MB);
      throw new HttpError(413, {
        detail: t('Upload quota exceeded: you have {used} MB of {quota} MB stored, and these files need {incoming} MB more. Remove attachments you no longer need or ask an administrator.', {
          used: (used / MB).toFixed(1),
          quota: String(quota),
          incoming: (incoming / MB).toFixed(1),
        }),
      });
    }
    const stored = await storeFiles(this.storage, folder, files, field, allowed);
    // Should the request's writes be undone after all (a failed commit), its files go with them.
    onRollback(() => discardStoredFiles(this.storage, stored));
    try {
      await this.owners.record(ownerId, stored, nowIso());
    } catch (err) {
      await discardStoredFiles(this.storage, stored);
      throw err;
    }
    return stored;
  }

  /** Deletes a replaced file once the write that replaced it is committed (at once without a request transaction). */
  discardReplaced(storedNames: string[]): Promise<void> {
    return afterCommit(() => this.discard(storedNames));
  }

  /** Deletes stored files and their owner records (a failed write). */
  async discard(storedNames: string[]): Promise<void> {
    await discardStoredFiles(
      this.storage,
      storedNames.map((storedName) => ({ storedName })),
    );
    await this.owners.forget(storedNames);
  }
}
