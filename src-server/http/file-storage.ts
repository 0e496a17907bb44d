/**
 * Where uploaded files live: one small interface with two implementations, chosen by configuration
 * (app.ts): local disk (DATA_DIR/uploads, local-storage.ts) by default; S3-compatible object storage
 * (s3-storage.ts) when S3_BUCKET is set, so several servers share one set of files. Either way the files are served by this server under
 * /media/ (media.ts), so access, CSP and download headers stay the server's.
 *
 * A key is a stored name such as `workorders/<32 hex>.png`: the same string is the database's
 * `stored_name`, the path under /media/ and the file's place in the store.
 */
import type { Readable } from 'node:stream';

export interface ObjectInfo {
  /** Bytes of the whole object. */
  size: number;
  contentType: string;
  /** A quoted HTTP entity tag (weak or strong), as sent in ETag and compared with If-None-Match. */
  etag: string;
  lastModified: Date;
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStream {
  info: ObjectInfo;
  /** The bytes of `range`, or of the whole object when `range` is null. */
  body: Readable;
  range: ByteRange | null;
}

export interface FileStorage {
  /** Stores `data` under `key`. Keys are generated and never reused, so this never replaces a file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** What is known about the object without reading it; null when there is none. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes (or one range of them) as a stream; null when there is none. */
  get(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  /** Removes the object; one that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Throws unless the store can take files now (the readiness check, operations.ts). */
  probe(): Promise<void>;
}

// The types uploads may have (uploads.ts sniffs them from the content and names the file after
// them), so the type served follows the name whichever store holds the file.
const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The content type a key's extension names, else `fallback`. */
export function typeOfKey(key: string, fallback = 'application/octet-stream'): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (ext && TYPES_BY_EXTENSION[ext]) || fallback;
}

// One path segment: no separators, no control characters, and no leading dot (so neither `..`
// nor hidden files such as a store's own bookkeeping can be named).
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const SEGMENT = /^[^./\\\u0000-\u001f\u007f][^/\\\u0000-\u001f\u007f]*$/u;

/**
 * Whether `key` is a well-formed stored name. The stores refuse anything else, so a /media path
 * can never reach outside the uploads (`../secret.key`, `/etc/passwd`, a directory).
 */
export function isStorageKey(key: string): boolean {
  if (!key || key.length > 255) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a stored file name: ${JSON.stringify(key)}`);
}
