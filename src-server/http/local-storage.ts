/** Uploaded files as plain files under one directory (DATA_DIR/uploads): the default store. */
import { randomBytes } from 'node:crypto';
import { mkdir, open, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Stats } from 'node:fs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.js';
import { assertStorageKey, typeOfKey, type ByteRange, type FileStorage, type ObjectInfo, type ObjectStream } from './file-storage.js';

/** "Not there" answers from the file system: a missing file, or a file where a folder should be. */
function isMissing(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file's path; a key is checked first, and the path must still lie inside the root. */
  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = join(this.root, key);
    const inside = relative(this.root, path);
    if (!inside || inside.startsWith('..') || inside.startsWith(sep)) throw new Error(`Not a stored file name: ${JSON.stringify(key)}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    // 'wx': a generated name that somehow exists already is an error, never an overwrite.
    await writeFile(path, data, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const file = await this.openFile(key);
    if (!file) return null;
    await file.handle.close();
    return file.info;
  }

  async get(key: string, range?: ByteRange): Promise<ObjectStream | null> {
    // Opened once and read through the same handle, so the size told is the size sent even if
    // the file were deleted meanwhile.
    const file = await this.openFile(key);
    if (!file) return null;
    const body = file.handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return { info: file.info, body, range: range ?? null };
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  /**
   * Writes and removes a tiny file. Its name starts with a dot, which no stored name may (see
   * file-storage.ts), so it can neither meet an upload nor be served.
   */
  async probe(): Promise<void> {
    const path = join(this.root, `.probe-${process.pid}-${randomBytes(6).toString('hex')}`);
    await writeFile(path, 'ok', { flag: 'wx', mode: PRIVATE_FILE_MODE });
    await unlink(path);
  }

  private async openFile(key: string) {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    let stats: Stats;
    try {
      stats = await handle.stat();
    } catch (err) {
      await handle.close();
      throw err;
    }
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, info: infoOf(key, stats) };
  }
}

function infoOf(key: string, stats: Stats): ObjectInfo {
  return {
    size: stats.size,
    contentType: typeOfKey(key),
    // The validator @fastify/static sent for these files before, so browsers' cached copies stay valid.
    etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
    lastModified: stats.mtime,
  };
}
