/**
 * Prometheus metrics with prom-client (decisions: Metrics and mail notifications), served at
 * /metrics by operations.ts: requests and their durations per route pattern and status, the
 * database connections, the idempotency records kept, mail sent and failed, and the process's own
 * figures (memory, CPU, event loop, garbage collection).
 *
 * Each server process counts its own. With node:cluster the process that is asked gathers them
 * all through the primary (cluster-messages.ts), which adds them up with prom-client's aggregation
 * (sums; the idempotency count, read from the one shared database by every process, takes the
 * largest), so one scrape sees the whole server whichever process answers it.
 */
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { answerPrimary, answerWorkers, askPrimary, askWorker, liveWorkers } from '../cluster-messages.js';
import type { Db, PoolUse } from '../db/database.js';

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

const COLLECT = 'metrics-collect';
const SCRAPE = 'metrics-scrape';
/** How long the primary waits for each process's figures; one that is slower is left out of that scrape. */
const COLLECT_TIMEOUT_MS = 3_000;
/** The idempotency count is a count(*) over a day of writes: read at most this often. */
const COUNT_CACHE_MS = 10_000;

/** The route label of a request that matched no route (unknown paths, the app's page fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | null = null;

/** Node's and the process's own figures: once per process, however many apps a test builds in it. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsSources {
  database: Db;
  /** Idempotency records stored now. */
  idempotencyRecords(): Promise<number>;
}

/** One app's metrics (tests build several apps in one process, each with its own). */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly mailSent: Counter;
  readonly mailFailed: Counter;
  /** Live hint streams open now (GET sync/stream/): one per signed-in browser. */
  readonly syncStreams: Gauge;
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly durations: Histogram<'method' | 'route' | 'status_code'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'cmms_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.durations = new Histogram({
      name: 'cmms_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.mailSent = new Counter({ name: 'cmms_mail_sent_total', help: 'Mails handed to the SMTP server or written to the outbox', registers });
    this.mailFailed = new Counter({ name: 'cmms_mail_failed_total', help: 'Mails that could not be sent', registers });
    this.syncStreams = new Gauge({ name: 'cmms_sync_streams_open', help: 'Live hint streams (GET /api/v1/sync/stream/) open now, one per signed-in browser', registers });

    const { database } = sources;
    const engine = database.dialect;
    const poolGauges: [string, string, (use: PoolUse) => number][] = [
      ['cmms_db_pool_connections', 'Database connections open (SQLite: one per server process)', (use) => use.total],
      ['cmms_db_pool_idle_connections', 'Database connections open and not in use', (use) => use.idle],
      ['cmms_db_pool_waiting_queries', 'Queries waiting for a database connection (SQLite: behind the query or transaction holding it)', (use) => use.waiting],
    ];
    for (const [name, help, read] of poolGauges) {
      new Gauge({
        name,
        help,
        labelNames: ['engine'],
        registers,
        collect() {
          this.set({ engine }, read(database.poolUse()));
        },
      });
    }

    let counted: { at: number; value: number } | null = null;
    new Gauge({
      name: 'cmms_idempotency_records',
      help: 'Idempotency records stored (answers kept for replay, and writes in flight)',
      // Every process reads the same table: the largest reading is the count, not their sum.
      aggregator: 'max',
      registers,
      async collect() {
        if (!counted || Date.now() - counted.at > COUNT_CACHE_MS) {
          // An unreachable database leaves the last reading (readiness reports the outage).
          const value = await sources.idempotencyRecords().catch(() => counted?.value);
          if (value !== undefined) counted = { at: Date.now(), value };
        }
        if (counted) this.set(counted.value);
      },
    });
  }

  /** Counts every answer under the pattern of the route that made it, never the raw URL (ids, queries). */
  observe(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) };
      this.requests.inc(labels);
      this.durations.observe(labels, reply.elapsedTime / 1000);
    });
  }

  /** This process's metrics as JSON, the form the primary adds up. */
  async local(): Promise<MetricsJson[]> {
    return [await processMetrics().getMetricsAsJSON(), await this.registry.getMetricsAsJSON()];
  }

  /** The whole server's metrics in Prometheus's text format. */
  async text(): Promise<string> {
    if (cluster.isWorker) return askPrimary<string>(SCRAPE, null, COLLECT_TIMEOUT_MS + 2_000);
    return AggregatorRegistry.aggregate(await this.local()).metrics();
  }

  /** In a server process of the cluster: hands this process's figures to the primary when it gathers them. */
  answerPrimary(app: FastifyInstance): void {
    if (!cluster.isWorker) return;
    const stop = answerPrimary(COLLECT, () => this.local());
    app.addHook('onClose', async () => stop());
  }
}

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * Primary of a cluster: answers a server process's scrape with the figures of every live process
 * (its own process figures included), added up.
 */
export function gatherClusterMetrics(): void {
  answerWorkers(SCRAPE, async () => {
    const answers = await Promise.all(liveWorkers().map((w) => askWorker<MetricsJson[]>(w, COLLECT, null, COLLECT_TIMEOUT_MS).catch(() => [])));
    return AggregatorRegistry.aggregate([await processMetrics().getMetricsAsJSON(), ...answers.flat()]).metrics();
  });
}
