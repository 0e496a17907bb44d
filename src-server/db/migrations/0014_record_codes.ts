import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { recordCodeSql } from '../record-codes.js';

/**
 * Labels and scanning (docs/decisions.md: Record codes, Labels and scanning):
 *
 * - `assets.code` and `locations.code`: the code printed on a record's label. A generated column
 *   over the id (db/record-codes.ts), so every row has its code the moment it exists, whichever
 *   way it was written (a request, the command line, the demo data, a test's own insert), existing
 *   rows included, and no write can change it. SQLite can add only a virtual generated column to
 *   a table; PostgreSQL only a stored one. A unique index on each finds a code and guarantees that
 *   no two records share one.
 * - `work_orders.asset_id`: the asset a work order is about, optional. Null for every order made
 *   before, and for orders from clients that do not send one.
 *
 * A work order shows its asset's name, so renaming an asset logs its orders as changed, as a
 * location's update logs the records that show its name (migration 0011), and devices never keep
 * an old name inside them.
 *
 * Devices keep assets and locations in their working set and find codes there offline, so each
 * existing record is logged once as changed: the next pull brings it back with its code. (An
 * UPDATE of the rows would log the same, but a location's update also logs every record that shows
 * its name, which the code does not change.)
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const kind = dialect === 'sqlite' ? 'virtual' : 'stored';
  for (const [table, area] of [
    ['assets', 'assets'],
    ['locations', 'locations'],
  ] as const) {
    await sql.raw(`alter table ${table} add column code text generated always as (${recordCodeSql(area)}) ${kind}`).execute(db);
    await db.schema.createIndex(`${table}_code`).on(table).column('code').unique().execute();
  }

  await db.schema
    .alterTable('work_orders')
    .addColumn('asset_id', 'integer', (c) => c.references('assets.id').onDelete('set null'))
    .execute();
  // An asset's history: its orders, newest first.
  await db.schema.createIndex('work_orders_asset_created').on('work_orders').columns(['asset_id', 'created_at']).execute();
  await logOrdersOfRenamedAssets(db, dialect);

  const now = new Date().toISOString();
  for (const [table, entity] of [
    ['locations', 'locations'],
    ['assets', 'assets'],
  ] as const) {
    await sql`insert into change_log (entity, record_id, op, changed_at) select cast(${entity} as text), id, 'upsert', cast(${now} as text) from ${sql.table(table)} order by id`.execute(db);
  }
}

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

async function logOrdersOfRenamedAssets(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger assets_log_work_orders after update of brand, name on assets begin insert into change_log (entity, record_id, op, changed_at) select 'workorders', id, 'upsert', ${SQLITE_NOW} from work_orders where asset_id = new.id; end`,
      )
      .execute(db);
    return;
  }
  // Like change_log_record (migration 0011): resolves its tables in the schema it was made in.
  await sql`create function change_log_asset_orders() returns trigger language plpgsql set search_path from current as $$
    begin
      insert into change_log (entity, record_id, op, changed_at)
      select 'workorders', id, 'upsert', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from work_orders where asset_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger assets_log_work_orders after update of brand, name on assets for each row execute function change_log_asset_orders()`.execute(db);
}
