/**
 * Everything under DATA_DIR is for the server's own account only: the database file holds password
 * hashes, the mail outbox live activation and reset links, `secret.key` the signing key, uploads
 * the team's photos and documents. Directories are created 0700 and files 0600 (whatever the
 * umask would have allowed), and at start `makeDataPrivate` takes group and other access away
 * from anything an older version (or a copy) left readable.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `path` (and missing parents) for the owner only. */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Removes group and other permissions from `dataDir` and everything under it; returns how many
 * entries were changed. Symbolic links are neither followed nor changed; an entry that cannot be
 * changed (owned by another account) is left as it is.
 */
export function makeDataPrivate(dataDir: string): number {
  let fixed = 0;
  const pending = [dataDir];
  while (pending.length) {
    const path = pending.pop()!;
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      continue; // removed meanwhile
    }
    if (stats.isSymbolicLink()) continue;
    if ((stats.mode & 0o077) !== 0) {
      try {
        chmodSync(path, stats.mode & 0o700);
        fixed += 1;
      } catch {
        // Not ours to change.
      }
    }
    if (stats.isDirectory()) {
      try {
        for (const name of readdirSync(path)) pending.push(join(path, name));
      } catch {
        // Unreadable: left as it is.
      }
    }
  }
  return fixed;
}
