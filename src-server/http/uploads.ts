/**
 * Uploaded files: multipart bodies arrive as plain key-values with each file buffered (the limits
 * below keep that small), are checked by their content rather than their claimed type, and are
 * stored with a generated name in the configured store (file-storage.ts: DATA_DIR/uploads, or an
 * S3-compatible bucket). Files are served from /media/ under that unguessable name (media.ts).
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_FILE_LIMIT_BYTES, UPLOAD_FILES_PER_REQUEST } from '../../shared/constants.js';
import { HttpError, fieldError } from './errors.js';
import type { FileStorage } from './file-storage.js';
import { MEDIA_PREFIX } from './media.js';
import { discardStoredFiles } from './upload-cleanup.js';
import { perUserLimit } from './rate-limits.js';
import { t } from '../../shared/i18n/translate.js';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route accepts multipart/form-data bodies (files). Other routes refuse them unread. */
    uploads?: boolean;
  }
}

/**
 * Must run before the rate-limit plugin is registered (it reads route limits as routes are added):
 * each user may send `perMinute` requests carrying files a minute on the routes that take them.
 */
export function registerUploadRateLimit(app: FastifyInstance, perMinute: number): void {
  // Counted before the body is read, so by its declared type (isMultipart() is only known after parsing).
  const limit = perUserLimit(perMinute, 'uploads', (request) => /^multipart\//i.test(request.headers['content-type'] ?? ''));
  app.addHook('onRoute', (route) => {
    if (route.config?.uploads && route.config.rateLimit === undefined) route.config = { ...route.config, rateLimit: limit };
  });
}

export async function registerUploads(app: FastifyInstance): Promise<void> {
  // Refuse a multipart body before it is read, unless the route takes files: otherwise any public
  // route would buffer up to the upload limits for nothing.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.uploads) return;
    const type = request.headers['content-type'] ?? '';
    if (/^multipart\//i.test(type)) throw new HttpError(415, { detail: t('Unsupported media type "{type}" in request.', { type: type.split(';')[0] ?? '' }) });
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: UPLOAD_FILE_LIMIT_BYTES,
      files: UPLOAD_FILES_PER_REQUEST,
      fields: 50,
      fieldSize: 100_000,
      parts: 60,
    },
    async onFile(part) {
      const data = await part.toBuffer();
      const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data };
      (part as unknown as { value: UploadedFile }).value = file;
    },
  });
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return !!value && typeof value === 'object' && Buffer.isBuffer((value as UploadedFile).data) && typeof (value as UploadedFile).filename === 'string';
}

/** A field that may hold one file or several, as a list; anything that is not a file is an error. */
export function filesOf(value: unknown, field: string): UploadedFile[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every(isUploadedFile)) throw fieldError(field, t('The submitted data was not a file. Check the encoding type on the form.'));
  return list;
}

const SIGNATURES: { type: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/gif', ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { type: 'image/webp', ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];

/** The real type of a file from its first bytes, or null when it is not an accepted kind. */
export function sniffType(data: Buffer, allowed: readonly string[]): { type: string; ext: string } | null {
  const match = SIGNATURES.find((s) => allowed.includes(s.type) && s.test(data));
  return match ? { type: match.type, ext: match.ext } : null;
}

/** A display name safe to store and show: no directories, no control characters, bounded length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '').trim().slice(0, 200);
  return cleaned || 'attachment';
}

export interface StoredFile {
  storedName: string;
  originalName: string;
  contentType: string;
  size: number;
}

/**
 * Checks every file first (nothing is written if one is refused), then stores them as
 * <folder>/<generated name>.<type's extension>.
 */
export async function storeFiles(storage: FileStorage, folder: string, files: UploadedFile[], field: string, allowed: readonly string[]): Promise<StoredFile[]> {
  const checked = files.map((f) => {
    if (f.data.length === 0) throw fieldError(field, t('The submitted file "{name}" is empty.', { name: cleanFileName(f.filename) }));
    const kind = sniffType(f.data, allowed);
    if (!kind) throw fieldError(field, t('"{name}" is not an accepted file type. Upload JPEG, PNG, GIF, WebP images or PDF documents.', { name: cleanFileName(f.filename) }));
    return { f, kind };
  });
  const stored: StoredFile[] = [];
  try {
    for (const { f, kind } of checked) {
      const storedName = `${folder}/${randomBytes(16).toString('hex')}.${kind.ext}`;
      await storage.put(storedName, f.data, kind.type);
      stored.push({ storedName, originalName: cleanFileName(f.filename), contentType: kind.type, size: f.data.length });
    }
  } catch (err) {
    // A batch is stored whole or not at all: a write that fails (disk full, store unreachable)
    // takes the others with it.
    await discardStoredFiles(storage, stored);
    throw err;
  }
  return stored;
}

/** Absolute URL of a stored file. */
export function mediaUrl(origin: string, storedName: string | null): string | null {
  return storedName ? `${origin}${MEDIA_PREFIX}${storedName}` : null;
}
