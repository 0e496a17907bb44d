/**
 * Server benchmark: a large site (100,000 work orders, 10,000 assets, 1,000 tasks over 50
 * locations), then the work-order list (page 1 and a deep page, with and without a location
 * filter), one detail and claim/unclaim pairs, driven by a load generator in a second process at
 * 50 connections. Runs on SQLite, and on PostgreSQL when reachable (BENCH_DATABASE_URL, default
 * the local test database). Also times the list's bare SQL in the same run. Each scenario is
 * measured after a short unmeasured run of its own (WARMUP_S).
 *
 *   npm run bench:server [-- --duration 10] [--skip-sqlite] [--skip-postgres]
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '../src-server/db/database.js';
import { WorkOrdersRepository } from '../src-server/modules/workorders/workorders.repository.js';
import { pageWindow } from '../src-server/http/pagination.js';
import { freePort } from '../tests/helpers/server-process.js';
import { benchAccessToken, onEngines, openBenchDatabase, startBenchServer, type Engine } from './bench-engines.js';
import { runLoad } from './run-load.js';
import { loadSite } from './site-data.js';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, 'skip-postgres': { type: 'boolean', default: false }, 'skip-sqlite': { type: 'boolean', default: false } } });
const DURATION_S = Number(values.duration);
const CONNECTIONS = 50;
/**
 * Each scenario first runs this long unmeasured: the server's JIT, and on PostgreSQL each pooled
 * connection's catalog cache and named statements, warm up in it. Without it the first scenario of
 * an engine paid that engine's warm-up (PostgreSQL's the larger: 40 new backends), which read as a
 * slower engine rather than a colder one.
 */
const WARMUP_S = 2;
const SIZES = { workOrders: 100_000, assets: 10_000, tasks: 1_000, locations: 50, users: 60 };

/** Mean time of the list's own queries (page + relations), as the endpoint runs them. */
async function bareSql(database: Db, page: number, locationId?: number): Promise<number> {
  const repo = new WorkOrdersRepository(database.db);
  const run = () => repo.page(pageWindow(page), { locationId });
  for (let i = 0; i < 20; i++) await run();
  const n = 200;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await run();
  return Number(process.hrtime.bigint() - start) / 1e6 / n;
}

interface Row {
  engine: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  sqlMs: number | null;
  failures: number;
  collisions: number;
}

async function benchEngine(engine: Engine, pgUrl: string | null): Promise<Row[]> {
  const { database, dataDir, secret, dbEnv, close } = await openBenchDatabase(engine, pgUrl, 'bench');
  let server: ChildProcess | null = null;
  try {
    const t0 = Date.now();
    const { userIds, locationIds } = await loadSite(database, SIZES);
    console.log(`[${engine}] loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const port = await freePort();
    server = await startBenchServer({ ...dbEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SECRET_KEY: secret, CLIENT_DIR: join(dataDir, 'none') });
    const token = await benchAccessToken(database, dataDir, secret, userIds[0]!);
    const url = `http://127.0.0.1:${port}`;
    const deepPage = 5_000;
    const loc = locationIds[7]!;
    const deepLocPage = 150;
    const detailId = 50_000;
    const scenarios: [string, Record<string, unknown>, () => Promise<number> | null][] = [
      ['list page 1', { path: '/api/v1/workorders/' }, () => bareSql(database, 1)],
      [`list page ${deepPage}`, { path: `/api/v1/workorders/?page=${deepPage}` }, () => bareSql(database, deepPage)],
      ['list by location, page 1', { path: `/api/v1/workorders/?location=${loc}` }, () => bareSql(database, 1, loc)],
      [`list by location, page ${deepLocPage}`, { path: `/api/v1/workorders/?location=${loc}&page=${deepLocPage}` }, () => bareSql(database, deepLocPage, loc)],
      ['detail', { path: `/api/v1/workorders/${detailId}/` }, () => null],
      ['claim + unclaim pair', { claimIds: Array.from({ length: CONNECTIONS * 4 }, (_, i) => 1 + i) }, () => null],
    ];
    const rows: Row[] = [];
    for (const [name, scenario, sqlTime] of scenarios) {
      await runLoad({ url, token, connections: CONNECTIONS, durationS: WARMUP_S, ...scenario });
      const res = await runLoad({ url, token, connections: CONNECTIONS, durationS: DURATION_S, ...scenario });
      const sqlMs = await sqlTime();
      rows.push({ engine, scenario: name, rps: res.rps, p50: res.p50, p99: res.p99, sqlMs, failures: res.errors + res.non2xx, collisions: res.collisions });
      console.log(`[${engine}] ${name}: ${res.rps.toFixed(0)} req/s, p50 ${res.p50} ms, p99 ${res.p99} ms${sqlMs !== null ? `, bare SQL ${sqlMs.toFixed(2)} ms` : ''}${res.errors + res.non2xx ? `, ${res.errors + res.non2xx} failed` : ''}`);
    }
    return rows;
  } finally {
    server?.kill('SIGTERM');
    await close();
  }
}

const rows = await onEngines({ sqlite: values['skip-sqlite'], postgres: values['skip-postgres'] }, benchEngine);

console.log('\n| engine | scenario | req/s | p50 ms | p99 ms | bare SQL ms/request | failed | 409 collisions |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.engine} | ${r.scenario} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.sqlMs === null ? '' : r.sqlMs.toFixed(2)} | ${r.failures} | ${r.collisions} |`);
}
