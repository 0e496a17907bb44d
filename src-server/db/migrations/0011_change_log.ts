import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The change log (docs/decisions.md: Sync by change log): one row per change to a record that
 * clients keep, with a sequence number that is the delta cursor of devices and the source of live
 * hints. Written by triggers, so every write path (a request, a claim's own transaction, the
 * command line, the demo data) logs in the write's own transaction: a rolled-back write leaves no
 * row, and no code path can forget to log.
 *
 * The sequence must follow commit order, or a device that read up to N would never see a change
 * numbered below N that committed after its read:
 * - SQLite has one writing transaction at a time (they begin IMMEDIATE), so the row's own
 *   AUTOINCREMENT key is in commit order.
 * - PostgreSQL runs writers concurrently, so a row is numbered at commit: a deferred constraint
 *   trigger takes the next number from the one-row `change_head`, whose row lock, held until the
 *   commit ends, makes the next writer wait for it. Taken at commit time, after the write's own
 *   row locks, it cannot deadlock with them. Rows not yet numbered are invisible to readers anyway.
 *
 * `change_head.floor_seq` is the last number compaction removed: a cursor below it has missed rows.
 */

/** Each logged table: the record it changes (the area's name and the id column), and whether a delete is the record's own. */
export const LOGGED_TABLES = [
  { table: 'work_orders', entity: 'workorders', idColumn: 'id', own: true },
  { table: 'work_order_attachments', entity: 'workorders', idColumn: 'work_order_id', own: false },
  { table: 'maintenance_tasks', entity: 'maintenance', idColumn: 'id', own: true },
  { table: 'task_completions', entity: 'maintenance', idColumn: 'task_id', own: false },
  { table: 'assets', entity: 'assets', idColumn: 'id', own: true },
  { table: 'locations', entity: 'locations', idColumn: 'id', own: true },
  { table: 'vendors', entity: 'vendors', idColumn: 'id', own: true },
  { table: 'parts', entity: 'parts', idColumn: 'id', own: true },
  { table: 'chemicals', entity: 'chemicals', idColumn: 'id', own: true },
  { table: 'chemical_locations', entity: 'chemicals', idColumn: 'chemical_id', own: false },
] as const;

/**
 * Records that show a location's name (their `location` reference): a location's change is a change
 * of each of them too, so a device never keeps an old name inside them.
 */
export const SHOWING_LOCATION = [
  { table: 'work_orders', entity: 'workorders' },
  { table: 'maintenance_tasks', entity: 'maintenance' },
  { table: 'assets', entity: 'assets' },
  { table: 'parts', entity: 'parts' },
] as const;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') await upSqlite(db);
  else await upPostgres(db);
  await db.schema
    .createTable('change_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('floor_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into change_head (id, seq, floor_seq) values (1, 0, 0)`.execute(db);
  await db.schema.createIndex('change_log_changed_at').on('change_log').column('changed_at').execute();
}

export const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** A table whose rows change a record devices keep (LOGGED_TABLES; later migrations add their own). */
export interface LoggedTable {
  table: string;
  entity: string;
  idColumn: string;
  /** A delete of a row is the record's own delete (else a change of the record it belongs to). */
  own: boolean;
}

/**
 * The triggers that log every insert, update and delete of `logged` in the change log: SQLite's
 * three, or PostgreSQL's one over `change_log_record` (made below, once).
 */
export async function logChangesOf(db: Kysely<unknown>, dialect: DialectName, { table, entity, idColumn, own }: LoggedTable): Promise<void> {
  if (dialect === 'postgres') {
    await sql
      .raw(`create trigger ${table}_log after insert or update or delete on ${table} for each row execute function change_log_record('${entity}', '${idColumn}', '${own ? 'own' : 'child'}')`)
      .execute(db);
    return;
  }
  const log = (id: string, op: string) => `insert into change_log (entity, record_id, op, changed_at) values ('${entity}', ${id}, '${op}', ${SQLITE_NOW});`;
  await sql.raw(`create trigger ${table}_log_insert after insert on ${table} begin ${log(`new.${idColumn}`, 'upsert')} end`).execute(db);
  await sql.raw(`create trigger ${table}_log_update after update on ${table} begin ${log(`new.${idColumn}`, 'upsert')} end`).execute(db);
  await sql.raw(`create trigger ${table}_log_delete after delete on ${table} begin ${log(`old.${idColumn}`, own ? 'delete' : 'upsert')} end`).execute(db);
}

/**
 * Triggers like `logChangesOf`'s for a column that may be null (a labour entry's order or task, a
 * stock entry's order): a row logs a change of `entity` only when its `idColumn` is set, the
 * condition stated in each trigger (PostgreSQL's shared `change_log_record` would log a null id, and
 * fail). Named `{table}_log_{label}_{event}`.
 */
export async function logChangesWhenSet(
  db: Kysely<unknown>,
  dialect: DialectName,
  { table, entity, idColumn, label, events }: { table: string; entity: string; idColumn: string; label: string; events: readonly ('insert' | 'update' | 'delete')[] },
): Promise<void> {
  for (const event of events) {
    const row = event === 'delete' ? 'old' : 'new';
    const name = `${table}_log_${label}_${event}`;
    if (dialect === 'postgres') {
      await sql
        .raw(`create trigger ${name} after ${event} on ${table} for each row when (${row}.${idColumn} is not null) execute function change_log_record('${entity}', '${idColumn}', 'child')`)
        .execute(db);
    } else {
      const log = `insert into change_log (entity, record_id, op, changed_at) values ('${entity}', ${row}.${idColumn}, 'upsert', ${SQLITE_NOW});`;
      await sql.raw(`create trigger ${name} after ${event} on ${table} when ${row}.${idColumn} is not null begin ${log} end`).execute(db);
    }
  }
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table change_log (
    seq integer primary key autoincrement,
    entity text not null,
    record_id integer not null,
    op text not null,
    changed_at text not null
  )`.execute(db);
  for (const logged of LOGGED_TABLES) await logChangesOf(db, 'sqlite', logged);
  const dependents = SHOWING_LOCATION.map(
    ({ table, entity }) => `insert into change_log (entity, record_id, op, changed_at) select '${entity}', id, 'upsert', ${SQLITE_NOW} from ${table} where location_id = new.id;`,
  ).join(' ');
  await sql.raw(`create trigger locations_log_dependents after update on locations begin ${dependents} end`).execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table change_log (
    id bigserial primary key,
    seq bigint unique,
    entity text not null,
    record_id bigint not null,
    op text not null,
    changed_at text not null
  )`.execute(db);
  // Functions resolve tables through the schema they were made in (DATABASE_SCHEMA), not the caller's.
  await sql`create function change_log_record() returns trigger language plpgsql set search_path from current as $$
    declare
      row_data jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
      now_text text := to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    begin
      insert into change_log (entity, record_id, op, changed_at)
      values (tg_argv[0], (row_data ->> tg_argv[1])::bigint, case when tg_op = 'DELETE' and tg_argv[2] = 'own' then 'delete' else 'upsert' end, now_text);
      if tg_table_name = 'locations' and tg_op = 'UPDATE' then
        ${sql.raw(
          SHOWING_LOCATION.map(
            ({ table, entity }) => `insert into change_log (entity, record_id, op, changed_at) select '${entity}', id, 'upsert', now_text from ${table} where location_id = new.id;`,
          ).join('\n        '),
        )}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function change_log_number() returns trigger language plpgsql set search_path from current as $$
    declare next_seq bigint;
    begin
      update change_head set seq = seq + 1 where id = 1 returning seq into next_seq;
      update change_log set seq = next_seq where id = new.id;
      return null;
    end $$`.execute(db);
  for (const logged of LOGGED_TABLES) await logChangesOf(db, 'postgres', logged);
  await sql`create constraint trigger change_log_number after insert on change_log deferrable initially deferred for each row execute function change_log_number()`.execute(db);
}
