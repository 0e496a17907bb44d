/**
 * `backup --to FILE` and `restore --from FILE` of the embedded SQLite database (commands.ts).
 *
 * Backup runs beside a serving server: SQLite's online backup copies every page in one step, which
 * is one read transaction, so the copy is the database as of one moment while the server goes on
 * writing (WAL). The copy is made owner-only, switched out of WAL so it is one self-contained file,
 * checked with `PRAGMA integrity_check`, and only then given its name, which never replaces a file
 * made under that name meanwhile.
 *
 * Restore needs the server stopped. "Stopped" is asked of SQLite itself: every process that has
 * the database open in WAL mode holds a shared lock on it until it closes it, so leaving WAL mode
 * (which needs the database to itself) fails while a server process, or any command, has it open,
 * and the kernel releases those locks when a process dies, so a crashed server leaves no stale
 * marker behind. The file given is copied into DATA_DIR first, and that copy is checked (a SQLite
 * database of this app, from this version or an older one, passing `integrity_check`); the
 * database it replaces is kept as `cmms.sqlite3.replaced-<time>`; and the pages are written into
 * the database file through SQLite (journaled, under its locks) rather than by moving files, so a
 * process that opens the file meanwhile sees the old database or the restored one, never a mix.
 *
 * PostgreSQL has its own tools (pg_dump, pg_restore); both commands say how to use them instead.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, chmodSync, constants, existsSync, fsyncSync, linkSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { sqliteFileOf } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { PRIVATE_FILE_MODE } from '../private-files.js';

/** A refusal the operator can act on: printed, exit code 1, nothing changed. */
export class BackupRefusal extends Error {}

/** Pages per backup step: all of them, so the copy is taken in one read transaction. */
const ALL_PAGES = 0x7fffffff;
const SQLITE_HEADER = 'SQLite format 3\0';

interface Contents {
  migrations: string[];
  workOrders: number;
  users: number;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** DATABASE_URL without its password, for printing. */
function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '****';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** What else a restore needs, which no database backup holds. */
function besidesTheDatabase(config: Config): string {
  const uploads = config.s3 ? `the S3 bucket ${config.s3.bucket}` : `${config.uploadsDir}/`;
  const secret = process.env.SECRET_KEY ? 'SECRET_KEY (as set for the server)' : join(config.dataDir, 'secret.key');
  return (
    `Not in the database, so copy them with it: the uploads (${uploads}) and the secret key (${secret}); ` +
    'without that key every session and every mailed account link stops working, and users sign in again.'
  );
}

function postgresAdvice(config: Config, what: 'backup' | 'restore'): string {
  const url = shownUrl(config.databaseUrl!);
  const schema = config.databaseSchema;
  const command =
    what === 'backup'
      ? `pg_dump --format=custom${schema ? ` --schema=${schema}` : ''} --file=FILE "${url}"`
      : `pg_restore --clean --if-exists --no-owner${schema ? ` --schema=${schema}` : ''} --dbname="${url}" FILE`;
  const when = what === 'backup' ? 'pg_dump takes a consistent snapshot while the server runs.' : 'Stop the server first, then start it: it applies any migration this version adds.';
  return [
    `This server keeps its data in PostgreSQL (DATABASE_URL${schema ? `, DATABASE_SCHEMA=${schema}` : ''}), which ${what === 'backup' ? 'is backed up' : 'is restored'} with PostgreSQL's own tools:`,
    `  ${command}`,
    when,
    besidesTheDatabase(config),
  ].join('\n');
}

/** SQLite's step-by-step copy, all in one step; fails rather than reporting an empty copy as done. */
async function copyPages(from: SQLite.Database, to: string): Promise<void> {
  const result = await from.backup(to, { progress: () => ALL_PAGES });
  // A first step that found the destination locked reports nothing to copy.
  if (result.totalPages === 0 || result.remainingPages !== 0) {
    throw new BackupRefusal(`The copy into ${to} did not complete (the file was busy); nothing was changed there. Try again.`);
  }
}

function isSqliteFile(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, header, 0, header.length, 0) === header.length && header.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

function integrity(db: SQLite.Database): string[] {
  return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
}

/** The app's tables and recorded migrations; refuses a database that is not this app's. */
function contentsOf(db: SQLite.Database, name: string): Contents {
  const tables = new Set(db.prepare(`select name from sqlite_master where type = 'table'`).pluck().all() as string[]);
  if (!['schema_migrations', 'users', 'work_orders'].every((t) => tables.has(t))) {
    throw new BackupRefusal(`${name} is a SQLite database, but not one of this app (it has no schema_migrations, users and work_orders tables).`);
  }
  const applied = db.prepare('select name from schema_migrations order by name').pluck().all() as string[];
  if (!applied.includes(migrations[0]!.name)) throw new BackupRefusal(`${name} is not a database of this app (its migrations do not start with ${migrations[0]!.name}).`);
  const count = (table: string) => Number(db.prepare(`select count(*) from ${table}`).pluck().get());
  return { migrations: applied, workOrders: count('work_orders'), users: count('users') };
}

const describe = (c: Contents) => `${c.workOrders} work order${c.workOrders === 1 ? '' : 's'}, ${c.users} user${c.users === 1 ? '' : 's'}, schema ${c.migrations.at(-1)}`;

/** Removes a database file that was never finished, with whatever SQLite left beside it. */
function removeDatabaseFile(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

/**
 * Gives the finished copy its name only if nothing has that name by now: the check at the start
 * cannot stop a file made at FILE while the copy runs, and a rename would silently replace it. A
 * hard link fails with EEXIST instead, atomically, and the file is whole under both names until
 * the temporary one is removed. A file system without hard links (FAT, exFAT, some network
 * shares) gets the bytes copied into a file this call creates exclusively ('wx'), which refuses an
 * existing file just the same; a copy that fails half-way is removed, as it was this call's own.
 */
function nameWithoutReplacing(partial: string, target: string): void {
  try {
    try {
      linkSync(partial, target);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err;
      copyIntoNewFile(partial, target);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'EEXIST') {
      throw new BackupRefusal(`${target} was created while the backup was being made; a backup never replaces a file, so this one was not kept. Choose another name.`);
    }
    throw err;
  }
  rmSync(partial);
}

/** Copies `from` into a file `to` that this call creates (EEXIST when one exists), owner-only. */
function copyIntoNewFile(from: string, to: string): void {
  const out = openSync(to, 'wx', PRIVATE_FILE_MODE);
  try {
    const input = openSync(from, 'r');
    try {
      const buffer = Buffer.alloc(1024 * 1024);
      for (let n = readSync(input, buffer); n > 0; n = readSync(input, buffer)) {
        for (let written = 0; written < n; ) written += writeSync(out, buffer, written, n - written);
      }
      fsyncSync(out);
    } finally {
      closeSync(input);
    }
  } catch (err) {
    closeSync(out);
    rmSync(to, { force: true });
    throw err;
  }
  closeSync(out);
}

export async function backup(config: Config, to: string): Promise<string> {
  if (config.databaseUrl) throw new BackupRefusal(postgresAdvice(config, 'backup'));
  const source = sqliteFileOf(config.dataDir);
  if (!existsSync(source)) throw new BackupRefusal(`There is no database at ${source}; check DATA_DIR.`);
  const target = resolve(to);
  if (existsSync(target)) throw new BackupRefusal(`${target} exists already; a backup never replaces a file. Choose another name.`);
  if (!existsSync(dirname(target))) throw new BackupRefusal(`The folder ${dirname(target)} does not exist.`);

  // Written under another name and given FILE's name when complete and checked: FILE is never half a backup.
  const partial = `${target}.partial-${process.pid}`;
  // Created owner-only before SQLite writes into it (an empty file is an empty database): it holds password hashes.
  closeSync(openSync(partial, 'wx', PRIVATE_FILE_MODE));
  try {
    const db = new SQLite(source, { fileMustExist: true });
    let contents: Contents;
    try {
      db.pragma('busy_timeout = 5000');
      contentsOf(db, source);
      await copyPages(db, partial);
    } finally {
      db.close();
    }
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      // The copy carries the server's WAL mode; out of it, the file needs nothing beside it.
      copy.pragma('journal_mode = DELETE');
      const check = integrity(copy);
      if (check.join() !== 'ok') throw new Error(`The copy failed its integrity check: ${check.slice(0, 5).join('; ')}`);
      contents = contentsOf(copy, partial);
    } finally {
      copy.close();
    }
    nameWithoutReplacing(partial, target);
    const megabytes = (statSync(target).size / 1024 / 1024).toFixed(1);
    return [`Backed up ${source} to ${target} (${megabytes} MB; integrity ok; ${describe(contents)}).`, besidesTheDatabase(config)].join('\n');
  } catch (err) {
    removeDatabaseFile(partial);
    throw err;
  }
}

export async function restore(config: Config, from: string): Promise<string> {
  if (config.databaseUrl) throw new BackupRefusal(postgresAdvice(config, 'restore'));
  const source = resolve(from);
  const live = sqliteFileOf(config.dataDir);
  if (!existsSync(source) || !statSync(source).isFile()) throw new BackupRefusal(`There is no file ${source}.`);
  if (source === live) throw new BackupRefusal(`${source} is the database itself; restore from a backup.`);
  if (!isSqliteFile(source)) throw new BackupRefusal(`${source} is not a SQLite database.`);

  const when = stamp();
  // Checked and restored from a private copy: the file given cannot change between its check and its use.
  // Named apart from any other command's copy: two restores started in the same millisecond each get their own.
  const staged = `${live}.restoring-${when}-${process.pid}-${randomBytes(4).toString('hex')}`;
  copyFileSync(source, staged, constants.COPYFILE_EXCL);
  chmodSync(staged, PRIVATE_FILE_MODE);
  try {
    let contents: Contents;
    const copy = new SQLite(staged, { fileMustExist: true });
    try {
      let check: string[];
      try {
        // A backup taken in WAL mode without its -wal file is what the file holds; out of WAL it stands alone.
        copy.pragma('journal_mode = DELETE');
        check = integrity(copy);
      } catch (err) {
        throw new BackupRefusal(`${source} cannot be read as a database: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (check.join() !== 'ok') throw new BackupRefusal(`${source} fails its integrity check, so it is not restored: ${check.slice(0, 5).join('; ')}`);
      contents = contentsOf(copy, source);
      const known = new Set(migrations.map((m) => m.name));
      const newer = contents.migrations.filter((name) => !known.has(name));
      if (newer.length) throw new BackupRefusal(`${source} was made by a newer version of the app (migrations ${newer.join(', ')} are unknown here); upgrade this install first.`);
    } finally {
      copy.close();
    }

    const replaced = existsSync(live) ? keepReplaced(live, when) : setAsideStrays(live, when);
    const restored = new SQLite(staged, { fileMustExist: true });
    try {
      await copyPages(restored, live);
    } finally {
      restored.close();
    }
    const result = new SQLite(live, { fileMustExist: true });
    try {
      const now = contentsOf(result, live);
      if (describe(now) !== describe(contents) || integrity(result).join() !== 'ok') {
        throw new Error(`${live} does not hold what was restored (${describe(now)}); was a server started meanwhile? ${replaced ? `The database it replaced is ${replaced}.` : ''}`);
      }
    } finally {
      result.close();
    }
    return [
      `Restored ${source} into ${live} (${describe(contents)}).`,
      replaced ? `The database it replaced is kept as ${replaced}.` : 'There was no database to replace.',
      'Start the server: it applies any migration this version adds.',
      besidesTheDatabase(config),
    ].join('\n');
  } finally {
    removeDatabaseFile(staged);
  }
}

/**
 * Makes sure nothing has the live database open, then keeps a copy of it. Leaving WAL mode needs
 * the database to itself: a server process (or a command) that has it open makes this fail at once.
 */
function keepReplaced(live: string, when: string): string {
  const kept = `${live}.replaced-${when}`;
  const db = new SQLite(live, { fileMustExist: true });
  let unreadable = false;
  try {
    db.pragma('busy_timeout = 0');
    let mode: unknown;
    try {
      mode = db.pragma('journal_mode = DELETE', { simple: true });
      // Held until closed: no process can open the database while its copy is made.
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('begin exclusive');
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code.startsWith('SQLITE_BUSY')) mode = 'busy';
      // A file no server can open (the reason to restore, perhaps): set aside below, as it is.
      else if (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT')) unreadable = true;
      else throw err;
    }
    if (!unreadable && mode !== 'delete') {
      throw new BackupRefusal(`${live} is in use: a server (or another command) has it open. Stop the server, then restore.`);
    }
    if (!unreadable) {
      copyFileSync(live, kept, constants.COPYFILE_EXCL);
      chmodSync(kept, PRIVATE_FILE_MODE);
      db.exec('commit');
    }
  } finally {
    db.close();
  }
  if (unreadable) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) if (existsSync(live + suffix)) renameSync(live + suffix, kept + suffix);
    closeSync(openSync(live, 'wx', PRIVATE_FILE_MODE));
  }
  return kept;
}

/**
 * Without a database file, a -wal or -shm file left beside its name belongs to no database, and
 * SQLite would apply that WAL to the restored one; they are moved aside (kept, not deleted).
 */
function setAsideStrays(live: string, when: string): null {
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(live + suffix)) renameSync(live + suffix, `${live}.stray-${when}${suffix}`);
  }
  closeSync(openSync(live, 'wx', PRIVATE_FILE_MODE));
  return null;
}
