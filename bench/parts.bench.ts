/**
 * Parts with a long stock ledger (docs/decisions.md: What the work costs; issue 30): the part list
 * of a location, one part's detail and its ledger's first page, driven at 50 connections by a load
 * generator in a second process, first with no ledger entries beyond the parts' opening balances,
 * then with 100,000 more (80,000 of them the measured part's, the rest spread over the others), in
 * one sitting. The aim: the list's and detail's p99 within 10 % of the first phase's. SQLite, and
 * PostgreSQL when reachable (BENCH_DATABASE_URL, default the local test database).
 *
 *   npm run bench:parts [-- --duration 5] [--skip-sqlite] [--skip-postgres]
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../src-server/db/database.js';
import { freePort } from '../tests/helpers/server-process.js';
import { benchAccessToken, onEngines, openBenchDatabase, startBenchServer, type Engine } from './bench-engines.js';
import { runLoad, type LoadFigures } from './run-load.js';
import { loadSite } from './site-data.js';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '5' }, 'skip-postgres': { type: 'boolean', default: false }, 'skip-sqlite': { type: 'boolean', default: false } } });
const DURATION_S = Number(values.duration);
const WARMUP_S = 2;
const CONNECTIONS = 50;
const LEDGER_ENTRIES = 100_000;
const SIZES = { workOrders: 1_000, assets: 100, tasks: 10, locations: 10, users: 10 };
const PARTS = 500;

interface Row {
  engine: string;
  phase: string;
  scenario: string;
  figures: LoadFigures;
}

/** 100,000 entries: fills and issues alternating, 80 % on `partId`, each with the quantity after it. */
async function loadLedger(database: Db, partIds: readonly number[], partId: number, userId: number): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: LEDGER_ENTRIES }, (_, i) => {
    const part = i % 5 === 4 ? partIds[i % partIds.length]! : partId;
    const fill = i % 2 === 0;
    return {
      part_id: part, kind: fill ? ('fill' as const) : ('count' as const), change: fill ? 2 : -2, quantity_after: fill ? 12 : 10, unit_cost_cents: 250,
      work_order_id: null, reason: null, user_id: userId, created_at: new Date(now - (LEDGER_ENTRIES - i) * 60_000).toISOString(),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await database.db.insertInto('stock_entries').values(rows.slice(i, i + 500)).execute();
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  else await sql`analyze`.execute(database.db);
}

async function benchEngine(engine: Engine, pgUrl: string | null): Promise<Row[]> {
  const { database, dataDir, secret, dbEnv, close } = await openBenchDatabase(engine, pgUrl, 'bench');
  let server: ChildProcess | null = null;
  try {
    const { userIds, locationIds } = await loadSite(database, SIZES);
    // Every part at the site's first location: a store's shelf of 500, the list's 50 pages.
    const at = locationIds[0]!;
    const now = new Date().toISOString();
    const partIds: number[] = [];
    const parts = Array.from({ length: PARTS }, (_, i) => ({
      brand: 'Grainger', name: `Part ${String(i).padStart(3, '0')}`, description: 'Door gasket', part_type: 'REFRIGERATION', item_number: `P-${i}`, location_id: at, quantity: 10, thumbnail: null, created_at: now, unit_cost_cents: 250, reorder_point: i % 3 === 0 ? 12 : null,
    }));
    for (let i = 0; i < parts.length; i += 250) partIds.push(...(await database.db.insertInto('parts').values(parts.slice(i, i + 250)).returning('id').execute()).map((r) => r.id));
    const partId = partIds[17]!;
    const port = await freePort();
    server = await startBenchServer({ ...dbEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SECRET_KEY: secret, CLIENT_DIR: join(dataDir, 'none') });
    const token = await benchAccessToken(database, dataDir, secret, userIds[0]!);
    const url = `http://127.0.0.1:${port}`;
    const scenarios: [string, string][] = [
      ['part list by location, page 1', `/api/v1/parts/list/?location=${at}`],
      ['part list by location, page 20', `/api/v1/parts/list/?location=${at}&page=20`],
      ['part detail', `/api/v1/parts/${partId}/`],
      ["the part's ledger, page 1", `/api/v1/parts/${partId}/ledger/`],
    ];
    const rows: Row[] = [];
    const measure = async (phase: string) => {
      for (const [name, path] of scenarios) {
        await runLoad({ url, token, connections: CONNECTIONS, durationS: WARMUP_S, path });
        const figures = await runLoad({ url, token, connections: CONNECTIONS, durationS: DURATION_S, path });
        rows.push({ engine, phase, scenario: name, figures });
        console.log(`[${engine}, ${phase}] ${name}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.errors + figures.non2xx ? `, ${figures.errors + figures.non2xx} failed` : ''}`);
      }
    };
    await measure('no ledger');
    await loadLedger(database, partIds, partId, userIds[0]!);
    await measure(`${LEDGER_ENTRIES.toLocaleString('en-US')} ledger entries`);
    return rows;
  } finally {
    server?.kill('SIGTERM');
    await close();
  }
}

const rows = await onEngines({ sqlite: values['skip-sqlite'], postgres: values['skip-postgres'] }, benchEngine);
console.log('\n| engine | scenario | no ledger: req/s | p50 | p99 | 100,000 entries: req/s | p50 | p99 | p99 change |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const before of rows.filter((r) => r.phase === 'no ledger')) {
  const after = rows.find((r) => r.engine === before.engine && r.scenario === before.scenario && r !== before)!;
  const change = ((after.figures.p99 - before.figures.p99) / before.figures.p99) * 100;
  console.log(
    `| ${before.engine} | ${before.scenario} | ${before.figures.rps.toFixed(0)} | ${before.figures.p50} | ${before.figures.p99} | ${after.figures.rps.toFixed(0)} | ${after.figures.p50} | ${after.figures.p99} | ${change >= 0 ? '+' : ''}${change.toFixed(0)} % |`,
  );
}
const failed = rows.reduce((n, r) => n + r.figures.errors + r.figures.non2xx, 0);
if (failed > 0) {
  console.error(`${failed} requests failed`);
  process.exitCode = 1;
}
