/**
 * Several real server processes on one database: two separate servers, as when the app is scaled
 * out behind a load balancer, and one server whose cluster of processes shares one port
 * (SERVER_PROCESSES). The single-winner claim and the Idempotency-Key record must hold across
 * processes, not only inside one. On PostgreSQL all share a test schema; otherwise one SQLite file.
 */
import { execFileSync } from 'node:child_process';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { loadConfig } from '../../src-server/config.js';
import { openDatabase, type Db } from '../../src-server/db/database.js';
import { migrate } from '../../src-server/db/migrate.js';
import { TokenService } from '../../src-server/modules/auth/jwt.js';
import { hashPassword } from '../../src-server/modules/auth/passwords.js';
import { LocationsRepository } from '../../src-server/modules/locations/locations.repository.js';
import { UsersRepository, type UserRow } from '../../src-server/modules/users/users.repository.js';
import { WorkOrdersRepository } from '../../src-server/modules/workorders/workorders.repository.js';
import { createPgSchema, usesPostgres } from '../helpers/test-app.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** A cold start compiles the server with tsx first; on two busy cores beside other test files that can take a while. */
const READY_TIMEOUT_MS = 45_000;

interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** The tail of what the process printed, shown when it fails to start. */
  output: () => string;
}

interface Caller {
  user: UserRow;
  headers: Record<string, string>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const inherited = { ...process.env };
  // The database is chosen only by what this test passes.
  delete inherited.DATABASE_URL;
  delete inherited.DATABASE_SCHEMA;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    cwd: ROOT,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { origin: `http://127.0.0.1:${port}`, child, output: () => log };
}

/** Ready once it answers anything: a verify without a token is a 400, which needs the whole stack up. */
async function waitUntilReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      const res = await fetch(`${server.origin}/api/v1/auth/jwt/verify/`, { method: 'POST' });
      if (res.status === 400 || res.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${server.origin} did not start in time:\n${server.output()}`);
}

async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => server.child.once('exit', () => r()));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** The processes a server's primary forked (its cluster workers). */
function childPids(server: ServerProcess): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' }).split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

/** A GET on a connection of its own: a kept-alive one may belong to the process just killed. */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((done, fail) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    }).once('error', fail);
  });
}

const onWhat = usesPostgres ? 'PostgreSQL schema' : 'SQLite file';
describeScaleOut(`two separate server processes on one ${onWhat}`, async (env) => [
  await startServer({ ...env, SERVER_PROCESSES: '1' }),
  await startServer({ ...env, SERVER_PROCESSES: '1' }),
]);
describeScaleOut(`one server of two cluster processes on one port and one ${onWhat}`, async (env) => [await startServer({ ...env, SERVER_PROCESSES: '2' })], (servers) => {
  it('answers from two forked processes, its primary serving none itself', () => {
    expect(childPids(servers()[0]!)).toHaveLength(2);
  });

  it('replaces a process that dies, and keeps answering on the port meanwhile', async () => {
    const server = servers()[0]!;
    const [victim, survivor] = childPids(server);
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    let pids = childPids(server);
    while (Date.now() < deadline && (pids.includes(victim!) || pids.length < 2)) {
      expect(await statusOnNewConnection(`${server.origin}/api/v1/monitoring/version/`)).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      pids = childPids(server);
    }
    expect(pids).toHaveLength(2);
    expect(pids).toContain(survivor);
    expect(pids).not.toContain(victim);
    await waitUntilReady(server);
  });
});

function describeScaleOut(
  title: string,
  start: (env: Record<string, string>) => Promise<ServerProcess[]>,
  more?: (servers: () => ServerProcess[]) => void,
): void {
  describe(title, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-scale-'));
    let dropSchema: (() => Promise<void>) | null = null;
    let database: Db;
    let servers: ServerProcess[] = [];
    let callers: Caller[] = [];
    let locationId: number;

    beforeAll(async () => {
      const secret = randomBytes(32).toString('hex');
      const pg = usesPostgres ? await createPgSchema() : null;
      dropSchema = pg?.drop ?? null;
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        SECRET_KEY: secret,
        CMMS_DEMO: '0',
        CLIENT_DIR: join(dataDir, 'no-client'),
        ...(pg ? { DATABASE_URL: pg.url, DATABASE_SCHEMA: pg.schema } : {}),
      };
      // Migrated here first, so the processes start on a ready database and the fixtures can be written.
      database = openDatabase(loadConfig(env));
      await migrate(database);
      const users = new UsersRepository(database.db);
      const tokens = new TokenService(secret, database.db);
      const passwordHash = await hashPassword('Scale-Out-Password-1');
      callers = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const user = await users.create({
            email: `scaler${i}@example.com`,
            passwordHash,
            firstName: `Scaler${i}`,
            lastName: 'Tech',
            isActive: true,
            fullFeatureAccess: true,
            isStaff: false,
          });
          return { user, headers: { authorization: `Bearer ${await tokens.accessToken(user.id)}` } };
        }),
      );
      const now = new Date().toISOString();
      locationId = (
        await new LocationsRepository(database.db).create({
          location_type: 'GENERAL STORE',
          name: 'Scale Store',
          address: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          postal_code: '62701',
          phone_number: '',
          created_at: now,
          updated_at: now,
        })
      ).id;

      servers = await start(env);
      await Promise.all(servers.map(waitUntilReady));
    }, READY_TIMEOUT_MS + 30_000);

    afterAll(async () => {
      await Promise.all(servers.map(stopServer));
      await database?.close();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const post = (server: ServerProcess, path: string, caller: Caller, body?: object, headers: Record<string, string> = {}) =>
      fetch(`${server.origin}/api/v1/${path}`, {
        method: 'POST',
        headers: { ...caller.headers, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    it('gives each order to exactly one of the users claiming it through both processes at once', async () => {
      const orders = new WorkOrdersRepository(database.db);
      for (let round = 0; round < 3; round++) {
        const created = await post(servers[round % servers.length]!, 'workorders/', callers[0]!, { location_id: locationId, description: `Contested ${round}` });
        expect(created.status).toBe(201);
        const order = (await created.json()) as WorkOrder;

        const responses = await Promise.all(callers.map((caller, i) => post(servers[i % servers.length]!, `workorders/${order.id}/claim/`, caller)));
        const winners = callers.filter((_, i) => responses[i]!.status === 200);
        expect(winners).toHaveLength(1);
        const winner = winners[0]!;
        const losers = responses.filter((r) => r.status !== 200);
        expect(losers.map((r) => r.status)).toEqual(Array(callers.length - 1).fill(409));
        for (const r of losers) {
          expect(await r.json()).toEqual({ detail: `This work order is already claimed by ${winner.user.first_name} Tech.` });
        }
        expect(await orders.findById(order.id)).toMatchObject({ status: 'Claimed', assigned_to_id: winner.user.id });
      }
    });

    it('creates one order for one Idempotency-Key sent to both processes at once', async () => {
      const caller = callers[1]!;
      const description = `Once only ${randomBytes(4).toString('hex')}`;
      const headers = { 'idempotency-key': `scale-out-${randomBytes(8).toString('hex')}` };
      const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => post(servers[i % servers.length]!, 'workorders/', caller, { location_id: locationId, description }, headers)));
      const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, replayed: r.headers.get('idempotent-replayed'), body: await r.json() })));

      const originals = answers.filter((a) => a.status === 201 && a.replayed === null);
      expect(originals).toHaveLength(1);
      const original = originals[0]!.body as WorkOrder;
      expect(original.description).toBe(description);
      for (const a of answers.filter((x) => x !== originals[0])) {
        if (a.status === 201) {
          expect(a.replayed).toBe('true');
          expect(a.body).toEqual(original);
        } else {
          expect(a.status).toBe(409);
          expect(a.body.detail).toMatch(/being processed/);
        }
      }

      // Whatever each process answered, the database holds the order once.
      const listed = await fetch(`${servers[0]!.origin}/api/v1/workorders/?search=${encodeURIComponent(description)}`, { headers: caller.headers });
      expect(await listed.json()).toMatchObject({ count: 1, results: [{ id: original.id }] });
      // A retry after the race is a replay from either process.
      for (const server of servers) {
        const retry = await post(server, 'workorders/', caller, { location_id: locationId, description }, headers);
        expect(retry.status).toBe(201);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect(await retry.json()).toEqual(original);
      }
    });

    more?.(() => servers);
  });
}
