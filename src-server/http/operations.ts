/**
 * The endpoints a load balancer, a process manager and a monitoring system call, outside the API:
 *
 * - `GET /healthz`: the process answers (liveness). Always 200 `{"status":"ok"}`.
 * - `GET /readyz`: this server can serve (readiness): the database answers a query, every
 *   migration of this code is applied, the file store takes a file, and the server is not stopping.
 *   200 `{"status":"ready"}` or 503 `{"status":"not ready"}`; why is logged, never answered.
 * - `GET /metrics`: Prometheus metrics (metrics.ts), for the operator's METRICS_TOKEN only (access
 *   `operator`, http/access.ts).
 *
 * All three are unauthenticated as far as users go, limited by no rate limit, logged only at warn
 * (a balancer asks every few seconds), and never cached.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import type { FileStorage } from './file-storage.js';
import { METRICS_CONTENT_TYPE, type ServerMetrics } from './metrics.js';
import type { Shutdown } from './shutdown.js';

/** A readiness answer is given within this, whatever hangs behind it. */
const CHECK_TIMEOUT_MS = 2_500;
/** The file store is written to at most this often; readiness asked more often reuses the last result. */
export const STORAGE_PROBE_CACHE_MS = 5_000;

const Status = (value: string) => Type.Object({ status: Type.Literal(value) });

export interface OperationsDeps {
  database: Db;
  storage: FileStorage;
  metrics: ServerMetrics;
  shutdown: Shutdown;
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The readiness checks. Each runs at most once at a time (a hung database is asked once, not once
 * per balancer poll), and the file store's result is kept STORAGE_PROBE_CACHE_MS.
 */
export class Readiness {
  #database: Promise<void> | null = null;
  #storage: { at: number; result: Promise<void> } | null = null;
  #lastProblem: string | null = null;

  constructor(private readonly deps: OperationsDeps) {}

  /** null when ready, else what is wrong (for the log). */
  async problem(): Promise<string | null> {
    if (this.deps.shutdown.stopping) return 'the server is stopping';
    const [database, storage] = await Promise.all([
      within(this.databaseCheck(), CHECK_TIMEOUT_MS, 'database').then(
        () => null,
        (err: unknown) => `database: ${message(err)}`,
      ),
      within(this.storageCheck(), CHECK_TIMEOUT_MS, 'file storage').then(
        () => null,
        (err: unknown) => `file storage: ${message(err)}`,
      ),
    ]);
    return [database, storage].filter(Boolean).join('; ') || null;
  }

  /** Logs when readiness changes, not at every poll. */
  report(log: FastifyInstance['log'], problem: string | null): void {
    if (problem === this.#lastProblem) return;
    if (problem) log.warn({ problem }, 'not ready');
    else log.info('ready again');
    this.#lastProblem = problem;
  }

  private databaseCheck(): Promise<void> {
    this.#database ??= pendingMigrations(this.deps.database)
      .then((pending) => {
        if (pending.length) throw new Error(`migrations not applied: ${pending.join(', ')}`);
      })
      .finally(() => {
        this.#database = null;
      });
    return this.#database;
  }

  private storageCheck(): Promise<void> {
    const now = Date.now();
    if (!this.#storage || now - this.#storage.at > STORAGE_PROBE_CACHE_MS) {
      const result = this.deps.storage.probe();
      result.catch(() => undefined); // read by every caller; never unhandled
      this.#storage = { at: now, result };
    }
    return this.#storage.result;
  }
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function registerOperations(app: FastifyInstance, deps: OperationsDeps): Readiness {
  const readiness = new Readiness(deps);
  const quiet = { logLevel: 'warn' as const };

  app.get(
    '/healthz',
    {
      ...quiet,
      config: { access: 'public' },
      schema: { description: 'Liveness: the process answers. For a process manager or load balancer.', response: { 200: Status('ok') } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  );

  app.get(
    '/readyz',
    {
      ...quiet,
      config: { access: 'public' },
      schema: {
        description:
          'Readiness: the database answers, every migration is applied, the file store takes files, and the server is not stopping. ' +
          'A load balancer sends requests only to a server answering 200.',
        response: { 200: Status('ready'), 503: Status('not ready') },
      },
    },
    async (request, reply) => {
      const problem = await readiness.problem();
      readiness.report(request.log, problem);
      reply.header('cache-control', 'no-store');
      if (problem) return reply.code(503).send({ status: 'not ready' });
      return { status: 'ready' };
    },
  );

  app.get(
    '/metrics',
    {
      ...quiet,
      config: { access: 'operator' },
      schema: {
        description: 'Prometheus metrics of the whole server (every server process), in the text exposition format.',
        response: { 200: { description: 'Metrics in the Prometheus text format.', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
    async (_request, reply) => {
      const text = await deps.metrics.text();
      return reply.header('cache-control', 'no-store').type(METRICS_CONTENT_TYPE).send(text);
    },
  );

  return readiness;
}
