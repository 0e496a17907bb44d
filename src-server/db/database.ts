/** Opens the configured database: embedded SQLite file by default, PostgreSQL when DATABASE_URL is set. */
import { createHash } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type DialectAdapter, type Driver, type PostgresPool, type PostgresPoolClient, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { PRIVATE_FILE_MODE } from '../private-files.js';
import type { DialectName } from './dialect.js';
import type { Database } from './schema.js';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** This process's connections now (the metrics read it at each scrape). */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

/**
 * PostgreSQL: the pool's connections, the idle ones and the queries waiting for one. SQLite: its one
 * connection per process (total 1, idle 0 or 1) and the queries queued behind the query or
 * transaction holding it.
 */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export type DbConfig = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>> & { sqliteFile?: string };

/** The embedded database's file in DATA_DIR. */
export function sqliteFileOf(dataDir: string): string {
  return join(dataDir, 'cmms.sqlite3');
}

export function openDatabase(config: DbConfig): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolSize ?? 10,
      ...(config.databaseSchema ? { options: `-c search_path=${config.databaseSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    return {
      db,
      dialect: 'postgres',
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const file = config.sqliteFile ?? sqliteFileOf(config.dataDir);
  // Created owner-only before SQLite opens it (an empty file is an empty database): it holds the
  // password hashes, and SQLite gives its -wal and -shm files the same permissions.
  if (file !== ':memory:') closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the single writer; busy_timeout rides out a brief lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's own lower() folds only ASCII; PostgreSQL's folds every letter. Searches must match
  // "ÉCHEC" with "échec" on both, so lower() is replaced by JavaScript's.
  sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
  const dialect = new ImmediateSqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: 'sqlite', poolUse: () => dialect.queue.use(), close: () => db.destroy() };
}

/**
 * Transactions take SQLite's write lock when they begin. Several server processes share one file;
 * a deferred transaction that reads and then writes could meet another process's write in between
 * and fail with SQLITE_BUSY at once (the busy timeout does not apply to that upgrade).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly queue = new ConnectionQueue();
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.queue);
  }
  override createAdapter(): DialectAdapter {
    return new QueuedSqliteAdapter();
  }
}

/**
 * Kysely queues the users of a single connection itself when the adapter says it has only one, but
 * keeps no count of them; the driver below queues them instead (ConnectionQueue), in the same order,
 * so the metrics can tell how many queries wait behind a long transaction.
 */
class QueuedSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** First come, first served use of the one connection, counting who waits. */
class ConnectionQueue {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async take(): Promise<void> {
    if (this.#held) await new Promise<void>((granted) => this.#waiting.push(granted));
    this.#held = true;
  }

  /** Hands the connection to the next in line, if any (it stays held meanwhile). */
  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  use(): PoolUse {
    return { total: 1, idle: this.#held ? 0 : 1, waiting: this.#waiting.length };
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly queue: ConnectionQueue,
  ) {
    super(config);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.take();
    return super.acquireConnection();
  }
  override async releaseConnection(): Promise<void> {
    this.queue.give();
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Distinct SQL texts kept prepared; past this the least recently used is dropped (IN lists vary). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; compiling the SQL was the largest single cost of a list or
 * detail request. The same text is prepared once and reused (better-sqlite3 statements are
 * reusable; the single connection runs one query at a time).
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteStatement {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text); // re-inserted below: Map order is recency order
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** Distinct query texts a PostgreSQL process prepares by name; past this, queries run unnamed. */
const NAMED_STATEMENT_LIMIT = 1_000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const named = new Map<string, string>();
const patched = new WeakSet<object>();

/**
 * The PostgreSQL counterpart of the statement cache: each query text gets a name, so every pooled
 * connection parses and plans it once and then only binds and executes it (pg keeps named
 * statements per connection). Only plain data statements are named; the names are bounded.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const nameOf = (text: string): string | null => {
    let name = named.get(text);
    if (name === undefined && named.size < NAMED_STATEMENT_LIMIT && PREPARABLE.test(text)) {
      name = `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      named.set(text, name);
    }
    return name ?? null;
  };
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      if (!patched.has(client)) {
        patched.add(client);
        const query = client.query.bind(client) as (config: unknown, values?: unknown) => Promise<unknown>;
        (client as unknown as { query: typeof query }).query = (config: unknown, values?: unknown) => {
          const name = typeof config === 'string' ? nameOf(config) : null;
          return name ? query({ name, text: config, values }) : query(config, values);
        };
      }
      return client as unknown as PostgresPoolClient;
    },
  };
}
