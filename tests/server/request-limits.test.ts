/**
 * What one client can hold of a real listening server: a request must arrive whole in time
 * (REQUEST_TIMEOUT_S, headers alone HEADERS_TIMEOUT_S), and one address keeps at most
 * MAX_CONNECTIONS_PER_ADDRESS connections open. Over TCP, since app.inject() has no connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src-server/config.js';
import { listenOnLoopback, openConnection, rawRequest, type RawConnection } from '../helpers/raw-http.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const CONTACT = JSON.stringify({ name: 'Slow Sender', email: 'slow@example.org', message: 'Sent a little at a time' });
const contactHead = (port: number, length: number) =>
  `POST /api/v1/contact/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('request time limits', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { HEADERS_TIMEOUT_S: '1', REQUEST_TIMEOUT_S: '2' } });
    port = await listenOnLoopback(t.app);
  });
  afterAll(() => t.close());

  it('closes a request whose body stops coming, within REQUEST_TIMEOUT_S, storing nothing', async () => {
    const connection = await openConnection(port);
    connection.write(contactHead(port, 1000) + '{');
    const answer = await connection.closed(6_000);
    connection.destroy();
    expect(answer.closed).toBe(true);
    // 2 s, plus Node's check interval (a tenth of the shorter limit) and a busy machine's slack.
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(1_900);
    expect(answer.elapsedMs).toBeLessThan(4_000);
    if (answer.status !== 0) expect(answer.status).toBe(408);
    const stored = await t.database.db.selectFrom('contact_messages').select('id').execute();
    expect(stored).toHaveLength(0);
  });

  it('closes a connection whose headers stop coming within HEADERS_TIMEOUT_S', async () => {
    const connection = await openConnection(port);
    connection.write(`GET /api/v1/monitoring/version/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
    const answer = await connection.closed(6_000);
    connection.destroy();
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(3_000);
    if (answer.status !== 0) expect(answer.status).toBe(408);
  });

  it('serves a slow request that arrives whole in time', async () => {
    const connection = await openConnection(port);
    connection.write(contactHead(port, Buffer.byteLength(CONTACT)));
    // Under a second in all, in five pieces.
    const step = Math.ceil(CONTACT.length / 5);
    for (let i = 0; i < CONTACT.length; i += step) {
      await pause(150);
      connection.write(CONTACT.slice(i, i + step));
    }
    const answer = await connection.closed(5_000);
    connection.destroy();
    expect(answer.status).toBe(201);
  });
});

describe('connections per address', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: '3' } });
    port = await listenOnLoopback(t.app);
  });
  afterAll(() => t.close());

  const version = (p: number) => `GET /api/v1/monitoring/version/ HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\n\r\n`;

  it('refuses connections beyond the limit at once; those held keep working, and a closed one frees its place', async () => {
    const held: RawConnection[] = [];
    try {
      for (let i = 0; i < 3; i++) held.push(await openConnection(port));
      // Each held connection is served (kept alive).
      for (const connection of held) {
        connection.write(version(port));
        expect(await connection.received('"latest_version"', 3_000)).toMatch(/^HTTP\/1\.1 200/);
      }
      const extra = await openConnection(port);
      extra.write(version(port));
      const refused = await extra.closed(3_000);
      extra.destroy();
      expect([refused.closed, refused.status]).toEqual([true, 0]);
      expect(refused.elapsedMs).toBeLessThan(1_000);

      held.shift()!.destroy();
      await pause(100);
      const answer = await rawRequest(port, `GET /api/v1/monitoring/version/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(answer.status).toBe(200);
    } finally {
      for (const connection of held) connection.destroy();
    }
  });
});

describe('configuration', () => {
  it('defaults: headers in 30 s, the whole request in 300 s, 128 connections per address (none behind a trusted proxy)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-limits-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32) });
    expect([config.headersTimeoutMs, config.requestTimeoutMs, config.maxConnectionsPerAddress]).toEqual([30_000, 300_000, 128]);
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), TRUST_PROXY: '1' }).maxConnectionsPerAddress).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), HEADERS_TIMEOUT_S: '60', REQUEST_TIMEOUT_S: '30' })).toThrow(/HEADERS_TIMEOUT_S \(60\) cannot be longer than REQUEST_TIMEOUT_S \(30\)/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});
