import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-server/db/database.js';
import { verifyPassword } from '../../src-server/modules/auth/passwords.js';
import { createPgSchema, createTestApp, usesPostgres } from '../helpers/test-app.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

let dataDir: string;
let pgSchema: Awaited<ReturnType<typeof createPgSchema>> | null = null;
/** Where the command line and the checks find the database: a SQLite file in dataDir, or a PostgreSQL schema. */
let dbEnv: Record<string, string>;
let db: Db;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cmms-cli-'));
  pgSchema = usesPostgres ? await createPgSchema() : null;
  dbEnv = { DATA_DIR: dataDir, ...(pgSchema ? { DATABASE_URL: pgSchema.url, DATABASE_SCHEMA: pgSchema.schema } : {}) };
  db = openDatabase({ dataDir, databaseUrl: pgSchema?.url ?? null, databaseSchema: pgSchema?.schema ?? null });
});
afterAll(async () => {
  await db.close();
  await pgSchema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, ['src-server/cli/main.ts', ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...dbEnv } }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

const findUser = (email: string) => db.db.selectFrom('users').selectAll().where('email_normalized', '=', email.toLowerCase()).executeTakeFirst();

describe('create-user', { timeout: 90_000 }, () => {
  it('creates an active full-access user who can then sign in', async () => {
    const run = await cli(['create-user', '--email', 'Chief@Example.com', '--password', 'Torque-Wrench-77', '--first-name', 'Chris', '--last-name', 'Chief', '--full-access']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Created user Chief@Example\.com \(id \d+, full access\)\.$/m);

    const row = await findUser('chief@example.com');
    expect(row).toMatchObject({ email: 'Chief@Example.com', first_name: 'Chris', last_name: 'Chief', is_active: 1, full_feature_access: 1, is_staff: 0 });
    expect(await verifyPassword(row!.password_hash, 'Torque-Wrench-77')).toBe(true);

    const t = await createTestApp({ env: dbEnv });
    try {
      const login = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'chief@example.com', password: 'Torque-Wrench-77' } });
      expect(login.statusCode).toBe(200);
      const me = await t.request({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${login.json().access}` } });
      expect(me.json()).toMatchObject({ email: 'Chief@Example.com', full_feature_access: true, is_staff: false });
    } finally {
      await t.close();
    }
  });

  it('updates an existing user: new password, staff added, access never taken away', async () => {
    const run = await cli(['create-user', '--email', 'chief@example.com', '--password', 'Socket-Set-2024', '--staff']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Updated user Chief@Example\.com \(id \d+\)\.$/m);
    const row = await findUser('chief@example.com');
    expect(row).toMatchObject({ is_active: 1, full_feature_access: 1, is_staff: 1 });
    expect(await verifyPassword(row!.password_hash, 'Socket-Set-2024')).toBe(true);
  });

  it('creates a limited user without --full-access', async () => {
    const run = await cli(['create-user', '--email', 'helper@example.com', '--password', 'Pipe-Bender-31']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('limited');
    expect(await findUser('helper@example.com')).toMatchObject({ is_active: 1, full_feature_access: 0, is_staff: 0 });
  });

  it('exits with 2 and the usage text on bad arguments, creating nobody', async () => {
    const runs = await Promise.all([
      cli([]),
      cli(['delete-user', '--email', 'x@example.com']),
      cli(['create-user', '--email', 'nopass@example.com']),
      cli(['create-user', '--email', 'not-an-email', '--password', 'Torque-Wrench-77']),
      cli(['create-user', '--email', 'admin@example.com', '--password', 'Torque-Wrench-77', '--admin']),
      cli(['create-user', '--email', 'admin@example.com', '--password']),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Usage: npm run cli -- create-user --email E --password P');
      expect(run.stdout).toBe('');
    }
    expect(runs[4]!.stderr).toContain("Unknown option '--admin'");
    expect(await findUser('nopass@example.com')).toBeUndefined();
    expect(await findUser('admin@example.com')).toBeUndefined();
  });

  it('rejects a weak password with the validator messages', async () => {
    const [short, common, similar] = await Promise.all([
      cli(['create-user', '--email', 'weak1@example.com', '--password', 'Ab1']),
      cli(['create-user', '--email', 'weak2@example.com', '--password', 'password123']),
      cli(['create-user', '--email', 'wrenchmaster@example.com', '--password', 'wrenchmaster1']),
    ]);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('This password is too short. It must contain at least 8 characters.');
    expect(common.code).toBe(2);
    expect(common.stderr).toContain('This password is too common.');
    expect(similar.code).toBe(2);
    expect(similar.stderr).toContain('The password is too similar to the email.');
    for (const email of ['weak1@example.com', 'weak2@example.com', 'wrenchmaster@example.com']) expect(await findUser(email)).toBeUndefined();
  });
});
