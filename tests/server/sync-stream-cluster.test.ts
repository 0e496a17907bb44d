/**
 * GET /api/v1/sync/stream/ on a real server of two cluster processes (SERVER_PROCESSES=2), both
 * engines: the bound of STREAMS_PER_USER holds for the whole server, not per process (the cluster
 * hands connections to its processes in turn, so a user's streams land on both), a closed stream
 * gives its place back, and so do the streams of a process that dies
 * (src-server/modules/sync/stream-slots.ts). And a server process whose primary does not answer
 * counts by itself, within its own bound.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterStreamSlots, STREAMS_PER_USER, type PrimaryChannel, type StreamSlot } from '../../src-server/modules/sync/stream-slots.js';
import { childPids, startServer, stopServer, waitUntilReady, type ServerProcess } from '../helpers/server-process.js';
import { createSharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { usesPostgres } from '../helpers/test-app.js';

const onWhat = usesPostgres ? 'PostgreSQL' : 'SQLite';

interface Stream {
  status: number;
  /** Whether the server has closed it. */
  closed: () => boolean;
  close: () => void;
}

/** A stream request on a connection of its own; its body is read and dropped. */
function openStream(origin: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}/api/v1/sync/stream/`, { headers, agent: false }, (res) => {
      let closed = false;
      res.on('close', () => (closed = true));
      res.on('error', () => undefined); // a process killed under it
      res.resume();
      resolve({ status: res.statusCode!, closed: () => closed, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a stream, trying again while the answer is 429 (a place given back reaches the primary a moment later). */
async function openOnceFree(origin: string, headers: Record<string, string>, ms = 10_000): Promise<Stream> {
  const until = Date.now() + ms;
  for (;;) {
    const stream = await openStream(origin, headers);
    if (stream.status !== 429 || Date.now() > until) return stream;
    stream.close();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`sync streams of one user on a cluster of two processes on ${onWhat}`, () => {
  let shared: SharedDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    shared = await createSharedDatabase({ callers: 1 });
    server = await startServer({ ...shared.env, SERVER_PROCESSES: '2' });
    await waitUntilReady(server);
  }, 120_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    await shared?.close();
  });

  it('refuses the stream past the bound whichever process takes it, and gives places back when streams or processes end', { timeout: 90_000 }, async () => {
    // Both processes listening, so connections go to each in turn.
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('is running at');
    const headers = shared.callers[0]!.headers;
    const streams: Stream[] = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) streams.push(await openStream(server.origin, headers));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    // Two more, so each process has been offered one past the bound.
    for (let i = 0; i < 2; i++) {
      const over = await openStream(server.origin, headers);
      expect(over.status).toBe(429);
      over.close();
    }

    // A stream closed by its client: its place comes back.
    streams.shift()!.close();
    const again = await openOnceFree(server.origin, headers);
    expect(again.status).toBe(200);
    streams.push(again);
    const over = await openStream(server.origin, headers);
    expect(over.status).toBe(429);
    over.close();

    // A process killed: its streams end with it, and the primary gives their places back. The
    // processes take connections in turn unless one is busy, so the first may hold none: its
    // connections would close at once, and when none does the other is killed as well.
    const lostStreams = () => streams.filter((s) => s.closed()).length;
    for (const pid of childPids(server)) {
      process.kill(pid, 'SIGKILL');
      const until = Date.now() + 2_000;
      while (lostStreams() === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      if (lostStreams() > 0) break;
    }
    await new Promise((r) => setTimeout(r, 200));
    const lost = lostStreams();
    expect(lost).toBeGreaterThan(0);
    for (let i = 0; i < lost; i++) {
      const stream = await openOnceFree(server.origin, headers);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const past = await openStream(server.origin, headers);
    expect(past.status).toBe(429);
    past.close();
    for (const stream of streams) stream.close();
  });
});

describe('a server process asking the primary for stream places', () => {
  const channel = (answer: () => Promise<unknown>, told: unknown[]): PrimaryChannel => ({ ask: answer, tell: (_type, body) => void told.push(body) });

  it('counts a stream by itself when the primary does not answer, never past its own bound, and has the primary drop that place', async () => {
    const told: unknown[] = [];
    const unanswered: unknown[] = [];
    const slots = new ClusterStreamSlots((err) => unanswered.push(err), { channel: channel(() => Promise.reject(new Error('no answer in time')), told) });
    const held: (StreamSlot | null)[] = [];
    for (let i = 0; i < STREAMS_PER_USER; i++) held.push(await slots.take(7));
    expect(held.every((slot) => slot !== null)).toBe(true);
    expect(await slots.take(7)).toBeNull();
    expect(unanswered).toHaveLength(STREAMS_PER_USER);
    // A yes that comes late is undone: one note per place taken alone.
    expect(new Set(told).size).toBe(STREAMS_PER_USER);
    held[0]!.release();
    expect(await slots.take(7)).not.toBeNull();
  });

  it('takes the primary\'s no as final, and gives a granted place back to it once', async () => {
    const told: unknown[] = [];
    let yes = false;
    const slots = new ClusterStreamSlots(() => undefined, { channel: channel(() => Promise.resolve(yes), told) });
    // Refused by the primary (the user's streams are on other processes): nothing held here either.
    for (let i = 0; i < STREAMS_PER_USER + 1; i++) expect(await slots.take(7)).toBeNull();
    yes = true;
    const slot = await slots.take(7);
    expect(slot).not.toBeNull();
    expect(told).toEqual([]);
    slot!.release();
    slot!.release();
    expect(told).toHaveLength(1);
  });
});
