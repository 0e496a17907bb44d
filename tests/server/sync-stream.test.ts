/**
 * GET /api/v1/sync/stream/ on a real listening server, both engines: a write by anyone is hinted to
 * an open stream with the log's new head (PostgreSQL: NOTIFY at commit; SQLite: the head's poll),
 * and nothing else; no token is 401; a user holds a bounded number of streams.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_USER } from '../../src-server/modules/sync/sync.routes.js';
import { readEvents } from '../../src-worker/sync/hint-stream.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';

let t: TestApp;
let full: TestUser;
let origin: string;
const METRICS_TOKEN = 'sync-stream-metrics-token-0123456789abcdef';
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  full = await t.createUser({ full: true });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
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
});
