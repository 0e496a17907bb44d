/**
 * `npm run cli -- backup` and `restore` (src-server/cli/backup.ts). On SQLite: a backup taken from
 * a real server (two processes) while work orders are being created over HTTP holds every create
 * acknowledged before it started, passes integrity_check, and restored into a fresh DATA_DIR it is
 * served by a new server; restore refuses while a server has the database open, refuses files that
 * are not a sound database of this app (changing nothing), and keeps the database it replaces; a
 * backup never replaces a file, not even one made at its name while it copies. On
 * PostgreSQL both commands refuse and say how to use pg_dump and pg_restore, and what else to copy.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../shared/api/workorders.js';
import { BackupRefusal, backup } from '../../src-server/cli/backup.js';
import { loadConfig } from '../../src-server/config.js';
import { startServer, stopServer, waitUntilReady } from '../helpers/server-process.js';
import { createSharedDatabase, type SharedDatabase } from '../helpers/shared-database.js';
import { createPgSchema, usesPostgres } from '../helpers/test-app.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    execFile(TSX, ['src-server/cli/main.ts', ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

function readDb<T>(file: string, read: (db: SQLite.Database) => T): T {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const integrity = (file: string) => readDb(file, (db) => (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check));
const descriptions = (file: string) => readDb(file, (db) => db.prepare('select id, description from work_orders').all() as { id: number; description: string }[]);

// Each engine runs the half that applies to it (a skipped half would be reported as skipped).
if (!usesPostgres) {
describe('backup and restore of the SQLite database', { timeout: 120_000 }, () => {
  let shared: SharedDatabase;
  let work: string;
  let backupFile: string;
  /** Creates acknowledged (201) before the backup command was started. */
  let acknowledgedBefore: { id: number; description: string }[] = [];
  let restoredDir: string;

  beforeAll(async () => {
    shared = await createSharedDatabase({ callers: 6 });
    work = mkdtempSync(join(tmpdir(), 'cmms-backup-'));
    backupFile = join(work, 'cmms-backup.sqlite3');
    restoredDir = join(work, 'restored');
  }, 60_000);
  afterAll(async () => {
    await shared?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const envFor = (dataDir: string) => ({ ...shared.env, DATA_DIR: dataDir });

  it('backs up a serving server under a write load: every create acknowledged before it started is in the copy, which is sound and private', async () => {
    const server = await startServer({ ...shared.env, SERVER_PROCESSES: '2' });
    let backupStartedAt = Infinity;
    let stop = false;
    const acknowledged: { id: number; description: string; at: number }[] = [];
    try {
      await waitUntilReady(server);
      let enough!: () => void;
      const loaded = new Promise<void>((r) => (enough = r));
      const load = Promise.all(
        shared.callers.map(async (caller, c) => {
          for (let n = 0; !stop; n++) {
            const description = `backup-load-${c}-${n}`;
            const res = await fetch(`${server.origin}/api/v1/workorders/`, {
              method: 'POST',
              headers: { ...caller.headers, 'content-type': 'application/json', 'idempotency-key': `backup-${c}-${n}-${randomBytes(3).toString('hex')}` },
              body: JSON.stringify({ location_id: shared.locationId, description }),
            });
            const body = (await res.json()) as WorkOrder;
            if (res.status === 201) acknowledged.push({ id: body.id, description, at: Date.now() });
            if (acknowledged.length >= 100) enough();
          }
        }),
      );
      await loaded;
      backupStartedAt = Date.now();
      const countAtStart = acknowledged.length;
      const run = await cli(['backup', '--to', backupFile], envFor(shared.env.DATA_DIR!));
      const duringBackup = acknowledged.length - countAtStart;
      stop = true;
      await load;
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Backed up .*cmms\.sqlite3 to .*cmms-backup\.sqlite3 \([\d.]+ MB; integrity ok; \d+ work orders, 6 users, schema \d{4}_\w+\)\.$/m);
      expect(run.stdout).toContain('the uploads (');
      expect(run.stdout).toContain('secret key');
      // The server kept writing while the copy was made.
      expect(duringBackup).toBeGreaterThan(0);
    } finally {
      stop = true;
      await stopServer(server);
    }

    acknowledgedBefore = acknowledged.filter((a) => a.at <= backupStartedAt);
    expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(100);
    expect(mode(backupFile)).toBe('600');
    // One self-contained file: nothing beside it, and no half-written one left.
    expect(readdirSync(work).sort()).toEqual(['cmms-backup.sqlite3']);
    expect(integrity(backupFile)).toEqual(['ok']);
    const inCopy = new Map(descriptions(backupFile).map((r) => [r.id, r.description]));
    expect(acknowledgedBefore.filter((a) => inCopy.get(a.id) !== a.description).map((a) => a.description)).toEqual([]);
  });

  it('restores into a fresh DATA_DIR, where a new server starts and serves the restored work orders', async () => {
    const run = await cli(['restore', '--from', backupFile], envFor(restoredDir));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('There was no database to replace.');
    expect(run.stdout).toContain('Start the server: it applies any migration this version adds.');
    const live = join(restoredDir, 'cmms.sqlite3');
    expect(mode(live)).toBe('600');
    expect(integrity(live)).toEqual(['ok']);
    const restored = new Map(descriptions(live).map((r) => [r.id, r.description]));
    expect(acknowledgedBefore.filter((a) => restored.get(a.id) !== a.description).map((a) => a.description)).toEqual([]);
    expect(readdirSync(restoredDir).filter((f) => f.includes('restoring'))).toEqual([]);

    const server = await startServer({ ...envFor(restoredDir), SERVER_PROCESSES: '1' });
    try {
      await waitUntilReady(server);
      expect(await (await fetch(`${server.origin}/readyz`)).json()).toEqual({ status: 'ready' });
      const sample = acknowledgedBefore[acknowledgedBefore.length - 1]!;
      const res = await fetch(`${server.origin}/api/v1/workorders/${sample.id}/`, { headers: shared.callers[0]!.headers });
      expect(res.status).toBe(200);
      expect(((await res.json()) as WorkOrder).description).toBe(sample.description);
      const list = await fetch(`${server.origin}/api/v1/workorders/`, { headers: shared.callers[0]!.headers });
      expect(((await list.json()) as { count: number }).count).toBe(restored.size);

      // While the server has the database open, a restore is refused and changes nothing.
      const busy = await cli(['restore', '--from', backupFile], envFor(restoredDir));
      expect(busy.code).toBe(1);
      expect(busy.stderr.trim()).toBe(`${live} is in use: a server (or another command) has it open. Stop the server, then restore.`);
      expect(busy.stdout).toBe('');
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    } finally {
      await stopServer(server);
    }
    expect(readdirSync(restoredDir).filter((f) => /replaced|restoring/.test(f))).toEqual([]);
  });

  it('refuses files that are not a sound database of this app, or of a newer version, changing nothing', async () => {
    const live = join(restoredDir, 'cmms.sqlite3');
    const before = descriptions(live);
    const text = join(work, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some text that is long enough to have a header\n'.repeat(20));
    const foreign = join(work, 'foreign.sqlite3');
    const other = new SQLite(foreign);
    other.exec("create table things (id integer primary key, name text); insert into things (name) values ('x')");
    other.close();
    const newer = join(work, 'newer.sqlite3');
    copyFileSync(backupFile, newer);
    const n = new SQLite(newer);
    n.prepare('insert into schema_migrations (name, applied_at) values (?, ?)').run('9999_from_the_future', new Date().toISOString());
    n.close();
    // A copy whose index of the work orders is another table's: readable, and inconsistent.
    const inconsistent = join(work, 'inconsistent.sqlite3');
    copyFileSync(backupFile, inconsistent);
    const i = new SQLite(inconsistent);
    const indexRoot = (table: string) => i.prepare(`select rootpage from sqlite_master where type = 'index' and tbl_name = ? order by name limit 1`).pluck().get(table) as number;
    const [orders, users] = [indexRoot('work_orders'), indexRoot('users')];
    i.unsafeMode(true); // lets the schema table be written
    i.pragma('writable_schema = ON');
    i.prepare(`update sqlite_master set rootpage = ? where type = 'index' and rootpage = ?`).run(users, orders);
    i.close();
    // A copy with the work orders' first page overwritten with noise: not even readable.
    const corrupt = join(work, 'corrupt.sqlite3');
    copyFileSync(backupFile, corrupt);
    const pageSize = readDb(backupFile, (db) => Number(db.pragma('page_size', { simple: true })));
    const rootPage = readDb(backupFile, (db) => Number(db.prepare("select rootpage from sqlite_master where name = 'work_orders'").pluck().get()));
    const fd = openSync(corrupt, 'r+');
    writeSync(fd, randomBytes(pageSize), 0, pageSize, (rootPage - 1) * pageSize);
    closeSync(fd);

    const env = envFor(restoredDir);
    const [notSqlite, notOurs, fromNewer, unsound, broken, missing, noFile] = await Promise.all([
      cli(['restore', '--from', text], env),
      cli(['restore', '--from', foreign], env),
      cli(['restore', '--from', newer], env),
      cli(['restore', '--from', inconsistent], env),
      cli(['restore', '--from', corrupt], env),
      cli(['restore', '--from', join(work, 'nothing-here.sqlite3')], env),
      cli(['restore'], env),
    ]);
    expect(notSqlite).toMatchObject({ code: 1, stdout: '' });
    expect(notSqlite.stderr.trim()).toBe(`${text} is not a SQLite database.`);
    expect(notOurs.code).toBe(1);
    expect(notOurs.stderr).toContain('is a SQLite database, but not one of this app');
    expect(fromNewer.code).toBe(1);
    expect(fromNewer.stderr).toContain('was made by a newer version of the app (migrations 9999_from_the_future are unknown here)');
    expect(unsound.code).toBe(1);
    expect(unsound.stderr).toContain(`${inconsistent} fails its integrity check, so it is not restored:`);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/fails its integrity check|cannot be read as a database/);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no file');
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--from FILE is required.');

    expect(descriptions(live)).toEqual(before);
    expect(readdirSync(restoredDir).filter((f) => /replaced|restoring/.test(f))).toEqual([]);
  });

  it('keeps the database it replaces, owner-only, beside the restored one', async () => {
    const live = join(restoredDir, 'cmms.sqlite3');
    // The database changes after the backup: the restore brings back the backup's state.
    const db = new SQLite(live);
    db.prepare('update work_orders set description = ? where id = ?').run('changed after the backup', acknowledgedBefore[0]!.id);
    db.close();
    const run = await cli(['restore', '--from', backupFile], envFor(restoredDir));
    expect(run.code).toBe(0);
    const kept = readdirSync(restoredDir).filter((f) => f.startsWith('cmms.sqlite3.replaced-'));
    expect(kept).toHaveLength(1);
    expect(run.stdout).toContain(`The database it replaced is kept as ${join(restoredDir, kept[0]!)}.`);
    expect(mode(join(restoredDir, kept[0]!))).toBe('600');
    expect(descriptions(join(restoredDir, kept[0]!)).find((r) => r.id === acknowledgedBefore[0]!.id)?.description).toBe('changed after the backup');
    expect(descriptions(live).find((r) => r.id === acknowledgedBefore[0]!.id)?.description).toBe(acknowledgedBefore[0]!.description);
    expect(integrity(live)).toEqual(['ok']);
  });

  it('never replaces a file with a backup, and needs --to', async () => {
    const env = envFor(shared.env.DATA_DIR!);
    const [exists, noTarget] = await Promise.all([cli(['backup', '--to', backupFile], env), cli(['backup'], env)]);
    expect(exists.code).toBe(1);
    expect(exists.stderr.trim()).toBe(`${backupFile} exists already; a backup never replaces a file. Choose another name.`);
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('--to FILE is required.');
    expect(existsSync(`${backupFile}.partial-0`)).toBe(false);
  });

  it('never replaces a file made at FILE while the copy runs: it is refused, and nothing of it is left', async () => {
    const target = join(work, 'made-meanwhile.sqlite3');
    const running = backup(loadConfig(envFor(shared.env.DATA_DIR!)), target);
    // backup() has run up to its first wait: FILE was checked and the pages are being copied into the temporary file.
    expect(existsSync(`${target}.partial-${process.pid}`)).toBe(true);
    writeFileSync(target, 'notes written meanwhile\n');
    await expect(running).rejects.toBeInstanceOf(BackupRefusal);
    await expect(running).rejects.toThrow(`${target} was created while the backup was being made; a backup never replaces a file, so this one was not kept. Choose another name.`);
    expect(readFileSync(target, 'utf8')).toBe('notes written meanwhile\n');
    expect(readdirSync(work).filter((f) => f.startsWith('made-meanwhile'))).toEqual(['made-meanwhile.sqlite3']);
  });
});
}

if (usesPostgres) {
describe('backup and restore with PostgreSQL', { timeout: 60_000 }, () => {
  it('refuse, saying how to use pg_dump and pg_restore on this database and what else to copy', async () => {
    const pg = await createPgSchema();
    const dataDir = mkdtempSync(join(tmpdir(), 'cmms-backup-pg-'));
    try {
      const url = new URL(pg.url);
      url.password = 'sekrit-password';
      const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), DATABASE_SCHEMA: pg.schema };
      const [backup, restore] = await Promise.all([cli(['backup', '--to', join(dataDir, 'x.dump')], env), cli(['restore', '--from', join(dataDir, 'x.dump')], env)]);
      for (const run of [backup, restore]) {
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toContain(`This server keeps its data in PostgreSQL (DATABASE_URL, DATABASE_SCHEMA=${pg.schema})`);
        expect(run.stderr).not.toContain('sekrit-password');
        expect(run.stderr).toContain(`the uploads (${join(dataDir, 'uploads')}/)`);
        expect(run.stderr).toContain(`the secret key (${join(dataDir, 'secret.key')})`);
      }
      expect(backup.stderr).toContain(`pg_dump --format=custom --schema=${pg.schema} --file=FILE "postgres://`);
      expect(backup.stderr).toContain(':****@');
      expect(restore.stderr).toContain(`pg_restore --clean --if-exists --no-owner --schema=${pg.schema} --dbname="postgres://`);
      expect(readdirSync(dataDir).filter((f) => f.endsWith('.dump'))).toEqual([]);
    } finally {
      await pg.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
}
