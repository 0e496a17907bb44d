/**
 * Starts the server (after main.ts checked the Node.js version). With SERVER_PROCESSES above 1 the
 * work is split with node:cluster: the primary migrates and seeds once, runs the timed jobs, and
 * forks the processes that answer requests on the one shared port. Every decision that must be
 * unique (claims, idempotency keys, token rotation) is made in the database, so any process may
 * answer any request.
 */
import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app.js';
import { isLoopback, loadConfig, type Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrate } from './db/migrate.js';
import { purgeIdempotencyKeys } from './http/idempotency.js';
import { TokenService } from './modules/auth/jwt.js';
import { demoLoginsStillOpen, demoOnPublicAddressMessage, seedDemoData } from './demo/seed.js';
import { firstStaffAdvice } from './modules/admin/first-start.js';
import { ChangeLogRepository } from './modules/sync/change-log.repository.js';
import { makeDataPrivate } from './private-files.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Migrations and demo data: once, before anything answers requests. */
async function prepareDatabase(config: Config): Promise<Db> {
  const fixed = makeDataPrivate(config.dataDir);
  if (fixed) console.log(`${config.dataDir}: ${fixed} ${fixed === 1 ? 'file or folder was' : 'files or folders were'} open to other local users; now only this account can read ${fixed === 1 ? 'it' : 'them'}.`);
  const database = openDatabase(config);
  await migrate(database);
  const logins = config.demoData ? await seedDemoData(database, config) : null;
  // Demo passwords are published: other machines must not find them working.
  if (!isLoopback(config.host)) {
    const open = await demoLoginsStillOpen(database);
    if (open.length) {
      await database.close();
      throw new Error(demoOnPublicAddressMessage(config.host, open));
    }
  }
  if (logins) {
    const lines = logins.map((l) => `  ${l.role.padEnd(12)} ${l.email} / ${l.password}`);
    console.log(`\nDemo data created. Sign in with:\n${lines.join('\n')}\n`);
  }
  const advice = await firstStaffAdvice(database);
  if (advice) console.log(`\n${advice}\n`);
  return database;
}

/**
 * Hourly: drop idempotency records past their replay window, refresh tokens nobody can use, and
 * changes older than SYNC_LOG_RETENTION_DAYS from the change log. One process runs it.
 */
async function startHousekeeping(config: Config, database: Db, onError: (err: unknown) => void): Promise<() => void> {
  const tokens = new TokenService(config.secretKey, database.db);
  const changes = new ChangeLogRepository(database.db);
  const compactChanges = () => changes.compact(new Date(Date.now() - config.syncLogRetentionDays * DAY_MS).toISOString());
  const housekeeping = () => Promise.all([purgeIdempotencyKeys(database.db), tokens.purge(), compactChanges()]);
  const timer = setInterval(() => void housekeeping().catch(onError), HOUR_MS);
  timer.unref();
  await housekeeping();
  return () => clearInterval(timer);
}

function onSignals(handler: (signal: string) => Promise<void>): void {
  process.once('SIGINT', () => void handler('SIGINT'));
  process.once('SIGTERM', () => void handler('SIGTERM'));
}

/** One process does everything: the behaviour with SERVER_PROCESSES=1. */
async function runSingle(config: Config): Promise<void> {
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database, logger: true });
  const stopHousekeeping = await startHousekeeping(config, database, (err) => app.log.error({ err }, 'housekeeping failed'));
  onSignals(async (signal) => {
    app.log.info({ signal }, 'shutting down');
    stopHousekeeping();
    await app.close();
    await database.close();
    process.exit(0);
  });
  await app.listen({ host: config.host, port: config.port });
  console.log(`Maintenance Manager is running at ${config.publicUrl}/`);
}

/** A request-serving process of the cluster: the database is ready, the primary runs the timed jobs. */
async function runWorker(config: Config): Promise<void> {
  const database = openDatabase(config);
  const app = await buildApp({ config, database, logger: true });
  onSignals(async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
  await app.listen({ host: config.host, port: config.port });
}

async function runPrimary(config: Config): Promise<void> {
  const database = await prepareDatabase(config);
  const stopHousekeeping = await startHousekeeping(config, database, (err) => console.error('housekeeping failed:', err));
  let stopping = false;
  const listeningWorkers = new WeakSet<Worker>();

  const stop = async (code: number) => {
    stopping = true;
    stopHousekeeping();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((done) => {
            if (w.isDead()) return done();
            w.once('exit', () => done());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await database.close();
    process.exit(code);
  };
  onSignals(async () => stop(0));

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!listeningWorkers.has(worker) && signal === null) {
      // It exited before it listened (port taken, bad configuration): another would fail too, so
      // stop rather than loop. One killed from outside (a signal) is replaced like any other.
      console.error(`A server process could not start (exit ${code ?? signal}); stopping.`);
      void stop(1);
      return;
    }
    console.error(`A server process stopped (exit ${code ?? signal}); starting another.`);
    cluster.fork();
  });

  const listening = new Promise<void>((done) => {
    let count = 0;
    cluster.on('listening', (worker) => {
      listeningWorkers.add(worker);
      if (++count === config.serverProcesses) done();
    });
  });
  for (let i = 0; i < config.serverProcesses; i++) cluster.fork();
  await listening;
  console.log(`Maintenance Manager is running at ${config.publicUrl}/ (${config.serverProcesses} server processes)`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.serverProcesses === 1) return runSingle(config);
  return cluster.isPrimary ? runPrimary(config) : runWorker(config);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
