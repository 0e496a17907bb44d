/**
 * Key figures benchmark (GET /api/v1/kpis/, docs/decisions.md: Key figures on /home): a site of
 * 100,000 work orders over two years and 50 locations (one in ten open), 1,000 recurring tasks
 * with a year of completions, and a year of fills and wash counts at the four chemical sites; and
 * what the work cost (docs/decisions.md: What the work costs): 1,000 assets (every other order on
 * one), a labour entry for every order claimed, and two units of a part on one order in three.
 * Times the figures' SQL in-process (all of it, and each query alone), then GET /api/v1/kpis/
 * through a running server, one request at a time; then again with every order open, the worst
 * case for the open-order counts. SQLite, and PostgreSQL when reachable (BENCH_DATABASE_URL,
 * default the local test database). The aim: under 200 ms a request.
 *
 *   npm run bench:kpis [-- --runs 50] [--skip-sqlite] [--skip-postgres] [--keep]
 *
 * --keep leaves the loaded database (the SQLite file's folder, the PostgreSQL schema) and prints
 * where, to look at the plans afterwards.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig, type Config } from '../src-server/config.js';
import type { Db } from '../src-server/db/database.js';
import { buildRepositories } from '../src-server/db/repositories.js';
import { CostFigures } from '../src-server/modules/costs/costs.figures.js';
import { KpiFigures } from '../src-server/modules/kpis/kpis.figures.js';
import { kpiWindows } from '../src-server/modules/kpis/kpis.periods.js';
import { KpisRepository } from '../src-server/modules/kpis/kpis.repository.js';
import { addDays, todayIn } from '../shared/rules/task-status.js';
import { freePort } from '../tests/helpers/server-process.js';
import { benchAccessToken, onEngines, openBenchDatabase, startBenchServer, type Engine } from './bench-engines.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '50' }, 'skip-postgres': { type: 'boolean', default: false }, 'skip-sqlite': { type: 'boolean', default: false }, keep: { type: 'boolean', default: false } },
});
const RUNS = Number(values.runs);
const SIZES = { workOrders: 100_000, locations: 50, users: 20, tasks: 1_000, chemicals: 10, assets: 1_000, parts: 500 };
/** The default chemical sites (config.ts): three car washes and the inventory-report location. */
const CHEMICAL_SITES = [1102, 1104, 1311, 3003];
const REPORT_SITE = 3003;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function batch<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function load(database: Db): Promise<{ userId: number; open: number }> {
  const { db } = database;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const today = todayIn('UTC');
  const users = Array.from({ length: SIZES.users }, (_, i) => ({
    email: `kpi${i}@example.com`, email_normalized: `kpi${i}@example.com`, password_hash: 'x', first_name: `Tech${i}`, last_name: 'Bench',
    is_active: 1 as const, is_staff: 0 as const, full_feature_access: 1 as const, last_login: null, date_joined: iso(now),
  }));
  const userIds = (await db.insertInto('users').values(users).returning('id').execute()).map((r) => r.id);
  const location = (name: string, id?: number) => ({
    ...(id !== undefined ? { id } : {}), location_type: 'GENERAL STORE', name, address: '1 Main St', city: 'Dallas', state: 'TX', postal_code: '75201', phone_number: '',
    epos: null, verifone_id: null, sagenet_id: null, occ_id: null, created_at: iso(now), updated_at: iso(now),
  });
  const locationIds = (await db.insertInto('locations').values(Array.from({ length: SIZES.locations }, (_, i) => location(`Store ${String(i).padStart(3, '0')}`))).returning('id').execute()).map((r) => r.id);
  await db.insertInto('locations').values(CHEMICAL_SITES.map((id) => location(`Car Wash ${id}`, id))).execute();

  const assetIds = (
    await db
      .insertInto('assets')
      .values(
        Array.from({ length: SIZES.assets }, (_, i) => ({
          brand: 'Acme', name: `Asset ${i}`, description: '', asset_type: 'OTHER', serial_number: `SN-${i}`, location_id: locationIds[i % locationIds.length]!,
          acquisition_date: null, purchase_price: null, thumbnail: null, created_at: iso(now), updated_at: iso(now), updated_by_id: null,
        })),
      )
      .returning('id')
      .execute()
  ).map((r) => r.id);
  const partIds = (
    await db
      .insertInto('parts')
      .values(
        Array.from({ length: SIZES.parts }, (_, i) => ({
          name: `Part ${i}`, brand: 'PartCo', description: '', part_type: 'Nozzle', item_number: `IT-${i}`, location_id: locationIds[i % locationIds.length]!,
          quantity: 100, thumbnail: null, created_at: iso(now), unit_cost_cents: 100 + (i % 50) * 37, reorder_point: null,
        })),
      )
      .returning('id')
      .execute()
  ).map((r) => r.id);

  // One order every 10 minutes back over about two years; one in twenty Pending, one in twenty
  // Claimed, the rest Completed. Claims come 1 to 24 h after creation, completions 1 to 72 h after the claim.
  let open = 0;
  const orders = Array.from({ length: SIZES.workOrders }, (_, i) => {
    const created = now - i * 10 * MINUTE - MINUTE;
    const kind = i % 20;
    const claimed = kind === 0 ? null : Math.min(created + ((i % 24) + 1) * HOUR, now - MINUTE);
    const completed = kind <= 1 || claimed === null ? null : Math.min(claimed + ((i % 72) + 1) * HOUR, now);
    if (kind <= 1) open++;
    const by = userIds[i % userIds.length]!;
    return {
      status: kind === 0 ? ('Pending' as const) : kind === 1 ? ('Claimed' as const) : ('Completed' as const),
      description: `Work order ${i}: compressor short-cycling, check the contactor.`,
      // Asset k is at location k % 50, as order i is at i % 50: every other order is on an asset of its location.
      asset_id: i % 2 === 0 ? assetIds[i % SIZES.assets]! : null,
      location_id: locationIds[i % locationIds.length]!, created_by_id: by, created_at: iso(created), updated_at: iso(completed ?? claimed ?? created),
      assigned_to_id: claimed === null ? null : by, claimed_at: claimed === null ? null : iso(claimed), field_notes: null,
      completed_at: completed === null ? null : iso(completed), completed_by_id: completed === null ? null : by,
    };
  });
  const orderIds: number[] = [];
  await batch(orders, 500, async (chunk) => orderIds.push(...(await db.insertInto('work_orders').values(chunk).returning('id').execute()).map((r) => r.id).sort((a, b) => a - b)));

  // Labour from each claim, 30 to 240 minutes, at 30 to 59 an hour; two units of a part of the
  // order's location on one order in three, an hour after the claim.
  const labour = orders.flatMap((o, i) =>
    o.claimed_at === null ? [] : [{ work_order_id: orderIds[i]!, user_id: o.created_by_id, started_at: o.claimed_at, stopped_at: o.claimed_at, minutes: 30 + (i % 8) * 30, date: null, rate_cents: 3000 + (i % 30) * 100, created_at: o.claimed_at, deleted_at: null }],
  );
  await batch(labour, 500, (chunk) => db.insertInto('labour_entries').values(chunk).execute());
  const issues = orders.flatMap((o, i) =>
    o.claimed_at === null || i % 3 !== 0
      ? []
      : [{ part_id: partIds[(i % SIZES.locations) + SIZES.locations * (i % (SIZES.parts / SIZES.locations))]!, kind: 'issue' as const, change: -2, quantity_after: 98, unit_cost_cents: 100 + (i % 50) * 37, work_order_id: orderIds[i]!, reason: null, user_id: o.created_by_id, created_at: iso(Date.parse(o.claimed_at) + HOUR) }],
  );
  await batch(issues, 500, (chunk) => db.insertInto('stock_entries').values(chunk).execute());

  // Tasks every 7, 14, 30 or 90 days, completed for a year, each time from 2 days early to 3 late.
  const intervals = [7, 14, 30, 90];
  const tasks = Array.from({ length: SIZES.tasks }, (_, i) => {
    const interval = intervals[i % intervals.length]!;
    const dates: string[] = [];
    for (let d = addDays(today, -365 + (i % interval)); d <= today; d = addDays(d, interval + ((dates.length + i) % 6) - 2)) dates.push(d);
    return { interval, dates, location_id: locationIds[i % locationIds.length]! };
  });
  const taskRows = tasks.map((t, i) => {
    const last = t.dates.at(-1) ?? null;
    return {
      location_id: t.location_id, description: `Task ${i}`, recurrence_interval: t.interval, last_completed_date: last, due_date: last && addDays(last, t.interval),
      completed_through_system: 1 as const, task_notes: null, created_by_id: null, created_at: iso(now - 400 * DAY), updated_at: iso(now), assigned_to_id: null,
      claimed_at: null, last_completed_by_id: null, last_completed_at: null, field_notes: null,
    };
  });
  const taskIds: number[] = [];
  await batch(taskRows, 500, async (chunk) => taskIds.push(...(await db.insertInto('maintenance_tasks').values(chunk).returning('id').execute()).map((r) => r.id)));
  const completions = tasks.flatMap((t, i) =>
    t.dates.map((date, k) => ({
      task_id: taskIds[i]!, completed_by_id: userIds[i % userIds.length]!, completed_at: `${date}T12:00:00.000Z`, completed_date: date, field_notes: null,
      due_date: k === 0 ? null : addDays(t.dates[k - 1]!, t.interval),
    })),
  );
  await batch(completions, 500, (chunk) => db.insertInto('task_completions').values(chunk).execute());

  // Ten chemicals (two of them salt) at every chemical site; two fills a day at each, and a count
  // per wash package (three) a day at each car wash, for a year.
  const chemicalIds = (
    await db
      .insertInto('chemicals')
      .values(Array.from({ length: SIZES.chemicals }, (_, i) => ({ brand: 'Acme', name: `Chemical ${i}`, description: '', chemical_type: i < 2 ? 'Salt' : 'Soap', thumbnail: null, created_at: iso(now) })))
      .returning('id')
      .execute()
  ).map((r) => r.id);
  const stocked = await db
    .insertInto('chemical_locations')
    .values(CHEMICAL_SITES.flatMap((site) => chemicalIds.map((chemical_id) => ({ chemical_id, location_id: site, current_quantity: 50 }))))
    .returning(['id', 'location_id'])
    .execute();
  const fills = CHEMICAL_SITES.flatMap((site) => {
    const entries = stocked.filter((s) => s.location_id === site);
    return Array.from({ length: 365 * 2 }, (_, k) => ({
      kind: 'fill' as const, chemical_location_id: entries[k % entries.length]!.id, part_id: null, date: addDays(today, -Math.floor(k / 2)), quantity: 1 + (k % 9) * 0.5,
      user_id: userIds[k % userIds.length]!, created_at: iso(now),
    }));
  });
  await batch(fills, 500, (chunk) => db.insertInto('quantity_records').values(chunk).execute());
  const washSites = CHEMICAL_SITES.filter((site) => site !== REPORT_SITE);
  const packages = await db
    .insertInto('wash_packages')
    .values(washSites.flatMap((site) => ['Basic', 'Deluxe', 'Ultimate'].map((name, sort_order) => ({ location_id: site, name, sort_order }))))
    .returning(['id', 'location_id'])
    .execute();
  const washes = packages.flatMap((p) =>
    Array.from({ length: 365 }, (_, d) => ({ wash_package_id: p.id, location_id: p.location_id, count: 40 + ((d * 7 + p.id) % 60), date: addDays(today, -d), user_id: userIds[0]!, created_at: iso(now) })),
  );
  await batch(washes, 500, (chunk) => db.insertInto('wash_records').values(chunk).execute());

  await analyze(database);
  return { userId: userIds[0]!, open };
}

/** A bulk load leaves planner statistics stale; a live database has them (autovacuum, SQLite's optimize). */
async function analyze(database: Db): Promise<void> {
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  else await sql`analyze`.execute(database.db);
}

interface Timing {
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

async function time(run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 5; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await run();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { mean: ms.reduce((s, v) => s + v, 0) / ms.length, p50: at(0.5), p95: at(0.95), max: ms.at(-1)! };
}

interface Row {
  engine: string;
  open: number;
  what: string;
  timing: Timing;
}

async function measure(engine: string, database: Db, open: number, config: Config, url: string, token: string): Promise<Row[]> {
  const figures = new KpiFigures(buildRepositories(database.db, database.dialect, config.site), config.site, config.timeZone);
  const repo = new KpisRepository(database.db, database.dialect);
  const costs = new CostFigures(buildRepositories(database.db, database.dialect, config.site), config.timeZone);
  const now = new Date();
  const windows = kpiWindows(now, todayIn('UTC', now), 30);
  const sites = config.site.chemicalLocationIds.filter((id) => id !== config.site.chemicalReportLocationId);
  const steps: [string, () => Promise<unknown>][] = [
    ['all figures, in process (KpiFigures.compute)', () => figures.compute(30)],
    ['  open orders by status, age, location', () => repo.openWorkOrders(windows.ages)],
    ['  mean time to claim, 2 windows', () => repo.meanTimesSinceCreation('claimed_at', [windows.response.current, windows.response.previous])],
    ['  mean time to complete, 2 windows', () => repo.meanTimesSinceCreation('completed_at', [windows.response.current, windows.response.previous])],
    ['  maintenance compliance, 30 and 90 days', () => repo.compliance(windows.compliance.map((w) => w.since))],
    ['  tasks past due', () => repo.pastDueTasks(todayIn('UTC'))],
    ['  chemical fills by site and month', () => repo.chemicalFills(sites, windows.monthDays)],
    ['  cars washed by site and month', () => repo.carsWashed(sites, windows.monthDays)],
    ['  cost by location and costliest assets, 30 and 90 days', () => costs.windows(windows.compliance.map((w) => w.days), now)],
    [
      'GET /api/v1/kpis/ over HTTP, one at a time',
      async () => {
        const res = await fetch(`${url}/api/v1/kpis/`, { headers: { authorization: `Bearer ${token}` } });
        if (res.status !== 200) throw new Error(`GET /api/v1/kpis/ answered ${res.status}`);
        await res.arrayBuffer();
      },
    ],
  ];
  const rows: Row[] = [];
  for (const [what, run] of steps) {
    const timing = await time(run);
    rows.push({ engine, open, what, timing });
    console.log(`[${engine}, ${open.toLocaleString('en-US')} open] ${what.trim()}: mean ${timing.mean.toFixed(2)} ms, p50 ${timing.p50.toFixed(2)}, p95 ${timing.p95.toFixed(2)}, max ${timing.max.toFixed(2)}`);
  }
  return rows;
}

async function benchEngine(engine: Engine, pgUrl: string | null): Promise<Row[]> {
  const { database, dataDir, secret, dbEnv, place, close } = await openBenchDatabase(engine, pgUrl, 'kpis');
  let server: ChildProcess | null = null;
  try {
    const t0 = Date.now();
    const { userId, open } = await load(database);
    console.log(`[${engine}] loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const port = await freePort();
    server = await startBenchServer({ SERVER_PROCESSES: '1', ...dbEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SECRET_KEY: secret, CLIENT_DIR: join(dataDir, 'none') });
    const token = await benchAccessToken(database, dataDir, secret, userId);
    const url = `http://127.0.0.1:${port}`;
    // The server's own configuration (the default chemical sites, UTC), as the figures in process see it.
    const config = loadConfig({ ...dbEnv, DATA_DIR: dataDir, SECRET_KEY: secret });
    const rows = await measure(engine, database, open, config, url, token);
    // The worst case for the open-order counts: every order open.
    await database.db.updateTable('work_orders').set({ status: 'Pending' }).where('status', '=', 'Completed').execute();
    await analyze(database);
    rows.push(...(await measure(engine, database, SIZES.workOrders, config, url, token)).filter((r) => r.what.startsWith('all') || r.what.includes('open orders') || r.what.startsWith('GET')));
    return rows;
  } finally {
    server?.kill('SIGTERM');
    if (values.keep) console.log(`[${engine}] kept: ${place}`);
    await close(values.keep);
  }
}

const rows = await onEngines({ sqlite: values['skip-sqlite'], postgres: values['skip-postgres'] }, benchEngine);

console.log(`\n${RUNS} runs each, after 5 unmeasured.\n`);
console.log('| engine | open orders | what | mean ms | p50 ms | p95 ms | max ms |');
console.log('|---|---:|---|---:|---:|---:|---:|');
for (const r of rows) {
  const { mean, p50, p95, max } = r.timing;
  console.log(`| ${r.engine} | ${r.open.toLocaleString('en-US')} | ${r.what.trim()} | ${mean.toFixed(2)} | ${p50.toFixed(2)} | ${p95.toFixed(2)} | ${max.toFixed(2)} |`);
}
