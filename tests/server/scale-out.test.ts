/**
 * Several real server processes on one database: two separate servers, as when the app is scaled
 * out behind a load balancer, and one server whose cluster of processes shares one port
 * (SERVER_PROCESSES). The single-winner claim and the Idempotency-Key record must hold across
 * processes, not only inside one. On PostgreSQL all share a test schema; otherwise one SQLite file.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../shared/api/workorders.js';
import type { Db } from '../../src-server/db/database.js';
import { WorkOrdersRepository } from '../../src-server/modules/workorders/workorders.repository.js';
import {
  childPids,
  READY_TIMEOUT_MS,
  startProxy,
  startServer,
  statusOnNewConnection,
  stopServer,
  waitUntilReady,
  type ProxyProcess,
  type ServerProcess,
} from '../helpers/server-process.js';
import { createSharedDatabase, type Caller, type SharedDatabase } from '../helpers/shared-database.js';
import { usesPostgres } from '../helpers/test-app.js';

const onWhat = usesPostgres ? 'PostgreSQL schema' : 'SQLite file';
describeScaleOut(`two separate server processes on one ${onWhat}`, async (env) => [
  await startServer({ ...env, SERVER_PROCESSES: '1' }),
  await startServer({ ...env, SERVER_PROCESSES: '1' }),
]);
for (const count of [2, 4]) {
  describeScaleOut(`${count} servers behind a round-robin proxy (HAProxy) on one ${onWhat}`, behindProxy(count), (servers) => {
    it('spread the requests over every server', () => {
      const served = (servers()[0] as ProxyProcess).served();
      expect(served).toHaveLength(count);
      for (const n of served) expect(n).toBeGreaterThan(0);
    });
  });
}
describeScaleOut(`one server of two cluster processes on one port and one ${onWhat}`, async (env) => [await startServer({ ...env, SERVER_PROCESSES: '2' })], (servers) => {
  it('answers from two forked processes, its primary serving none itself', () => {
    expect(childPids(servers()[0]!)).toHaveLength(2);
  });

  it('replaces a process that dies, and keeps answering on the port meanwhile', async () => {
    const server = servers()[0]!;
    // The primary says so once every process listens (the port answers as soon as one does).
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('is running at');
    const version = `${server.origin}/api/v1/monitoring/version/`;
    const [victim, survivor] = childPids(server);
    process.kill(victim!, 'SIGKILL');
    // Until the primary notices the death, a connection it hands to the dead process is lost with
    // it (as a request inside it would be): clients time out and retry. After that the survivor answers.
    const deadline = Date.now() + 30_000;
    const answers: number[] = [];
    let pids = childPids(server);
    while (Date.now() < deadline && (pids.includes(victim!) || pids.length < 2)) {
      answers.push(await statusOnNewConnection(version, 2_000));
      pids = childPids(server);
    }
    expect(pids).toHaveLength(2);
    expect(pids).toContain(survivor);
    expect(pids).not.toContain(victim);
    await waitUntilReady(server);
    answers.push(...(await Promise.all(Array.from({ length: 20 }, () => statusOnNewConnection(version)))));
    expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(20);
    expect(answers.slice(-20)).toEqual(Array(20).fill(200));
  });
});

/** `count` single-process servers and HAProxy in front: requests go to the proxy only. */
function behindProxy(count: number) {
  return async (env: Record<string, string>) => {
    const backends = await Promise.all(Array.from({ length: count }, () => startServer({ ...env, SERVER_PROCESSES: '1' })));
    await Promise.all(backends.map(waitUntilReady));
    return { entry: [await startProxy(backends)], all: backends };
  };
}

function describeScaleOut(
  title: string,
  start: (env: Record<string, string>) => Promise<ServerProcess[] | { entry: ServerProcess[]; all: ServerProcess[] }>,
  more?: (servers: () => ServerProcess[]) => void,
): void {
  describe(title, () => {
    let shared: SharedDatabase | undefined;
    let database: Db;
    let servers: ServerProcess[] = [];
    /** Processes to stop besides the entry points (servers behind a proxy). */
    let others: ServerProcess[] = [];
    let callers: Caller[] = [];
    let locationId: number;

    beforeAll(async () => {
      shared = await createSharedDatabase({ callers: 8 });
      ({ database, callers, locationId } = shared);
      const started = await start(shared.env);
      if (Array.isArray(started)) servers = started;
      else [servers, others] = [started.entry, started.all];
      await Promise.all(servers.map(waitUntilReady));
    }, READY_TIMEOUT_MS + 30_000);

    afterAll(async () => {
      await Promise.all([...servers, ...others].map(stopServer));
      await shared?.close();
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
