/**
 * kill -9 of the server (every process of it) in the middle of a write storm, on SQLite (WAL) and
 * on PostgreSQL, then a restart:
 *  - every write the server acknowledged is in the database, as acknowledged;
 *  - the database is intact (SQLite: PRAGMA integrity_check);
 *  - every write retried with its Idempotency-Key after the restart, as a client's outbox does,
 *    takes effect exactly once: the interrupted ones now, the others replayed.
 * DURABILITY_ROUNDS (default 2) and DURABILITY_SEED (default random, printed) set the run; the
 * seed replays the kill timings of a failure. `npm run durability` runs many rounds for the record.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { freePort, killHard, startServer, stopServer, waitUntilReady, type ServerProcess } from '../helpers/server-process.js';
import { createSharedDatabase, type Caller, type SharedDatabase } from '../helpers/shared-database.js';
import { usesPostgres } from '../helpers/test-app.js';

const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 2);
const SEED = Number(process.env.DURABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));

interface Attempt {
  caller: Caller;
  key: string;
  description: string;
  /** The id the server answered with 201, when it did. */
  acknowledgedId: number | null;
}

const onWhat = usesPostgres ? 'PostgreSQL' : 'SQLite (WAL)';

describe(`kill -9 during a write storm on ${onWhat}`, () => {
  let shared: SharedDatabase;
  const totals = { rounds: 0, attempted: 0, acknowledged: 0, lost: 0, duplicated: 0 };

  beforeAll(async () => {
    shared = await createSharedDatabase({ callers: 6 });
  }, 60_000);

  afterAll(async () => {
    console.log(`durability on ${onWhat} (seed ${SEED}): ${JSON.stringify(totals)}`);
    await shared?.close();
  });

  const createOrder = (server: ServerProcess, attempt: Attempt) =>
    fetch(`${server.origin}/api/v1/workorders/`, {
      method: 'POST',
      headers: { ...attempt.caller.headers, 'content-type': 'application/json', 'idempotency-key': attempt.key },
      body: JSON.stringify({ location_id: shared.locationId, description: attempt.description }),
    });

  /** Each caller sends creates one after another until the server is gone; `firstAck` resolves at the first 201. */
  async function storm(server: ServerProcess, round: number, attempts: Attempt[], firstAck: () => void): Promise<void> {
    await Promise.all(
      shared.callers.map(async (caller, c) => {
        for (let n = 0; ; n++) {
          const key = `durability-${SEED}-${round}-${c}-${n}`;
          const attempt: Attempt = { caller, key, description: `Storm ${key}`, acknowledgedId: null };
          attempts.push(attempt);
          try {
            const res = await createOrder(server, attempt);
            const body = (await res.json()) as WorkOrder;
            if (res.status === 201) {
              attempt.acknowledgedId = body.id;
              firstAck();
            }
          } catch {
            return; // the server is gone
          }
        }
      }),
    );
  }

  it(
    `loses no acknowledged write and duplicates none, over ${ROUNDS} rounds (seed ${SEED})`,
    async () => {
      const random = seededRandom(SEED);
      for (let round = 0; round < ROUNDS; round++) {
        const port = await freePort();
        const env = { ...shared.env, SERVER_PROCESSES: '2' };
        let server = await startServer(env, port);
        await waitUntilReady(server);

        // The port answers as soon as one process listens; the primary says when all do.
        await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('is running at');
        const attempts: Attempt[] = [];
        let acknowledgedOnce!: () => void;
        const writing = new Promise<void>((r) => (acknowledgedOnce = r));
        const storming = storm(server, round, attempts, () => acknowledgedOnce());
        // Killed at a random moment once writes are being acknowledged, however slow the start.
        await writing;
        await new Promise((r) => setTimeout(r, 100 + random() * 700));
        await killHard(server);
        await storming;

        const acknowledged = attempts.filter((a) => a.acknowledgedId !== null);
        expect(acknowledged.length, 'the storm reached the server before the kill').toBeGreaterThan(0);
        const rows = await shared.database.db
          .selectFrom('work_orders')
          .select(['id', 'description'])
          .where(
            'id',
            'in',
            acknowledged.map((a) => a.acknowledgedId!),
          )
          .execute();
        const stored = new Map(rows.map((r) => [r.id, r.description]));
        const lost = acknowledged.filter((a) => stored.get(a.acknowledgedId!) !== a.description);
        expect(lost.map((a) => a.key)).toEqual([]);
        if (!usesPostgres) {
          const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(shared.database.db);
          expect(check.rows.map((r) => r.integrity_check)).toEqual(['ok']);
        }

        // The restart, and every write retried with its key, as the clients' outboxes would.
        server = await startServer(env, port);
        await waitUntilReady(server);
        // Each caller replays its own writes one after another, as an outbox does (hundreds at once would
        // also pass the server's bound on connections per address, MAX_CONNECTIONS_PER_ADDRESS).
        const retried: { a: Attempt; res: Response }[] = [];
        await Promise.all(
          shared.callers.map(async (caller) => {
            for (const a of attempts.filter((x) => x.caller === caller)) retried.push({ a, res: await createOrder(server, a) });
          }),
        );
        for (const { a, res } of retried) {
          expect(res.status, `retry of ${a.key}`).toBe(201);
          const body = (await res.json()) as WorkOrder;
          if (a.acknowledgedId !== null) expect(body.id).toBe(a.acknowledgedId);
        }
        await stopServer(server);

        const counts = await shared.database.db
          .selectFrom('work_orders')
          .select(['description', shared.database.db.fn.countAll<number>().as('n')])
          .where('description', 'like', `Storm durability-${SEED}-${round}-%`)
          .groupBy('description')
          .execute();
        const duplicated = counts.filter((c) => Number(c.n) !== 1).map((c) => c.description);
        expect(duplicated).toEqual([]);
        expect(counts).toHaveLength(attempts.length);

        totals.rounds += 1;
        totals.attempted += attempts.length;
        totals.acknowledged += acknowledged.length;
        totals.lost += lost.length;
        totals.duplicated += duplicated.length;
      }
    },
    ROUNDS * 90_000,
  );
});
