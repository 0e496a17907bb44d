/**
 * What one client can hold of a real listening server: a request must arrive whole in time
 * (REQUEST_TIMEOUT_S, headers alone HEADERS_TIMEOUT_S), its body may not go silent for longer than
 * BODY_IDLE_TIMEOUT_S, and one address keeps at most
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
const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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

describe('a body that stops arriving', () => {
  let t: TestApp;
  let port: number;
  /** How long the staff notification of a contact message takes: the answer is worked out after the whole body came. */
  let mailDelayMs = 0;
  beforeAll(async () => {
    // REQUEST_TIMEOUT_S stays at its 300 s: only the silence closes these requests.
    t = await createTestApp({ env: { BODY_IDLE_TIMEOUT_S: '1' }, mailer: { send: () => pause(mailDelayMs) } });
    port = await listenOnLoopback(t.app);
  });
  afterAll(() => t.close());

  const keptAlive = (length: number) => contactHead(port, length).replace('Connection: close', 'Connection: keep-alive');
  const version = () => `GET /api/v1/monitoring/version/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;

  it('answers 408 and closes the connection once the body has sent nothing for BODY_IDLE_TIMEOUT_S, storing nothing', async () => {
    const silent = JSON.stringify({ name: 'Silent Sender', email: 'silent@example.org', message: 'Half of this never comes' });
    const connection = await openConnection(port);
    connection.write(keptAlive(Buffer.byteLength(silent)) + silent.slice(0, silent.length / 2));
    const answer = await connection.closed(6_000);
    connection.destroy();
    expect(answer.closed).toBe(true);
    // 1 s of silence, plus a quarter of it between looks and a busy machine's slack; far from the 300 s.
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(900);
    expect(answer.elapsedMs).toBeLessThan(3_000);
    expect(answer.status).toBe(408);
    expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'The request body stopped arriving: nothing came for 1 s.' });
    expect(await t.database.db.selectFrom('contact_messages').select('id').where('name', '=', 'Silent Sender').execute()).toHaveLength(0);
  });

  it('closes the connection after the silence too when the answer came before the body (refused unread)', async () => {
    const connection = await openConnection(port);
    // No credentials: 401 at once, while the client still owes 900 bytes of its body.
    connection.write(
      `POST /api/v1/workorders/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nConnection: keep-alive\r\n\r\n${'{'.padEnd(100, ' ')}`,
    );
    expect(await connection.received('"detail"', 3_000)).toMatch(/^HTTP\/1\.1 401/);
    const answer = await connection.closed(6_000);
    connection.destroy();
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(900);
    expect(answer.elapsedMs).toBeLessThan(3_000);
  });

  it('serves a slow upload that keeps sending for longer than BODY_IDLE_TIMEOUT_S', async () => {
    const connection = await openConnection(port);
    connection.write(contactHead(port, Buffer.byteLength(CONTACT)));
    // Seven pieces half a second apart: 3.5 s in all, never 1 s without a byte.
    const step = Math.ceil(CONTACT.length / 7);
    for (let i = 0; i < CONTACT.length; i += step) {
      await pause(500);
      connection.write(CONTACT.slice(i, i + step));
    }
    const answer = await connection.closed(5_000);
    connection.destroy();
    expect(answer.status).toBe(201);
  });

  it('leaves a kept-alive connection open between requests, and an answer worked out after the whole body came', async () => {
    const connection = await openConnection(port);
    try {
      // The body is whole at once; the answer then takes twice the idle limit (the staff are mailed first).
      await t.createUser({ staff: true });
      mailDelayMs = 2_000;
      const started = Date.now();
      connection.write(keptAlive(Buffer.byteLength(CONTACT)) + CONTACT);
      expect(await connection.received('"created_at"', 6_000)).toMatch(/^HTTP\/1\.1 201/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      mailDelayMs = 0;
      // Idle between requests for twice the limit: keepAliveTimeout's business, not this one's.
      await pause(2_000);
      const idle = await connection.closed(0);
      expect(idle.closed).toBe(false);
      connection.write(version());
      expect(await connection.received('"latest_version"', 3_000)).toMatch(/HTTP\/1\.1 200 OK[^]*"latest_version"/);
    } finally {
      mailDelayMs = 0;
      connection.destroy();
    }
  });

  it('leaves the event stream open: a request without a body is never idle in its body', async () => {
    const user = await t.createUser();
    const connection = await openConnection(port);
    try {
      connection.write(`GET /api/v1/sync/stream/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${user.token}\r\n\r\n`);
      expect(await connection.received('\r\n\r\n', 3_000)).toMatch(/^HTTP\/1\.1 200/);
      const after = await connection.closed(2_500);
      expect(after.closed).toBe(false);
    } finally {
      connection.destroy();
    }
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
  it('defaults: headers in 30 s, the whole request in 300 s, 30 s of silence in a body, 128 connections per address (none behind a trusted proxy)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-limits-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32) });
    expect([config.headersTimeoutMs, config.requestTimeoutMs, config.bodyIdleTimeoutMs, config.maxConnectionsPerAddress]).toEqual([30_000, 300_000, 30_000, 128]);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), BODY_IDLE_TIMEOUT_S: '0' })).toThrow(/BODY_IDLE_TIMEOUT_S must be a positive whole number/);
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), TRUST_PROXY: '1' }).maxConnectionsPerAddress).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), HEADERS_TIMEOUT_S: '60', REQUEST_TIMEOUT_S: '30' })).toThrow(/HEADERS_TIMEOUT_S \(60\) cannot be longer than REQUEST_TIMEOUT_S \(30\)/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
  });
});
