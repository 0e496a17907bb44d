import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-server/db/database.js';
import { verifyPassword } from '../../src-server/modules/auth/passwords.js';
import { createPgSchema, createTestApp, usesPostgres, type TestApp } from '../helpers/test-app.js';

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

function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(TSX, ['src-server/cli/main.ts', ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...dbEnv, ...env } }, (err, stdout, stderr) => {
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
    expect(run.stdout).toMatch(/^Updated user Chief@Example\.com \(id \d+\); its sessions were ended\.$/m);
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
      expect(run.stderr).toContain('Usage: npm run cli -- COMMAND [options]');
      expect(run.stderr).toContain('create-user --email E --password P');
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

describe('the command list', { timeout: 90_000 }, () => {
  const COMMANDS = ['create-user', 'list-users', 'set-access', 'set-staff', 'deactivate', 'activate', 'set-password', 'backup', 'restore'];

  it('--help lists every command on stdout; no command lists them on stderr with exit 2', async () => {
    const [help, none, unknown] = await Promise.all([cli(['--help']), cli([]), cli(['delete-user'])]);
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${c}\\b`, 'm'));
    expect(help.stdout).toContain('set-access --email E --full-access on|off');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No command given.');
    for (const c of COMMANDS) expect(none.stderr).toContain(`  ${c}`);
    expect(unknown.stderr).toContain("Unknown command 'delete-user'.");
  });

  it('refuses an unsupported Node.js with one line, before touching the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmms-cli-node-'));
    try {
      // Pretends to be Node 20 from the first line of every Node process the command starts.
      const run = await cli(['list-users'], {
        DATA_DIR: dir,
        DATABASE_URL: '',
        NODE_OPTIONS: "--import=data:text/javascript,Object.defineProperty(process,'version',{value:'v20.19.0'})",
      });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n').filter((l) => l.includes('Maintenance Manager'))).toEqual([
        'Maintenance Manager needs Node.js 22 or newer (24 LTS recommended); this is Node.js v20.19.0. On Linux x64: export PATH="$(bash scripts/provision-node.sh 24):$PATH"',
      ]);
      expect(run.stdout).toBe('');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('user administration commands', { timeout: 120_000 }, () => {
  let t: TestApp;
  const login = async (email: string, password: string) => {
    const res = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return res.json() as { access: string; refresh: string };
  };
  const refresh = (token: string) => t.request({ method: 'POST', url: '/api/v1/auth/jwt/refresh/', payload: { refresh: token } });
  const me = (access: string) => t.request({ method: 'GET', url: '/api/v1/auth/users/me/', headers: { authorization: `Bearer ${access}` } });
  const activeStaff = async () =>
    (await db.db.selectFrom('users').select('email').where('is_staff', '=', 1).where('is_active', '=', 1).orderBy('id').execute()).map((r) => r.email);

  beforeAll(async () => {
    t = await createTestApp({ env: dbEnv });
    for (const [email, extra] of [
      ['ops.lead@example.com', ['--staff', '--full-access', '--first-name', 'Olive', '--last-name', 'Lead']],
      ['ops.tech@example.com', ['--first-name', 'Tariq', '--last-name', 'Tech']],
    ] as const) {
      const run = await cli(['create-user', '--email', email, '--password', 'Hex-Key-Set-909', ...extra]);
      expect(run.code).toBe(0);
    }
    // Earlier tests made other staff users; only ops.lead stays staff here.
    await db.db.updateTable('users').set({ is_staff: 0 }).where('email_normalized', '!=', 'ops.lead@example.com').execute();
  });
  afterAll(() => t?.close());

  it('list-users prints every user with access, staff, last login and joined date; --search narrows it', async () => {
    await login('ops.tech@example.com', 'Hex-Key-Set-909');
    const all = await cli(['list-users']);
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+EMAIL\s+NAME\s+ACTIVE\s+FULL ACCESS\s+STAFF\s+LAST LOGIN\s+JOINED$/);
    const count = Number(/^(\d+) users\.$/.exec(lines.at(-1)!)?.[1]);
    expect(count).toBe((await db.db.selectFrom('users').select('id').execute()).length);
    const lead = lines.find((l) => l.includes('ops.lead@example.com'))!;
    expect(lead.split(/\s{2,}/).slice(1)).toEqual(['ops.lead@example.com', 'Olive Lead', 'yes', 'yes', 'yes', 'never', expect.stringMatching(/^\d{4}-\d\d-\d\d$/)]);
    const tech = lines.find((l) => l.includes('ops.tech@example.com'))!;
    expect(tech.split(/\s{2,}/).slice(1, 7)).toEqual(['ops.tech@example.com', 'Tariq Tech', 'yes', 'no', 'no', expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/)]);

    const found = await cli(['list-users', '--search', 'TARIQ']);
    expect(found.stdout.trim().split('\n').slice(1)).toEqual([expect.stringContaining('ops.tech@example.com'), '1 user.']);
    expect((await cli(['list-users', '--search', 'nobody-by-this-name'])).stdout).toBe('No users.\n');
  });

  it('set-access grants and revokes full access and says so; the user sees it on the next request', async () => {
    const session = await login('ops.tech@example.com', 'Hex-Key-Set-909');
    const on = await cli(['set-access', '--email', 'OPS.TECH@example.com', '--full-access', 'on']);
    expect(on).toMatchObject({ code: 0, stderr: '' });
    expect(on.stdout).toMatch(/^ops\.tech@example\.com \(id \d+\): full access on\.$/m);
    expect((await me(session.access)).json()).toMatchObject({ full_feature_access: true });
    const again = await cli(['set-access', '--email', 'ops.tech@example.com', '--full-access', 'on']);
    expect(again.stdout).toMatch(/: nothing to change \(active, full access\)\.$/m);
    const off = await cli(['set-access', '--email', 'ops.tech@example.com', '--full-access', 'off']);
    expect(off.stdout).toMatch(/: full access off\.$/m);
    expect((await me(session.access)).json()).toMatchObject({ full_feature_access: false });
  });

  it('set-staff grants and revokes staff, and refuses to take it from the last active staff user', async () => {
    expect((await cli(['set-staff', '--email', 'ops.tech@example.com', '--staff', 'on'])).stdout).toMatch(/: staff on\.$/m);
    expect(await activeStaff()).toEqual(['ops.lead@example.com', 'ops.tech@example.com']);
    expect((await cli(['set-staff', '--email', 'ops.tech@example.com', '--staff', 'off'])).stdout).toMatch(/: staff off\.$/m);

    const last = await cli(['set-staff', '--email', 'ops.lead@example.com', '--staff', 'off']);
    expect(last.code).toBe(1);
    expect(last.stderr.trim()).toBe('ops.lead@example.com is the last active staff user; at least one must remain. Make another user staff first.');
    expect(last.stdout).toBe('');
    expect(await activeStaff()).toEqual(['ops.lead@example.com']);
  });

  it('deactivate ends the user\'s sessions at once; the last active staff user cannot be deactivated; activate turns it back on', async () => {
    const session = await login('ops.tech@example.com', 'Hex-Key-Set-909');
    const off = await cli(['deactivate', '--email', 'ops.tech@example.com']);
    expect(off).toMatchObject({ code: 0, stderr: '' });
    expect(off.stdout).toMatch(/^ops\.tech@example\.com \(id \d+\): deactivated; its sessions were ended\.$/m);
    expect((await me(session.access)).json()).toEqual({ detail: 'User is inactive', code: 'user_inactive' });
    expect((await refresh(session.refresh)).statusCode).toBe(401);

    const last = await cli(['deactivate', '--email', 'ops.lead@example.com']);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('is the last active staff user');
    expect(await activeStaff()).toEqual(['ops.lead@example.com']);

    const on = await cli(['activate', '--email', 'ops.tech@example.com']);
    expect(on.stdout).toMatch(/: activated\.$/m);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    await login('ops.tech@example.com', 'Hex-Key-Set-909');
  });

  it('set-password checks the password like registration, sets it and ends every session', async () => {
    const session = await login('ops.tech@example.com', 'Hex-Key-Set-909');
    const weak = await cli(['set-password', '--email', 'ops.tech@example.com', '--password', 'tariq123']);
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('The password is too similar to the first name.');
    expect((await refresh(session.refresh)).statusCode).toBe(200);

    const session2 = await login('ops.tech@example.com', 'Hex-Key-Set-909');
    const set = await cli(['set-password', '--email', 'ops.tech@example.com', '--password', 'Flare-Nut-Wrench-3']);
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toMatch(/^ops\.tech@example\.com \(id \d+\): password set; its sessions were ended\.$/m);
    expect((await refresh(session2.refresh)).statusCode).toBe(401);
    expect(await verifyPassword((await findUser('ops.tech@example.com'))!.password_hash, 'Flare-Nut-Wrench-3')).toBe(true);
    await login('ops.tech@example.com', 'Flare-Nut-Wrench-3');
  });

  it('create-user on an existing account sets its password and ends its sessions', async () => {
    const session = await login('ops.tech@example.com', 'Flare-Nut-Wrench-3');
    expect((await cli(['create-user', '--email', 'ops.tech@example.com', '--password', 'Hex-Key-Set-909'])).code).toBe(0);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
  });

  it('names an unknown email and a bad on/off, changing nothing', async () => {
    const before = await db.db.selectFrom('users').selectAll().orderBy('id').execute();
    const [ghost, bad, missing] = await Promise.all([
      cli(['deactivate', '--email', 'ghost@example.com']),
      cli(['set-access', '--email', 'ops.tech@example.com', '--full-access', 'yes']),
      cli(['set-staff', '--staff', 'on']),
    ]);
    expect(ghost).toMatchObject({ code: 1, stdout: '' });
    expect(ghost.stderr.trim()).toBe('No user with the email ghost@example.com.');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--full-access must be on or off.');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('A valid --email is required.');
    expect(await db.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
