/**
 * Uploads in S3-compatible object storage, against a real S3 server: s3rver (an S3 API on a
 * loopback port, objects in a temporary directory), started here. The app is configured by the
 * same S3_* variables an operator sets; the bucket's contents are read back with our own signed
 * ListObjectsV2/HEAD calls, never through the code under test. Runs on SQLite and PostgreSQL.
 *
 * s3rver checks the access key id of every call but not the SigV4 signature itself, so the
 * signatures are proven only by being the standard ones aws4fetch computes.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src-server/config.js';
import { S3Storage } from '../../src-server/http/s3-storage.js';
import { WorkOrdersRepository } from '../../src-server/modules/workorders/workorders.repository.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const padded = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const BUCKET = 'cmms-uploads';
// s3rver's one account.
const KEY_ID = 'S3RVER';
const SECRET = 'S3RVER';

let s3Dir: string;
let s3: S3rver;
let endpoint: string;
let t: TestApp;
let full: TestUser;
let locationId: number;
const reader = new AwsClient({ accessKeyId: KEY_ID, secretAccessKey: SECRET, service: 's3', region: 'us-east-1', retries: 0 });

const s3Env = (overrides: Record<string, string> = {}) => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: KEY_ID,
  S3_SECRET_ACCESS_KEY: SECRET,
  S3_FORCE_PATH_STYLE: '1',
  ...overrides,
});

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'cmms-s3rver-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { ...s3Env(), UPLOAD_QUOTA_MB: '1' } });
  full = await t.createUser({ full: true });
  locationId = await makeLocation(t);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

async function makeLocation(app: TestApp): Promise<number> {
  const as = await app.createUser({ full: true });
  const res = await app.request({ method: 'POST', url: '/api/v1/locations/', as, payload: { location_type: 'GENERAL STORE', name: 'S3 St', address: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' } });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** The keys in the bucket under `prefix`, as the S3 server lists them. */
async function objectKeys(prefix: string): Promise<string[]> {
  const res = await reader.fetch(`${endpoint}/${BUCKET}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!).sort();
}

async function objectHead(key: string): Promise<Response> {
  return reader.fetch(`${endpoint}/${BUCKET}/${key}`, { method: 'HEAD' });
}

function form(fields: Record<string, string>, files: { name: string; data: Buffer; field?: string }[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append(f.field ?? 'new_attachments', new Blob([new Uint8Array(f.data)]), f.name);
  return fd;
}
const createOrder = (app: TestApp, as: TestUser, files: { name: string; data: Buffer }[], headers: Record<string, string> = {}, location = locationId) =>
  app.request({ method: 'POST', url: '/api/v1/workorders/', as, headers, payload: form({ location_id: String(location), description: 'With files in S3' }, files) });
const ownedBy = (user: TestUser) => t.database.db.selectFrom('upload_owners').select(['stored_name', 'size']).where('owner_id', '=', user.user.id).orderBy('stored_name').execute();
/** An answer with the values that differ by nature left out: the date, and the validators (a file's mtime, an object's MD5) whose presence is kept. */
function comparable(res: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) {
  const { date: _date, etag, 'last-modified': modified, ...headers } = res.headers;
  return { status: res.statusCode, headers: { ...headers, etag: typeof etag, 'last-modified': typeof modified }, body: res.rawPayload.toString('latin1') };
}
const mediaPath = (url: string) => new URL(url).pathname;
const keyOf = (url: string) => mediaPath(url).slice('/media/'.length);

describe('uploads in S3-compatible storage', () => {
  it('stores work-order attachments as objects and serves them from /media with the same headers as from disk', async () => {
    const res = await createOrder(t, full, [
      { name: 'door.png', data: PNG },
      { name: 'invoice.pdf', data: PDF },
    ]);
    expect(res.statusCode).toBe(201);
    const [png, pdf] = res.json().attachments as { file: string; content_type: string; size: number }[];
    expect(png!.file).toMatch(/^http:\/\/cmms\.test\/media\/workorders\/[0-9a-f]{32}\.png$/);
    expect(pdf!.file).toMatch(/^http:\/\/cmms\.test\/media\/workorders\/[0-9a-f]{32}\.pdf$/);

    // In the bucket, with their sniffed types, and nowhere on the local disk.
    expect(await objectKeys('workorders/')).toEqual(expect.arrayContaining([keyOf(png!.file), keyOf(pdf!.file)]));
    expect((await objectHead(keyOf(png!.file))).headers.get('content-type')).toBe('image/png');
    expect((await objectHead(keyOf(pdf!.file))).headers.get('content-type')).toBe('application/pdf');
    expect(readdirSync(t.config.uploadsDir)).toEqual([]);
    expect(await ownedBy(full)).toEqual(
      [
        { stored_name: keyOf(png!.file), size: PNG.length },
        { stored_name: keyOf(pdf!.file), size: PDF.length },
      ].sort((a, b) => a.stored_name.localeCompare(b.stored_name)),
    );

    // Served by the server (no Authorization needed, as a link opened in a new tab), sandboxed.
    const image = await t.request({ method: 'GET', url: mediaPath(png!.file) });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'cache-control': 'public, max-age=604800, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(String(image.headers['content-security-policy'])).toMatch(/(^|; )sandbox($|;)/);
    expect(image.headers['content-disposition']).toBeUndefined();
    expect(image.headers.etag).toEqual(expect.any(String));
    expect(image.headers['last-modified']).toEqual(expect.any(String));

    const document = await t.request({ method: 'GET', url: mediaPath(pdf!.file) });
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(PDF)).toBe(true);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toBe('attachment');
    expect(String(document.headers['content-security-policy'])).toMatch(/(^|; )sandbox($|;)/);
    expect(document.headers['x-content-type-options']).toBe('nosniff');

    // HEAD, a revalidation and a byte range, as browsers send them.
    const head = await t.request({ method: 'HEAD', url: mediaPath(pdf!.file) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PDF.length));
    expect(head.rawPayload.length).toBe(0);
    const again = await t.request({ method: 'GET', url: mediaPath(png!.file), headers: { 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const part = await t.request({ method: 'GET', url: mediaPath(pdf!.file), headers: { range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-4/${PDF.length}`);
    expect(part.body).toBe('%PDF-');
    const past = await t.request({ method: 'GET', url: mediaPath(pdf!.file), headers: { range: `bytes=${PDF.length}-` } });
    expect(past.statusCode).toBe(416);

    // Unknown and malformed names answer the same JSON 404 as on disk.
    for (const url of ['/media/workorders/00000000000000000000000000000000.png', '/media/workorders/', '/media/..%2Fsecret.key', '/media/.hidden']) {
      const missing = await t.request({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers /media requests with the same status and headers as the local-disk store does', async () => {
    const local = await createTestApp();
    try {
      const [fromDisk, fromS3] = await Promise.all(
        [local, t].map(async (app) => {
          const res = await createOrder(app, await app.createUser(), [{ name: 'manual.pdf', data: PDF }], {}, await makeLocation(app));
          expect(res.statusCode).toBe(201);
          const path = mediaPath(res.json().attachments[0].file as string);
          const etag = String((await app.request({ method: 'GET', url: path })).headers.etag);
          const answers: { status: number; headers: Record<string, unknown>; body: string }[] = [];
          for (const [method, headers] of [
            ['GET', {}],
            ['HEAD', {}],
            ['GET', { 'if-none-match': etag }],
            ['GET', { range: 'bytes=5-' }],
            ['GET', { range: 'bytes=-3' }],
            ['GET', { range: 'bytes=1000-' }],
          ] as const) {
            answers.push(comparable(await app.request({ method, url: path, headers })));
          }
          answers.push(comparable(await app.request({ method: 'GET', url: path.replace(/[0-9a-f]{32}/, '0'.repeat(32)) })));
          return answers;
        }),
      );
      expect(fromS3!.map((a) => a.status)).toEqual([200, 200, 304, 206, 206, 416, 404]);
      expect(fromS3).toEqual(fromDisk);
      expect(readdirSync(join(local.config.uploadsDir, 'workorders'))).toHaveLength(1);
    } finally {
      await local.close();
    }
  });

  it('creates an asset thumbnail in the bucket and deletes the one it replaces, with and without an Idempotency-Key', async () => {
    for (const key of [null, 'thumbnail-s3-replace']) {
      const owner = await t.createUser({ full: true });
      const created = await t.request({ method: 'POST', url: '/api/v1/assets/create/', as: owner, payload: form({ name: 'Welder', description: 'MIG', serial_number: 'W-1' }, [{ field: 'thumbnail', name: 'w.png', data: PNG }]) });
      expect(created.statusCode).toBe(201);
      const oldUrl = created.json().thumbnail_url as string;
      expect(oldUrl).toMatch(/^http:\/\/cmms\.test\/media\/assets\/[0-9a-f]{32}\.png$/);
      expect(await objectKeys('assets/')).toContain(keyOf(oldUrl));
      expect((await t.request({ method: 'GET', url: mediaPath(oldUrl) })).statusCode).toBe(200);

      const update = { brand: 'Lincoln', name: 'Welder', description: 'MIG', serial_number: 'W-1', asset_type: 'FOOD SERVICE', location_id: String(locationId), acquisition_date: '2024-01-02', purchase_price: '100' };
      const replaced = await t.request({
        method: 'PUT',
        url: `/api/v1/assets/${created.json().id}/`,
        as: owner,
        payload: form(update, [{ field: 'thumbnail', name: 'w2.png', data: PNG }]),
        headers: key ? { 'idempotency-key': key } : {},
      });
      expect(replaced.statusCode).toBe(200);
      const newUrl = replaced.json().thumbnail_url as string;
      expect(newUrl).not.toBe(oldUrl);

      const keys = await objectKeys('assets/');
      expect(keys).toContain(keyOf(newUrl));
      expect(keys).not.toContain(keyOf(oldUrl));
      expect((await objectHead(keyOf(oldUrl))).status).toBe(404);
      expect((await t.request({ method: 'GET', url: mediaPath(oldUrl) })).statusCode).toBe(404);
      const served = await t.request({ method: 'GET', url: mediaPath(newUrl) });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(await ownedBy(owner)).toEqual([{ stored_name: keyOf(newUrl), size: PNG.length }]);
    }
  });

  it('leaves no object behind when the work order of a batch is not saved, with and without an Idempotency-Key', async () => {
    for (const key of [null, 'failed-batch-in-s3']) {
      const user = await t.createUser();
      const before = await objectKeys('workorders/');
      const failure = vi.spyOn(WorkOrdersRepository.prototype, 'create').mockRejectedValueOnce(new Error('database went away'));
      try {
        const res = await createOrder(
          t,
          user,
          [
            { name: 'x.png', data: PNG },
            { name: 'y.pdf', data: PDF },
          ],
          key ? { 'idempotency-key': key } : {},
        );
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ detail: 'A server error occurred.' });
      } finally {
        failure.mockRestore();
      }
      expect(await objectKeys('workorders/')).toEqual(before);
      expect(await ownedBy(user)).toEqual([]);
    }
  });

  it('takes the objects already written with it when a later one of the batch cannot be stored', async () => {
    const user = await t.createUser();
    const before = await objectKeys('workorders/');
    const put = S3Storage.prototype.put;
    let calls = 0;
    // The first file really reaches the S3 server; the second fails as an outage mid-batch would.
    const spy = vi.spyOn(S3Storage.prototype, 'put').mockImplementation(function (this: S3Storage, ...args) {
      return ++calls === 2 ? Promise.reject(new Error('S3 PUT failed: 503 SlowDown')) : put.apply(this, args);
    });
    try {
      const res = await createOrder(t, user, [
        { name: 'a.png', data: PNG },
        { name: 'b.png', data: PNG },
        { name: 'c.png', data: PNG },
      ]);
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(2);
    expect(await objectKeys('workorders/')).toEqual(before);
    expect(await ownedBy(user)).toEqual([]);
  });

  it('holds each user to the upload quota, counting what is stored in the bucket', async () => {
    const user = await t.createUser();
    expect((await createOrder(t, user, [{ name: 'big.png', data: padded(800_000) }])).statusCode).toBe(201);
    const before = await objectKeys('workorders/');
    const over = await createOrder(t, user, [{ name: 'more.png', data: padded(400_000) }]);
    expect(over.statusCode).toBe(413);
    expect(over.json().detail).toMatch(/^Upload quota exceeded: you have 0\.8 MB of 1 MB stored/);
    expect(await objectKeys('workorders/')).toEqual(before);
  });

  it('answers a generic 500, storing and recording nothing, when the store refuses the credentials', async () => {
    const wrong = await createTestApp({ env: s3Env({ S3_ACCESS_KEY_ID: 'NOT-A-KEY' }) });
    try {
      const user = await wrong.createUser();
      const before = await objectKeys('');
      const res = await createOrder(wrong, user, [{ name: 'a.png', data: PNG }], {}, await makeLocation(wrong));
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/NOT-A-KEY|S3RVER|InvalidAccessKeyId/);
      expect(await objectKeys('')).toEqual(before);
      expect(await wrong.database.db.selectFrom('upload_owners').select('stored_name').execute()).toEqual([]);
    } finally {
      await wrong.close();
    }
  });
});

describe('S3 configuration', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    dirs.push(mkdtempSync(join(tmpdir(), 'cmms-s3-config-')));
    return dirs.at(-1)!;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is off without S3_BUCKET, and addresses AWS by virtual host or a given endpoint by path by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SECRET_KEY: 'x'.repeat(32) }).s3).toBeNull();
    const aws = loadConfig({ DATA_DIR: dataDir(), SECRET_KEY: 'x'.repeat(32), S3_BUCKET: 'cmms-files', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).s3;
    expect(aws).toEqual({ endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'cmms-files', region: 'eu-west-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: false });
    const minio = loadConfig({ DATA_DIR: dataDir(), SECRET_KEY: 'x'.repeat(32), ...s3Env({ S3_ENDPOINT: 'http://127.0.0.1:9000/' }), S3_FORCE_PATH_STYLE: '' }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('refuses to start half-configured', () => {
    const base = { DATA_DIR: dataDir(), SECRET_KEY: 'x'.repeat(32) };
    expect(() => loadConfig({ ...base, S3_BUCKET: 'cmms-files' })).toThrow('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT is set but S3_BUCKET is not/);
    expect(() => loadConfig({ ...base, ...s3Env({ S3_ENDPOINT: 'ftp://example.com' }) })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => loadConfig({ ...base, ...s3Env({ S3_BUCKET: 'a/b' }) })).toThrow(/S3_BUCKET is not a bucket name/);
  });
});
