/**
 * What the server-side benchmarks share: a fresh database on each engine (a SQLite file in its own
 * data directory, or a PostgreSQL schema of its own), migrated, dropped afterwards; a server
 * process on it; and running a benchmark on SQLite and on PostgreSQL when it is reachable
 * (BENCH_DATABASE_URL, default the local test database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src-server/config.js';
import { openDatabase, type Db } from '../src-server/db/database.js';
import { buildRepositories } from '../src-server/db/repositories.js';
import { TokenService } from '../src-server/modules/auth/jwt.js';
import { migrate } from '../src-server/db/migrate.js';

export type Engine = 'sqlite' | 'postgres';

export interface BenchDatabase {
  database: Db;
  dataDir: string;
  secret: string;
  /** DATABASE_URL and DATABASE_SCHEMA for a server on it (none on SQLite). */
  dbEnv: Record<string, string>;
  /** Where it is, for a run kept to look at. */
  place: string;
  /** Closes it and removes it (unless `keep`). */
  close(keep?: boolean): Promise<void>;
}

async function onPostgres(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(sql);
  await c.end();
}

export async function openBenchDatabase(engine: Engine, pgUrl: string | null, prefix: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `cmms-${prefix}-${engine}-`));
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  if (pgUrl) await onPostgres(pgUrl, `create schema ${schema}`);
  const database = openDatabase({ databaseUrl: pgUrl, databaseSchema: pgUrl ? schema : null, dataDir });
  await migrate(database);
  return {
    database,
    dataDir,
    secret: randomBytes(32).toString('hex'),
    dbEnv: pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {},
    place: pgUrl ? `schema ${schema}` : dataDir,
    async close(keep = false) {
      await database.close();
      if (keep) return;
      if (pgUrl) await onPostgres(pgUrl, `drop schema if exists ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server process without demo data, ready once it says where it runs. */
export function startBenchServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], { env: { ...process.env, LOG_LEVEL: 'warn', CMMS_DEMO: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running at')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function postgresReachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** `bench` on SQLite, then on PostgreSQL when reachable; the rows of both. */
export async function onEngines<R>(skip: { sqlite: boolean; postgres: boolean }, bench: (engine: Engine, pgUrl: string | null) => Promise<R[]>): Promise<R[]> {
  const rows = skip.sqlite ? [] : await bench('sqlite', null);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!skip.postgres && (await postgresReachable(pgUrl))) rows.push(...(await bench('postgres', pgUrl)));
  else if (!skip.postgres) console.log('PostgreSQL not reachable: skipped');
  return rows;
}

/** An access token for `userId`, signed as the bench's server signs them (its SECRET_KEY). */
export async function benchAccessToken(database: Db, dataDir: string, secret: string, userId: number): Promise<string> {
  const config = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: secret });
  return new TokenService(secret, buildRepositories(database.db, database.dialect, config.site)).accessToken(userId);
}
