/**
 * A real server for one test file: its own data directory, its own SQLite file or PostgreSQL schema
 * (TEST_DB=postgres with TEST_DATABASE_URL), migrations applied, driven with app.inject().
 */
import { buildRepositories, type Repositories } from '../../src-server/db/repositories.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src-server/app.js';
import { loadConfig, type Config } from '../../src-server/config.js';
import { openDatabase, type Db } from '../../src-server/db/database.js';
import { migrate } from '../../src-server/db/migrate.js';
import type { Mailer } from '../../src-server/mail/mailer.js';
import { TokenService } from '../../src-server/modules/auth/jwt.js';
import { hashPassword } from '../../src-server/modules/auth/passwords.js';
import { UsersRepository, type UserRow } from '../../src-server/modules/users/users.repository.js';

export const usesPostgres = process.env.TEST_DB === 'postgres';

export interface TestUser {
  user: UserRow;
  password: string;
  token: string;
  /** Headers for an authenticated request. */
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Db;
  dataDir: string;
  /** app.inject() with a JSON body and optional user. */
  request(opts: InjectOptions & { as?: TestUser }): Promise<LightMyRequestResponse>;
  createUser(opts?: { full?: boolean; staff?: boolean; active?: boolean; email?: string; password?: string; firstName?: string; lastName?: string }): Promise<TestUser>;
  close(): Promise<void>;
}

let userSequence = 0;

/** Creates an empty PostgreSQL schema for one test run and returns its name. */
export async function createPgSchema(): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    url,
    schema,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export async function createTestApp(opts: { env?: Record<string, string>; mailer?: Mailer; pdfScript?: URL } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cmms-test-'));
  const pgSchema = usesPostgres ? await createPgSchema() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    CLIENT_DIR: join(dataDir, 'no-client'),
    AUTH_RATE_LIMIT: '10000',
    REPORT_MAIL_RATE_LIMIT: '10000',
    UPLOAD_RATE_LIMIT: '10000',
    PUBLIC_REQUEST_ADDRESS_LIMIT: '10000',
    PUBLIC_URL: 'http://cmms.test',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url, DATABASE_SCHEMA: pgSchema.schema } : {}),
    ...opts.env,
  });
  const database = openDatabase(config);
  await migrate(database);
  const app = await buildApp({ config, database, ...(opts.mailer ? { mailer: opts.mailer } : {}), ...(opts.pdfScript ? { pdfScript: opts.pdfScript } : {}) });
  await app.ready();
  const tokens = new TokenService(config.secretKey, buildRepositories(database.db, database.dialect, config.site));
  const users = new UsersRepository(database.db);

  return {
    app,
    config,
    database,
    dataDir,
    request({ as, headers, ...rest }) {
      return app.inject({ ...rest, headers: { ...(as ? as.headers : {}), ...headers } } as InjectOptions);
    },
    async createUser(o = {}) {
      const n = ++userSequence;
      const password = o.password ?? `Correct-Horse-${n}-Battery`;
      const user = await users.create({
        email: o.email ?? `user${n}.${randomBytes(3).toString('hex')}@example.com`,
        passwordHash: await hashPassword(password),
        firstName: o.firstName ?? `First${n}`,
        lastName: o.lastName ?? `Last${n}`,
        isActive: o.active ?? true,
        fullFeatureAccess: o.full ?? false,
        isStaff: o.staff ?? false,
      });
      const token = await tokens.accessToken(user.id);
      return { user, password, token, headers: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      await database.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Files written to the mail outbox (DATA_DIR/outbox) as text, oldest first. */
export { readOutbox } from './outbox.js';

/** A test app's repositories and token service, built as the app builds its own. */
export function appServices(t: Pick<TestApp, 'database' | 'config'>): { repositories: Repositories; tokens: TokenService } {
  const repositories = buildRepositories(t.database.db, t.database.dialect, t.config.site);
  return { repositories, tokens: new TokenService(t.config.secretKey, repositories) };
}
