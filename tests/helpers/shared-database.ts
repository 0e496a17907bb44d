/**
 * A database for tests that run real server processes on it: a fresh SQLite file (in its own data
 * directory) or PostgreSQL schema, migrated, with full-access callers and one location written
 * before any server starts. `env` is what each server process is started with.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src-server/config.js';
import { openDatabase, type Db } from '../../src-server/db/database.js';
import { migrate } from '../../src-server/db/migrate.js';
import { TokenService } from '../../src-server/modules/auth/jwt.js';
import { hashPassword } from '../../src-server/modules/auth/passwords.js';
import type { UserRow } from '../../src-server/modules/users/users.repository.js';
import { buildRepositories, type Repositories } from '../../src-server/db/repositories.js';
import { createPgSchema, usesPostgres } from './test-app.js';

export interface Caller {
  user: UserRow;
  headers: Record<string, string>;
}

export interface SharedDatabase {
  env: Record<string, string>;
  database: Db;
  /** Its repositories and token service, as a server process builds them. */
  repositories: Repositories;
  tokens: TokenService;
  callers: Caller[];
  locationId: number;
  close(): Promise<void>;
}

export async function createSharedDatabase(opts: { callers: number }): Promise<SharedDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cmms-procs-'));
  const secret = randomBytes(32).toString('hex');
  const pg = usesPostgres ? await createPgSchema() : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SECRET_KEY: secret,
    CMMS_DEMO: '0',
    CLIENT_DIR: join(dataDir, 'no-client'),
    ...(pg ? { DATABASE_URL: pg.url, DATABASE_SCHEMA: pg.schema } : {}),
  };
  const config = loadConfig(env);
  const database = openDatabase(config);
  await migrate(database);
  const repositories = buildRepositories(database.db, database.dialect, config.site);
  const { users } = repositories;
  const tokens = new TokenService(secret, repositories);
  const passwordHash = await hashPassword('Shared-Database-Password-1');
  const callers = await Promise.all(
    Array.from({ length: opts.callers }, async (_, i) => {
      const user = await users.create({
        email: `caller${i}@example.com`,
        passwordHash,
        firstName: `Caller${i}`,
        lastName: 'Tech',
        isActive: true,
        fullFeatureAccess: true,
        isStaff: false,
      });
      return { user, headers: { authorization: `Bearer ${await tokens.accessToken(user.id)}` } };
    }),
  );
  const now = new Date().toISOString();
  const location = await repositories.locations.create({
    location_type: 'GENERAL STORE',
    name: 'Shared Store',
    address: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    phone_number: '',
    created_at: now,
    updated_at: now,
  });
  return {
    env,
    database,
    repositories,
    tokens,
    callers,
    locationId: location.id,
    async close() {
      await database.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
