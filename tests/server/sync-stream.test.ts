/**
 * GET /api/v1/sync/stream/ on a real listening server, both engines: a write by anyone is hinted to
 * an open stream with the log's new head (PostgreSQL: NOTIFY at commit; SQLite: the head's poll),
 * and nothing else; no token is 401; a user holds a bounded number of streams, and a stream
 * whose connection is gone (before its headers or just after) gives its place back; HEAD opens none.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_USER } from '../../src-server/modules/sync/sync.routes.js';
import { readEvents } from '../../src-worker/sync/hint-stream.js';
import { openConnection } from '../helpers/raw-http.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let origin: string;
let port: number;
const METRICS_TOKEN = 'sync-stream-metrics-token-0123456789abcdef';
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  full = await t.createUser({ full: true });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(origin).port);
});
afterAll(async () => {
  await t.close();
});

/**
 * A GET on its own connection (node:http without an agent): fetch's pool may keep a spare
 * connection open, which a closing server would wait for.
 */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; contentType: string; body: ReadableStream<Uint8Array>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers, agent: false }, (res) =>
      resolve({ status: res.statusCode!, contentType: String(res.headers['content-type'] ?? ''), body: Readable.toWeb(res) as ReadableStream<Uint8Array>, close: () => req.destroy() }),
    );
    req.on('error', reject);
    req.end();
  });
}

/** Opens a stream and collects its events until closed. */
async function openStream(headers: Record<string, string>) {
  const response = await get('/api/v1/sync/stream/', headers);
  const events: { event: string; data: string }[] = [];
  const reading = readEvents(response.body, (event, data) => void events.push({ event, data })).catch(() => undefined); // closed by the test
  return { response, events, close: async () => (response.close(), await reading) };
}

const waitFor = async (check: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** The open streams /metrics counts. */
async function streamsOpen(): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(/^cmms_sync_streams_open (\d+)$/m.exec(res.body)?.[1] ?? NaN);
}

describe('the sync hint stream', () => {
  it('hints a write by anyone with the new head, within a second', async () => {
    const stream = await openStream(full.headers);
    expect(stream.response.status).toBe(200);
    expect(stream.response.contentType).toMatch(/^text\/event-stream/);
    await waitFor(() => stream.events.length > 0);
    const first = Number(stream.events.at(-1)!.data);
    const other = await t.createUser({ full: true });
    const started = Date.now();
    const res = await t.request({ method: 'POST', url: '/api/v1/vendors/', as: other, payload: { name: 'Hinted' } });
    expect(res.statusCode).toBe(201);
    await waitFor(() => stream.events.some((e) => e.event === 'head' && Number(e.data) > first));
    expect(Date.now() - started).toBeLessThan(1_000);
    // Hints only: never a record.
    expect(stream.events.every((e) => e.event === 'head' && /^\d+$/.test(e.data))).toBe(true);
    await stream.close();
  });

  it('answers 401 without a token, and 429 past the streams one user may hold', async () => {
    const anonymous = await get('/api/v1/sync/stream/');
    expect(anonymous.status).toBe(401);
    anonymous.close();
    const user = await t.createUser({ full: true });
    const streams = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) streams.push(await openStream(user.headers));
    expect(streams.every((s) => s.response.status === 200)).toBe(true);
    expect(await streamsOpen()).toBe(STREAMS_PER_USER);
    const over = await get('/api/v1/sync/stream/', user.headers);
    expect(over.status).toBe(429);
    over.close();
    await Promise.all(streams.map((s) => s.close()));
    // A stream closed by its client frees its place, and is no longer counted.
    await waitFor(() => false, 300).catch(() => undefined);
    expect(await streamsOpen()).toBe(0);
    const again = await openStream(user.headers);
    expect(again.response.status).toBe(200);
    await again.close();
  });

  /** A request for a stream written on a raw connection of its own. */
  const streamRequest = (method: string, user: TestUser) =>
    `${method} /api/v1/sync/stream/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${user.token}\r\n\r\n`;

  it('gives a stream\'s place back when its connection drops before its headers or just after them', { timeout: 60_000 }, async () => {
    const user = await t.createUser({ full: true });
    // A handheld leaving coverage: the request reaches the server, the connection is gone while
    // the sign-in is still being checked (or as soon as the answer's head arrives).
    for (let i = 0; i < 100; i++) {
      const connection = await openConnection(port);
      connection.write(streamRequest('GET', user));
      connection.destroy();
    }
    for (let i = 0; i < 100; i++) {
      const connection = await openConnection(port);
      connection.write(streamRequest('GET', user));
      const head = await connection.received('\r\n\r\n', 5_000);
      connection.destroy();
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
    }
    await waitFor(() => false, 300).catch(() => undefined);
    const streams = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) streams.push(await openStream(user.headers));
    expect(streams.map((s) => s.response.status)).toEqual(streams.map(() => 200));
    expect(await streamsOpen()).toBe(STREAMS_PER_USER);
    await Promise.all(streams.map((s) => s.close()));
    await waitFor(() => false, 300).catch(() => undefined);
    expect(await streamsOpen()).toBe(0);
  });

  it('answers HEAD at once with 405 and Allow: GET, holding no stream', async () => {
    const user = await t.createUser({ full: true });
    // Kept open after their answers: a HEAD that held a place would hold it until they close.
    const heads = [];
    for (let i = 0; i < STREAMS_PER_USER + 1; i++) {
      const connection = await openConnection(port);
      const started = Date.now();
      connection.write(streamRequest('HEAD', user));
      const head = await connection.received('\r\n\r\n', 5_000);
      expect(head).toMatch(/^HTTP\/1\.1 405 /);
      expect(head).toMatch(/^allow: GET\r$/im);
      expect(Date.now() - started).toBeLessThan(2_000);
      heads.push(connection);
    }
    expect(await streamsOpen()).toBe(0);
    const streams = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) streams.push(await openStream(user.headers));
    expect(streams.map((s) => s.response.status)).toEqual(streams.map(() => 200));
    await Promise.all(streams.map((s) => s.close()));
    for (const connection of heads) connection.destroy();
  });
});

describe('a sync stream asked for once a stop drains', () => {
  it('is ended at once with the restart hint, so the drain does not wait for it', async () => {
    const own = await createTestApp();
    try {
      const user = await own.createUser({ full: true });
      await own.app.listen({ host: '127.0.0.1', port: 0 });
      const address = own.app.server.address();
      const ownPort = typeof address === 'object' && address ? address.port : 0;
      // A connection open before the stop, whose request arrives once the drain has ended the streams there were.
      const connection = await openConnection(ownPort);
      await new Promise((r) => setTimeout(r, 50));
      const draining = own.app.shutdown.drain(5_000);
      connection.write(`GET /api/v1/sync/stream/ HTTP/1.1\r\nHost: 127.0.0.1:${ownPort}\r\nAuthorization: Bearer ${user.token}\r\n\r\n`);
      const started = Date.now();
      const text = await connection.received('data: restarting', 3_000);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(text).toContain('retry: 3000\nevent: end\ndata: restarting\n\n');
      expect(await draining).toBe(0);
      expect(Date.now() - started).toBeLessThan(3_000);
      connection.destroy();
    } finally {
      await own.close();
    }
  });
});
