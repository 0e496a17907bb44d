/**
 * The client benchmark's server: the production build (built here only when missing) served by the
 * real server, on the browser tests' environment (free loopback port, fresh data directory, demo
 * users), with work orders added through the API so lists look like a real site's. The server
 * serves a copy of dist/ taken at the start, so a rebuild during the run changes nothing under it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkOrder } from '../shared/api/workorders.js';
import { HttpClient, SUPERVISOR } from '../tests/helpers/e2e-api.js';
import { e2eEnv, serverEnv, type E2eEnv } from '../tests/helpers/e2e-env.js';
import { sharedWorkerPath } from '../tests/helpers/e2e-worker-port.js';

const DIST = 'dist';
const READY_TIMEOUT_MS = 60_000;

export function ensureBuild(): void {
  if (existsSync(join(DIST, 'index.html'))) return;
  console.log('dist/index.html is missing: running npm run build');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed with ${result.status}`);
}

/** Every file the service worker's precache manifest names (the build lists all of them there). */
function missingFromBuild(dir: string): string[] {
  const swFile = join(dir, 'sw.js');
  if (!existsSync(swFile)) return ['sw.js'];
  const urls = [...readFileSync(swFile, 'utf8').matchAll(/"url":"\/?([^"]+)"/g)].map((m) => m[1]!);
  if (urls.length === 0) return ['(precache manifest)'];
  return urls.filter((url) => !existsSync(join(dir, url)));
}

/** Copies dist/ whole: a copy taken while someone rebuilds lacks files, so it is taken again. */
async function snapshotBuild(target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    rmSync(target, { recursive: true, force: true });
    cpSync(DIST, target, { recursive: true });
    const missing = missingFromBuild(target);
    if (missing.length === 0) return;
    if (attempt === 10) throw new Error(`dist/ is incomplete (${missing.slice(0, 3).join(', ')}…): run npm run build`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}

export interface BenchServer {
  env: E2eEnv;
  /** The data worker's script as the build named it; a tab's `new SharedWorker` uses this URL. */
  sharedWorkerPath: string;
  stop(): Promise<void>;
}

async function waitUntilServing(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/monitoring/version/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not answering on port ${port} within ${READY_TIMEOUT_MS} ms`);
}

export async function startServer(): Promise<BenchServer> {
  const env = e2eEnv();
  // Inside the data directory, which is removed when the run ends.
  const clientDir = join(env.dataDir, 'client');
  await snapshotBuild(clientDir);
  const workerPath = sharedWorkerPath(clientDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    env: { ...process.env, ...serverEnv(env), CLIENT_DIR: clientDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilServing(env.port, child);
  return {
    env,
    sharedWorkerPath: workerPath,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Adds `count` work orders at one new location; returns them, newest first. */
export async function seedWorkOrders(count: number): Promise<{ api: HttpClient; orders: WorkOrder[] }> {
  const api = await HttpClient.signIn(SUPERVISOR);
  const location = await api.createLocation('Bench Depot');
  const orders: WorkOrder[] = [];
  const BATCH = 10;
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) =>
      api.createWorkOrder(location.id, `Bench order ${i + j + 1}: walk-in cooler alarm, check the door gasket and the evaporator fan.`),
    );
    orders.push(...(await Promise.all(batch)));
  }
  return { api, orders: orders.reverse() };
}

/** Maintenance tasks for the task-list flows: enough for a full first page. */
export async function seedTasks(api: HttpClient, count: number): Promise<void> {
  const location = await api.createLocation('Bench Plant');
  for (let i = 0; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, (_, j) =>
        api.createTask(location.id, `Bench task ${i + j + 1}: inspect the compressor belts and grease the bearings.`, { interval: 7 + ((i + j) % 60), lastCompleted: '2026-10-01' }),
      ),
    );
  }
}
