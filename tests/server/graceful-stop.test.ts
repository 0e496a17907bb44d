/**
 * A real server stopped with SIGTERM in the middle of a write load, in one process and as a cluster
 * of two (src-server/http/shutdown.ts, server.ts), on SQLite and on PostgreSQL:
 *  - every create answered 201 is in the database, as answered;
 *  - every request got a whole HTTP answer, or its connection was refused before anything was sent
 *    on it, or (the one race no server can close) a connection opened at the very instant the port
 *    closed was reset from the kernel's accept queue, its request never read by a process and so
 *    never stored; no kept-alive connection was reset and none left without an answer (the counts
 *    are printed);
 *  - the process exits 0, well within SHUTDOWN_TIMEOUT_S;
 * and a request still running at SHUTDOWN_TIMEOUT_S is cut, the process then exiting 1 at the bound.
 * Also here, since it needs the cluster: one scrape of /metrics counts the requests of every process.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { startServer, statusOnNewConnection, stopServer, waitUntilReady, type ServerProcess } from '../helpers/server-process.js';
import { createSharedDatabase, type Caller, type SharedDatabase } from '../helpers/shared-database.js';
import { usesPostgres } from '../helpers/test-app.js';

const onWhat = usesPostgres ? 'PostgreSQL' : 'SQLite';
const SHUTDOWN_TIMEOUT_S = 10;

interface Outcome {
  /**
   * `unheard`: reset on a connection of its own before any answer, the port having closed with it
   * still in the kernel's accept queue (docs: RELIABILITY.md, "A stop under load"). A client
   * sends it again under its idempotency key, as it does after a refusal. `reset`: any other error,
   * a failure of the stop.
   */
  kind: 'answered' | 'refused' | 'unheard' | 'reset';
  status?: number;
  id?: number;
  description: string;
  error?: string;
}

const exitOf = (server: ServerProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) done({ code: server.child.exitCode, signal: server.child.signalCode });
    else server.child.once('exit', (code, signal) => done({ code, signal }));
  });

/** The error's code, through fetch's wrapping (`TypeError: fetch failed` with the socket's error as its cause). */
function errorCode(err: unknown): string {
  let e = err as { code?: string; cause?: unknown; message?: string } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code) return e.code;
    e = e.cause as typeof e;
  }
  return (err as Error)?.message ?? String(err);
}

describe(`SIGTERM during a write load on ${onWhat}`, () => {
  let shared: SharedDatabase;
  const token = randomBytes(32).toString('hex');

  beforeAll(async () => {
    shared = await createSharedDatabase({ callers: 8 });
  }, 60_000);
  afterAll(() => shared?.close());

  /**
   * One create over node:http rather than fetch: its request says whether it went on a kept-alive
   * connection (`reusedSocket`), which tells the accept-queue race from a connection the drain cut.
   */
  const create = (server: ServerProcess, agent: Agent, caller: Caller, description: string) =>
    new Promise<{ status: number; body: WorkOrder }>((resolve, reject) => {
      const req = request(
        `${server.origin}/api/v1/workorders/`,
        { method: 'POST', agent, headers: { ...caller.headers, 'content-type': 'application/json', 'idempotency-key': `stop-${description}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as WorkOrder }));
          res.on('error', (err) => reject(Object.assign(err, { reused: req.reusedSocket })));
        },
      );
      req.on('error', (err) => reject(Object.assign(err, { reused: req.reusedSocket })));
      req.end(JSON.stringify({ location_id: shared.locationId, description }));
    });

  /** Each caller sends creates one after another on kept-alive connections until its connection is refused. */
  async function load(server: ServerProcess, run: string, outcomes: Outcome[], onAnswer: () => void): Promise<void> {
    const agent = new Agent({ keepAlive: true });
    await Promise.all(
      shared.callers.map(async (caller, c) => {
        for (let n = 0; n < 100_000; n++) {
          const description = `${run}-${c}-${n}`;
          try {
            const { status, body } = await create(server, agent, caller, description);
            outcomes.push({ kind: 'answered', status, id: body.id, description });
            onAnswer();
          } catch (err) {
            const code = errorCode(err);
            const reused = (err as { reused?: boolean }).reused === true;
            const kind = code === 'ECONNREFUSED' ? 'refused' : code === 'ECONNRESET' && !reused ? 'unheard' : 'reset';
            outcomes.push({ kind, description, error: `${code}${reused ? ' on a kept-alive connection' : ''}` });
            if (code === 'ECONNREFUSED') return;
            // Anything else: keep going, to count the rest.
          }
        }
      }),
    );
    agent.destroy();
  }

  for (const processes of [1, 2]) {
    it(`${processes === 1 ? 'one process' : 'a cluster of two'}: answers every request it took, stores every 201, exits 0 within the bound`, { timeout: 90_000 }, async () => {
      const server = await startServer({ ...shared.env, SERVER_PROCESSES: String(processes), SHUTDOWN_TIMEOUT_S: String(SHUTDOWN_TIMEOUT_S) });
      await waitUntilReady(server);
      if (processes > 1) await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('is running at');
      const run = `p${processes}-${randomBytes(3).toString('hex')}`;
      const outcomes: Outcome[] = [];
      let answers = 0;
      let loaded!: () => void;
      const underLoad = new Promise<void>((r) => (loaded = r));
      const loading = load(server, run, outcomes, () => {
        if (++answers === 60) loaded();
      });
      await underLoad;
      const exited = exitOf(server);
      const sent = Date.now();
      server.child.kill('SIGTERM');
      const exit = await exited;
      const took = Date.now() - sent;
      await loading;

      const count = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind).length;
      const created = outcomes.filter((o) => o.status === 201);
      console.log(
        `${onWhat}, ${processes} process(es): ${outcomes.length} requests: ${created.length} answered 201, ${count('answered') - created.length} answered otherwise, ` +
          `${count('refused')} refused before sending, ${count('unheard')} reset in the accept queue, ${count('reset')} reset otherwise; exit ${exit.code} after ${took} ms`,
      );
      expect(outcomes.filter((o) => o.kind === 'reset').map((o) => `${o.description}: ${o.error}`)).toEqual([]);
      expect(outcomes.filter((o) => o.kind === 'answered' && o.status !== 201).map((o) => `${o.description}: ${o.status}`)).toEqual([]);
      expect(count('refused')).toBe(shared.callers.length);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_S * 1000);

      const rows = await shared.database.db
        .selectFrom('work_orders')
        .select(['id', 'description'])
        .where('description', 'like', `${run}-%`)
        .execute();
      const stored = new Map(rows.map((r) => [r.id, r.description]));
      expect(created.filter((o) => stored.get(o.id!) !== o.description).map((o) => o.description)).toEqual([]);
      // Nothing was stored that its client did not hear about: a refused request, and one reset in the
      // accept queue, never reached the server.
      expect(rows).toHaveLength(created.length);
      const unheard = new Set(outcomes.filter((o) => o.kind === 'unheard').map((o) => o.description));
      expect(rows.filter((r) => unheard.has(r.description)).map((r) => r.description)).toEqual([]);
    });
  }

  it('cuts a request still running at SHUTDOWN_TIMEOUT_S and exits 1 at the bound', { timeout: 60_000 }, async () => {
    const server = await startServer({ ...shared.env, SERVER_PROCESSES: '1', SHUTDOWN_TIMEOUT_S: '2' });
    await waitUntilReady(server);
    const port = Number(new URL(server.origin).port);
    // A create whose body never finishes arriving: the request runs until it is cut.
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/v1/workorders/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${shared.callers[0]!.headers.authorization}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"description": "slow',
    );
    await new Promise((r) => setTimeout(r, 300));
    const exited = exitOf(server);
    const sent = Date.now();
    server.child.kill('SIGTERM');
    const exit = await exited;
    const took = Date.now() - sent;
    await closed;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(took).toBeGreaterThanOrEqual(2_000);
    expect(took).toBeLessThan(5_000);
    expect(server.output()).toContain('requests still running at SHUTDOWN_TIMEOUT_S were cut');
  });

  it('one scrape of /metrics counts the requests of every process of a cluster', { timeout: 90_000 }, async () => {
    const server = await startServer({ ...shared.env, SERVER_PROCESSES: '2', METRICS_TOKEN: token });
    try {
      await waitUntilReady(server);
      await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('is running at');
      // Each on a connection of its own, so the requests are spread over both processes.
      const statuses = await Promise.all(Array.from({ length: 40 }, () => statusOnNewConnection(`${server.origin}/api/v1/monitoring/version/`)));
      expect(statuses).toEqual(Array(40).fill(200));
      expect(await statusOnNewConnection(`${server.origin}/healthz`)).toBe(200);
      expect(await statusOnNewConnection(`${server.origin}/readyz`)).toBe(200);
      for (let scrape = 0; scrape < 4; scrape++) {
        const res = await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } });
        expect(res.status).toBe(200);
        const text = await res.text();
        expect(text).toContain('cmms_http_requests_total{method="GET",route="/api/v1/monitoring/version/",status_code="200"} 40\n');
        // The process figures of the primary and both server processes, added up.
        expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
        expect(text).toMatch(/^cmms_db_pool_connections\{engine="(sqlite|postgres)"\} \d+/m);
      }
      expect((await fetch(`${server.origin}/metrics`, { headers: { connection: 'close' } })).status).toBe(403);
    } finally {
      await stopServer(server);
    }
  });
});
