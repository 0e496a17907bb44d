/**
 * Uploaded files as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage, R2, …),
 * spoken to over plain HTTP with AWS Signature V4 (aws4fetch signs, Node's fetch sends). Only four
 * calls are needed: PUT, HEAD, GET (with Range) and DELETE of one object.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../config.js';
import { assertStorageKey, typeOfKey, type ByteRange, type FileStorage, type ObjectInfo, type ObjectStream } from './file-storage.js';

/** How long one call may wait for the store's answer (its headers) before it fails. */
const ANSWER_TIMEOUT_MS = 30_000;
/** The readiness check's own wait: an answer later than this is no answer. */
const PROBE_TIMEOUT_MS = 3_000;

export class S3Storage implements FileStorage {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(private readonly settings: S3Settings) {
    // aws4fetch retries 5xx and 429 answers with backoff; its default of 10 tries would hold a
    // request for many seconds, so an outage is reported after three.
    this.client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, service: 's3', region: settings.region, retries: 2 });
    const endpoint = new URL(settings.endpoint);
    const path = endpoint.pathname.replace(/\/+$/, '');
    this.base = settings.forcePathStyle
      ? `${endpoint.protocol}//${endpoint.host}${path}/${encodeURIComponent(settings.bucket)}`
      : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${path}`;
  }

  private urlOf(key: string): string {
    assertStorageKey(key);
    return `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  /** One signed call; the timeout covers the wait for the answer, not the reading of a long body. */
  private async call(method: string, key: string, headers: Record<string, string> = {}, body?: Uint8Array<ArrayBuffer>): Promise<Response> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`S3 ${method} ${key}: no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)), ANSWER_TIMEOUT_MS);
    try {
      return await this.client.fetch(this.urlOf(key), { method, headers, ...(body ? { body } : {}), signal: abort.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    // A copy on its own ArrayBuffer (fetch's body type; a Buffer may be a view into a shared pool).
    const bytes = new Uint8Array(data);
    // The payload's hash is signed (rather than UNSIGNED-PAYLOAD), so the store refuses a body
    // altered on the way, also over plain HTTP.
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const res = await this.call('PUT', key, { 'content-type': contentType, 'x-amz-content-sha256': sha256 }, bytes);
    if (!res.ok) throw await failure('PUT', key, res);
    await discardBody(res);
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const res = await this.call('HEAD', key);
    if (res.status !== 404 && !res.ok) throw await failure('HEAD', key, res);
    await discardBody(res);
    if (res.status === 404) return null;
    return infoOf(key, res, Number(res.headers.get('content-length')));
  }

  async get(key: string, range?: ByteRange): Promise<ObjectStream | null> {
    const res = await this.call('GET', key, range ? { range: `bytes=${range.start}-${range.end}` } : {});
    if (res.status === 404) {
      await discardBody(res);
      return null;
    }
    if (!res.ok || !res.body) {
      const err = await failure('GET', key, res);
      await discardBody(res);
      throw err;
    }
    // A 206 tells the whole size after the slash of Content-Range; a 200 is the whole object
    // (a store that ignored the Range header included).
    const partial = res.status === 206 ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get('content-range') ?? '') : null;
    const size = partial ? Number(partial[3]) : Number(res.headers.get('content-length'));
    // Node's fetch answers with a web stream; Fastify sends Node streams (the cast bridges the DOM
    // and node:stream/web declarations of the same class).
    const body = Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>);
    return { info: infoOf(key, res, size), body, range: partial ? { start: Number(partial[1]), end: Number(partial[2]) } : null };
  }

  /** HEAD on the bucket: answered 200 only while the bucket is there and the keys reach it. */
  async probe(): Promise<void> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`S3 HEAD bucket: no answer within ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS);
    try {
      const res = await this.client.fetch(this.settings.forcePathStyle ? this.base : `${this.base}/`, { method: 'HEAD', signal: abort.signal });
      await discardBody(res);
      if (!res.ok) throw new Error(`S3 HEAD bucket failed: ${res.status}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async delete(key: string): Promise<void> {
    const res = await this.call('DELETE', key);
    // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
    if (!res.ok && res.status !== 404) throw await failure('DELETE', key, res);
    await discardBody(res);
  }
}

function infoOf(key: string, res: Response, size: number): ObjectInfo {
  const modified = new Date(res.headers.get('last-modified') ?? '');
  return {
    size,
    contentType: typeOfKey(key, res.headers.get('content-type') ?? undefined),
    etag: res.headers.get('etag') ?? `"${key}"`,
    lastModified: Number.isNaN(modified.getTime()) ? new Date(0) : modified,
  };
}

/** Releases an answer's connection when its body is not wanted. */
async function discardBody(res: Response): Promise<void> {
  if (res.body && !res.bodyUsed) await res.body.cancel().catch(() => undefined);
}

/** An error naming the call, the status and the store's error code (never the credentials). */
async function failure(method: string, key: string, res: Response): Promise<Error> {
  const text = res.body && !res.bodyUsed ? await res.text().catch(() => '') : '';
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
  return new Error(`S3 ${method} ${key} failed: ${res.status}${code ? ` ${code}` : ''}`);
}
