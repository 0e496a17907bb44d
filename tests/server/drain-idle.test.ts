/**
 * The drain's close of idle connections (src-server/http/shutdown.ts) against a server whose event
 * loop stalls (a long garbage collection, a CPU taken by other processes): a request that reached the
 * server within the grace is answered, never dropped, however late the process gets to read it.
 * The real server's stop under a write load is in graceful-stop.test.ts.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDLE_GRACE_MS } from '../../src-server/http/shutdown.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** Everything the server sends on `socket` until it closes it, or the socket's error. */
function readUntilClosed(socket: Socket): Promise<{ text: string; error?: string }> {
  return new Promise((done) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.once('error', (err: NodeJS.ErrnoException) => done({ text, error: err.code ?? err.message }));
    socket.once('close', () => done({ text }));
  });
}

/** Resolves once `socket` has received a whole answer to a GET /healthz. */
function answerOf(socket: Socket): Promise<string> {
  return new Promise((done) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n') && text.endsWith('}')) {
        socket.off('data', onData);
        done(text);
      }
    };
    socket.on('data', onData);
  });
}

/** Holds this process's event loop, as a stalled server's would be held. */
function stall(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: no timer, no I/O runs meanwhile
  }
}

const GET = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

describe('the drain closing idle connections', () => {
  let t: TestApp;
  let socket: Socket;
  beforeEach(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    socket = connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(GET);
    expect(await answerOf(socket)).toMatch(/^HTTP\/1\.1 200 /);
  });
  afterEach(async () => {
    socket.destroy();
    await t.close();
  });

  it('answers a request that arrived within the grace though the server reads it only after', async () => {
    const drained = t.app.shutdown.drain(10_000);
    const rest = readUntilClosed(socket);
    // The request reaches the server at once; the server's loop is held past the grace before it can read it.
    socket.write(GET);
    stall(IDLE_GRACE_MS + 300);
    const { text, error } = await rest;
    expect(error).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(await drained).toBe(0);
  });

  it('answers a request whose first bytes arrived within the grace and whose rest comes later', async () => {
    const drained = t.app.shutdown.drain(10_000);
    const rest = readUntilClosed(socket);
    socket.write(GET.slice(0, 10));
    stall(IDLE_GRACE_MS + 300);
    await new Promise((r) => setTimeout(r, 200));
    socket.write(GET.slice(10));
    const { text, error } = await rest;
    expect(error).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(await drained).toBe(0);
  });

  it('still closes a connection that stays silent for the grace', async () => {
    const started = Date.now();
    const rest = readUntilClosed(socket);
    expect(await t.app.shutdown.drain(10_000)).toBe(0);
    const { text, error } = await rest;
    expect({ text, error }).toEqual({ text: '' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_GRACE_MS);
    expect(Date.now() - started).toBeLessThan(IDLE_GRACE_MS + 1_000);
  });
});
