/**
 * The live hint stream behind HAProxy (README, Operations: the stream behind a proxy), both
 * engines: two server processes on one database behind a round-robin proxy whose idle timeouts
 * are shorter than the test. A stream opened through the proxy lands on one server; writes sent
 * through the proxy land on either; each write is hinted on the stream (PostgreSQL: NOTIFY from the
 * other process; SQLite: the head's poll), and the server's comments keep the idle stream open
 * past the proxy's timeouts.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents } from '../../src-worker/sync/hint-stream.js';
import { READY_TIMEOUT_MS, startProxy, startServer, stopServer, waitUntilReady, type ProxyProcess, type ServerProcess } from '../helpers/server-process.js';
import { createSharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';

/** The proxy drops a connection idle this long; the servers send a comment every second. */
const PROXY_IDLE = '3s';

let shared: SharedDatabase;
let backends: ServerProcess[] = [];
let proxy: ProxyProcess;

beforeAll(async () => {
  shared = await createSharedDatabase({ callers: 2 });
  backends = await Promise.all([0, 1].map(() => startServer({ ...shared.env, SERVER_PROCESSES: '1', SYNC_STREAM_PING_S: '1' })));
  await Promise.all(backends.map(waitUntilReady));
  proxy = await startProxy(backends, undefined, { client: PROXY_IDLE, server: PROXY_IDLE });
  await waitUntilReady(proxy);
}, READY_TIMEOUT_MS + 30_000);

afterAll(async () => {
  await Promise.all([proxy, ...backends].filter(Boolean).map(stopServer));
  await shared?.close();
});

describe('the hint stream behind a proxy', () => {
  it('outlives the proxy idle timeouts and hears writes made through every server', async () => {
    const [reader, writer] = shared.callers;
    const events: { event: string; data: string; at: number }[] = [];
    let closed = false;
    const request = httpRequest(`${proxy.origin}/api/v1/sync/stream/`, { headers: reader!.headers, agent: false });
    const opened = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => {
        resolve(res.statusCode ?? 0);
        void readEvents(Readable.toWeb(res) as ReadableStream<Uint8Array>, (event, data) => void events.push({ event, data, at: Date.now() }))
          .catch(() => undefined)
          .finally(() => (closed = true));
      });
      request.on('error', reject);
    });
    request.end();
    expect(await opened).toBe(200);
    try {
      // Idle for three times the proxy's timeout: still open.
      await new Promise((r) => setTimeout(r, 9_000));
      expect(closed).toBe(false);
      // Four writes through the proxy: round robin sends them to both servers.
      for (let i = 0; i < 4; i++) {
        const before = events.filter((e) => e.event === 'head').length;
        const res = await fetch(`${proxy.origin}/api/v1/vendors/`, { method: 'POST', headers: { ...writer!.headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Proxied ${i}` }) });
        expect(res.status).toBe(201);
        await expect.poll(() => events.filter((e) => e.event === 'head').length, { timeout: 5_000 }).toBeGreaterThan(before);
      }
      expect(proxy.served().every((n) => n > 0)).toBe(true);
      expect(closed).toBe(false);
    } finally {
      request.destroy();
    }
  }, 60_000);
});
