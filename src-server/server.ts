/**
 * Starts the server (after main.ts checked the Node.js version). With SERVER_PROCESSES above 1 the
 * work is split with node:cluster: the primary migrates and seeds once, runs the timed jobs, and
 * forks the processes that answer requests on the one shared port. Every decision that must be
 * unique (claims, idempotency keys, token rotation) is made in the database, so any process may
 * answer any request.
 *
 * SIGTERM or SIGINT stops it without losing an answer (http/shutdown.ts): the port closes, the
 * requests in flight are answered within SHUTDOWN_TIMEOUT_S, connections are closed, then the
 * database, and the process exits 0 (1 if requests had to be cut). In a cluster the primary first
 * has every process close the port, then has each drain, and exits when they all have.
 */
import cluster, { type Worker } from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { answerPrimary, askWorker, liveWorkers } from './cluster-messages.js';
import { isLoopback, loadConfig, type Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrate } from './db/migrate.js';
import { purgeIdempotencyKeys } from './http/idempotency.js';
import { gatherClusterMetrics } from './http/metrics.js';
import { TokenService } from './modules/auth/jwt.js';
import { demoLoginsStillOpen, demoOnPublicAddressMessage, seedDemoData } from './demo/seed.js';
import { firstStaffAdvice } from './modules/admin/first-start.js';
import { buildRepositories } from './db/repositories.js';
import { keepClusterStreamSlots } from './modules/sync/stream-slots.js';
import { purgeSentNotices } from './modules/notifications/notification-queue.js';
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
  const repositories = buildRepositories(database.db, database.dialect, config.site);
  if (!isLoopback(config.host)) {
    const open = await demoLoginsStillOpen(repositories);
    if (open.length) {
      await database.close();
      throw new Error(demoOnPublicAddressMessage(config.host, open));
    }
  }
  if (logins) {
    const lines = logins.map((l) => `  ${l.role.padEnd(12)} ${l.email} / ${l.password}`);
    console.log(`\nDemo data created. Sign in with:\n${lines.join('\n')}\n`);
  }
  const advice = await firstStaffAdvice(repositories);
  if (advice) console.log(`\n${advice}\n`);
  return database;
}

/**
 * Hourly: drop idempotency records past their replay window, refresh tokens nobody can use, and
 * changes older than SYNC_LOG_RETENTION_DAYS from the change log, notification mails sent over a
 * day ago (the hourly limit looks back one hour). One process runs it.
 */
async function startHousekeeping(config: Config, database: Db, onError: (err: unknown) => void): Promise<() => void> {
  const repositories = buildRepositories(database.db, database.dialect, config.site);
  const tokens = new TokenService(config.secretKey, repositories);
  const changes = repositories.changeLog;
  const compactChanges = () => changes.compact(new Date(Date.now() - config.syncLogRetentionDays * DAY_MS).toISOString());
  const housekeeping = () =>
    Promise.all([purgeIdempotencyKeys(database.db), tokens.purge(), compactChanges(), purgeSentNotices(database.db, new Date(Date.now() - DAY_MS).toISOString())]);
  const timer = setInterval(() => void housekeeping().catch(onError), HOUR_MS);
  timer.unref();
  await housekeeping();
  return () => clearInterval(timer);
}

/** Beyond the drain's bound, closing the app and the database get this long before the process exits anyway. */
const CLOSE_MARGIN_MS = 5_000;
/** Messages from the primary to its server processes during a stop (cluster-messages.ts). */
const STOP_LISTENING = 'stop-listening';
const DRAIN = 'drain';

/** Runs `stop` once, on the first SIGTERM or SIGINT (a terminal's Ctrl-C reaches every process of the group, the primary's forward comes too). */
function onSignals(stop: (signal: string) => void): void {
  let stopping = false;
  const once = (signal: string) => () => {
    if (stopping) return;
    stopping = true;
    stop(signal);
  };
  process.once('SIGINT', once('SIGINT'));
  process.once('SIGTERM', once('SIGTERM'));
}

/**
 * Drains the app (http/shutdown.ts), closes it and the database, and exits: 0, or 1 when requests
 * had to be cut at SHUTDOWN_TIMEOUT_S or something failed on the way.
 */
async function stopServing(app: FastifyInstance, database: Db, config: Config): Promise<never> {
  // Whatever hangs (a database that does not answer its close), the process still ends.
  setTimeout(() => {
    app.log.error('the stop took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + CLOSE_MARGIN_MS).unref();
  let code = 0;
  try {
    const cut = await app.shutdown.drain(config.shutdownTimeoutMs);
    if (cut) {
      app.log.warn({ cut, shutdownTimeoutS: config.shutdownTimeoutMs / 1000 }, 'requests still running at SHUTDOWN_TIMEOUT_S were cut');
      code = 1;
    }
    await app.close();
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'the stop failed');
    code = 1;
  }
  process.exit(code);
}

/** One process does everything: the behaviour with SERVER_PROCESSES=1. */
async function runSingle(config: Config): Promise<void> {
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database, logger: true });
  const stopHousekeeping = await startHousekeeping(config, database, (err) => app.log.error({ err }, 'housekeeping failed'));
  // Stopped by app.close() (its onClose hook) in stopServing.
  app.notifications.start(config.notifyIntervalMs);
  onSignals((signal) => {
    app.log.info({ signal }, 'stopping: finishing the requests in flight');
    stopHousekeeping();
    void stopServing(app, database, config);
  });
  await app.listen({ host: config.host, port: config.port });
  console.log(`Maintenance Manager is running at ${config.publicUrl}/`);
}

/** A request-serving process of the cluster: the database is ready, the primary runs the timed jobs. */
async function runWorker(config: Config): Promise<void> {
  const database = openDatabase(config);
  const app = await buildApp({ config, database, logger: true });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stopServing(app, database, config);
  };
  // The primary's stop: first the port (answered once closed), then the drain.
  answerPrimary(STOP_LISTENING, () => app.shutdown.stopListening());
  answerPrimary(DRAIN, stop);
  // A signal sent to this process alone (or a terminal's Ctrl-C) stops it by itself.
  onSignals(stop);
  // Every serving process ticks; the database decides which one mails (modules/notifications/dispatcher.ts).
  app.notifications.start(config.notifyIntervalMs);
  await app.listen({ host: config.host, port: config.port });
}

/**
 * The primary's stop. Every process closes its side of the shared port first, so that once all
 * have, the port is closed and no connection waits in it to be dropped; only then does any process
 * let its connections go. A process that cannot be asked gets SIGTERM; one still alive past the
 * bound gets SIGKILL.
 */
async function stopWorkers(config: Config): Promise<boolean> {
  const workers = liveWorkers();
  const exits = workers.map(
    (w) =>
      new Promise<boolean>((done) => {
        if (w.isDead()) return done(w.process.exitCode === 0);
        w.once('exit', (code) => done(code === 0));
      }),
  );
  await Promise.all(workers.map((w) => askWorker(w, STOP_LISTENING, null, CLOSE_MARGIN_MS).catch(() => w.process.kill('SIGTERM'))));
  for (const w of workers) void askWorker(w, DRAIN, null, config.shutdownTimeoutMs + CLOSE_MARGIN_MS).catch(() => undefined);
  const kill = setTimeout(() => {
    for (const w of liveWorkers()) w.process.kill('SIGKILL');
  }, config.shutdownTimeoutMs + 2 * CLOSE_MARGIN_MS);
  const clean = await Promise.all(exits);
  clearTimeout(kill);
  return clean.every(Boolean);
}

async function runPrimary(config: Config): Promise<void> {
  const database = await prepareDatabase(config);
  const stopHousekeeping = await startHousekeeping(config, database, (err) => console.error('housekeeping failed:', err));
  let stopping = false;
  const listeningWorkers = new WeakSet<Worker>();
  gatherClusterMetrics();
  // Sync streams per user are counted here, for all the processes together.
  keepClusterStreamSlots();

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    stopHousekeeping();
    const clean = await stopWorkers(config);
    await database.close().catch(() => undefined);
    process.exit(clean ? code : 1);
  };
  onSignals(() => void stop(0));

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
