import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { logChangesOf, SQLITE_NOW } from './0011_change_log.js';

/**
 * Requests join the working set of full-access devices (docs/decisions.md: Requests at the label):
 * a request's own change is logged, and so is what changes how it shows: its work order's status
 * (accepted becomes completed), and its location's or asset's name. The requests already there are
 * logged once, so devices synced before this learn of them.
 */
const SHOWN_BY = [
  { table: 'work_orders', column: 'work_order_id', changed: 'status' },
  { table: 'locations', column: 'location_id', changed: 'name' },
  { table: 'assets', column: 'asset_id', changed: 'name' },
] as const;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.createIndex('work_requests_work_order').on('work_requests').column('work_order_id').execute();
  await db.schema.createIndex('work_requests_asset').on('work_requests').column('asset_id').execute();
  await logChangesOf(db, dialect, { table: 'work_requests', entity: 'requests', idColumn: 'id', own: true });
  if (dialect === 'postgres') {
    await sql`create function change_log_requests() returns trigger language plpgsql set search_path from current as $$
      begin
        execute format('insert into change_log (entity, record_id, op, changed_at) select ''requests'', id, ''upsert'', $1 from work_requests where %I = $2', tg_argv[0])
          using to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), new.id;
        return null;
      end $$`.execute(db);
    for (const { table, column, changed } of SHOWN_BY) {
      await sql.raw(`create trigger ${table}_log_requests after update of ${changed} on ${table} for each row execute function change_log_requests('${column}')`).execute(db);
    }
  } else {
    for (const { table, column, changed } of SHOWN_BY) {
      await sql
        .raw(`create trigger ${table}_log_requests after update of ${changed} on ${table} begin insert into change_log (entity, record_id, op, changed_at) select 'requests', id, 'upsert', ${SQLITE_NOW} from work_requests where ${column} = new.id; end`)
        .execute(db);
    }
  }
  const now = new Date().toISOString();
  await sql`insert into change_log (entity, record_id, op, changed_at) select 'requests', id, 'upsert', cast(${now} as text) from work_requests order by id`.execute(db);
}
