/**
 * The operations endpoints (src-server/http/operations.ts) on a real database: /healthz, /readyz
 * with each of its checks made to fail for real (a migration record gone, the database closed, a
 * schema or database file that was never migrated, the file store's folder replaced by a file, a
 * server stopping), and /metrics: closed by default, opened by METRICS_TOKEN only, counting by
 * route pattern. The cluster's aggregation and the stop's drain are in graceful-stop.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app.js';
import { loadConfig } from '../../src-server/config.js';
import { openDatabase } from '../../src-server/db/database.js';
import { insertLocation } from '../helpers/inventory-fixtures.js';
import { freePort } from '../helpers/server-process.js';
import { createPgSchema, createTestApp, usesPostgres, type TestApp } from '../helpers/test-app.js';

const READY = { status: 'ready' };
const NOT_READY = { status: 'not ready' };
const REFUSED = { detail: 'You do not have permission to perform this action.' };
const TOKEN = randomBytes(32).toString('hex');

const readyz = (t: TestApp) => t.request({ method: 'GET', url: '/readyz' });

/** The value of one sample line of the Prometheus text, or null when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return null;
}

describe('GET /healthz and GET /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '2' } });
  });
  afterAll(() => t?.close());

  it('/healthz answers 200 {"status":"ok"} to anyone, uncached, with no rate limit', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.request({ method: 'GET', url: '/healthz' })));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A stale or foreign token changes nothing: the endpoints are not the users'.
    const withToken = await t.request({ method: 'GET', url: '/healthz', headers: { authorization: 'Bearer not-a-token' } });
    expect(withToken.statusCode).toBe(200);
  });

  it('/readyz answers 200 {"status":"ready"} and nothing more when every check passes, as often as asked', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => readyz(t)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(READY);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 503 {"status":"not ready"} while a migration of this code is not recorded, and 200 again once it is', async () => {
    const db = t.database.db;
    const { rows } = await sql<{ name: string; applied_at: string }>`select name, applied_at from schema_migrations order by name desc limit 1`.execute(db);
    const last = rows[0]!;
    await sql`delete from schema_migrations where name = ${last.name}`.execute(db);
    const res = await readyz(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(NOT_READY);
    await sql`insert into schema_migrations (name, applied_at) values (${last.name}, ${last.applied_at})`.execute(db);
    expect((await readyz(t)).statusCode).toBe(200);
  });

  it('is in the API document under "operations", public, and /metrics with the metrics token', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/v1/docs/json' })).json() as { paths: Record<string, Record<string, { tags: string[]; security?: unknown }>> };
    for (const path of ['/healthz', '/readyz']) {
      expect(doc.paths[path]!.get!.tags).toEqual(['operations']);
      expect(doc.paths[path]!.get!.security).toBeUndefined();
    }
    expect(doc.paths['/metrics']!.get!.security).toEqual([{ metricsToken: [] }]);
  });

  it('answers 503 from the moment the server begins to stop', async () => {
    t.app.shutdown.stopListening();
    expect((await readyz(t)).json()).toEqual(NOT_READY);
    expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('GET /readyz when something is wrong', () => {
  it('answers 503 when the database is closed, within its time limit', async () => {
    const t = await createTestApp();
    try {
      expect((await readyz(t)).statusCode).toBe(200);
      await t.database.close();
      const started = Date.now();
      const res = await readyz(t);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(NOT_READY);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await t.close();
    }
  });

  it(`answers 503 on ${usesPostgres ? 'a schema' : 'a database file'} that was never migrated, and on a PostgreSQL that is not there`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-readyz-'));
    const pg = usesPostgres ? await createPgSchema() : null;
    const env = {
      DATA_DIR: dataDir,
      SECRET_KEY: randomBytes(32).toString('hex'),
      CLIENT_DIR: join(dataDir, 'no-client'),
      ...(pg ? { DATABASE_URL: pg.url, DATABASE_SCHEMA: pg.schema } : {}),
    };
    // A port nothing listens on: connections are refused at once.
    const nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/test`;
    const apps = [];
    try {
      for (const e of [env, { ...env, DATABASE_URL: nowhere, DATABASE_SCHEMA: '' }]) {
        const config = loadConfig(e);
        const database = openDatabase(config);
        const app = await buildApp({ config, database });
        apps.push({ app, database });
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(NOT_READY);
      }
    } finally {
      for (const { app, database } of apps) {
        await app.close();
        await database.close();
      }
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 when the file store cannot take a file, and keeps a store check for a few seconds', async () => {
    const t = await createTestApp();
    try {
      expect((await readyz(t)).statusCode).toBe(200);
      // The uploads folder becomes a file: nothing can be written under it.
      rmSync(t.config.uploadsDir, { recursive: true, force: true });
      writeFileSync(t.config.uploadsDir, 'not a folder');
      // The last check (a success) is reused for a few seconds, then the store is asked again.
      expect((await readyz(t)).statusCode).toBe(200);
      await expect.poll(async () => (await readyz(t)).statusCode, { timeout: 8_000, interval: 500 }).toBe(503);
      expect((await readyz(t)).json()).toEqual(NOT_READY);
    } finally {
      rmSync(t.config.uploadsDir, { force: true });
      await t.close();
    }
  });
});

describe('GET /metrics', () => {
  it('is closed by default: 403 to visitors, users and staff alike', async () => {
    const t = await createTestApp();
    try {
      const staff = await t.createUser({ staff: true, full: true });
      for (const headers of [{}, staff.headers, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.request({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(REFUSED);
      }
    } finally {
      await t.close();
    }
  });

  it('refuses a METRICS_TOKEN too short to be safe', () => {
    expect(() => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cmms-metrics-')), METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
  });

  describe('with METRICS_TOKEN set', () => {
    let t: TestApp;
    const scrape = async () => {
      const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };

    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t?.close());

    it('answers only the token: a wrong one, another scheme or a staff session gets 403', async () => {
      const staff = await t.createUser({ staff: true, full: true });
      for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN, staff.headers.authorization!]) {
        const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization } });
        expect(res.statusCode, authorization.slice(0, 12)).toBe(403);
        expect(res.json()).toEqual(REFUSED);
      }
      await scrape();
    });

    it('counts requests and their durations by route pattern and status, never by raw URL', async () => {
      const user = await t.createUser({ full: true });
      const location = await insertLocation(t.database.db, 'Metrics Store');
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await t.request({
          method: 'POST',
          url: '/api/v1/workorders/',
          as: user,
          headers: { 'idempotency-key': `metrics-${i}-${randomBytes(4).toString('hex')}` },
          payload: { location_id: location.id, description: `Metrics order ${i}` },
        });
        expect(created.statusCode).toBe(201);
        ids.push(created.json().id);
      }
      for (const id of ids) expect((await t.request({ method: 'GET', url: `/api/v1/workorders/${id}/?x=${id}`, as: user })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/v1/workorders/999999/', as: user })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/no/such/path.txt' })).statusCode).toBe(404);

      const text = await scrape();
      const detail = { method: 'GET', route: '/api/v1/workorders/:id/' };
      expect(sample(text, 'cmms_http_requests_total', { ...detail, status_code: '200' })).toBe(3);
      expect(sample(text, 'cmms_http_requests_total', { ...detail, status_code: '404' })).toBe(1);
      expect(sample(text, 'cmms_http_requests_total', { method: 'POST', route: '/api/v1/workorders/', status_code: '201' })).toBe(3);
      expect(sample(text, 'cmms_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
      expect(sample(text, 'cmms_http_request_duration_seconds_count', { ...detail, status_code: '200' })).toBe(3);
      expect(sample(text, 'cmms_http_request_duration_seconds_bucket', { ...detail, status_code: '200', le: '+Inf' })).toBe(3);
      // No label holds an id or a query.
      for (const id of ids) expect(text).not.toContain(`/workorders/${id}`);
      expect(text).not.toContain('?x=');
    });

    it('reports the database connections, and the process figures', async () => {
      const text = await scrape();
      const engine = usesPostgres ? 'postgres' : 'sqlite';
      const total = sample(text, 'cmms_db_pool_connections', { engine });
      if (usesPostgres) expect(total).toBeGreaterThanOrEqual(1);
      else expect(total).toBe(1);
      expect(sample(text, 'cmms_db_pool_idle_connections', { engine })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'cmms_db_pool_waiting_queries', { engine })).toBe(0);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    });

    it('counts mails sent', async () => {
      const user = await t.createUser();
      const before = sample(await scrape(), 'cmms_mail_sent_total');
      const reset = await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password/', payload: { email: user.user.email } });
      expect(reset.statusCode).toBe(204);
      expect(sample(await scrape(), 'cmms_mail_sent_total')).toBe(before! + 1);
    });
  });

  it('counts the idempotency records stored', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const user = await t.createUser();
      const location = await insertLocation(t.database.db, 'Keyed Store');
      for (let i = 0; i < 4; i++) {
        const res = await t.request({ method: 'POST', url: '/api/v1/workorders/', as: user, headers: { 'idempotency-key': `keyed-${i}-order` }, payload: { location_id: location.id, description: `Keyed ${i}` } });
        expect(res.statusCode).toBe(201);
      }
      const stored = await t.database.db.selectFrom('idempotency_keys').select('key').execute();
      const text = (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(text, 'cmms_idempotency_records')).toBe(stored.length);
      expect(stored.length).toBeGreaterThanOrEqual(4);
    } finally {
      await t.close();
    }
  });

  it('counts mails that fail (an SMTP server that is not there)', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
    try {
      const user = await t.createUser();
      await t.request({ method: 'POST', url: '/api/v1/auth/users/reset_password/', payload: { email: user.user.email } });
      const text = (await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      expect(sample(text, 'cmms_mail_failed_total')).toBe(1);
      expect(sample(text, 'cmms_mail_sent_total')).toBe(0);
    } finally {
      await t.close();
    }
  });
});
