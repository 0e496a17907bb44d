import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * PostgreSQL tells every server process when users change, whoever changed them, so each process
 * may remember signed-in users' rows between requests and still refuse a deactivated account at
 * once (modules/users/remembered-users.ts). Per statement: a process forgets every row it holds.
 * SQLite's processes remember nothing and need no channel.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create or replace function users_changed() returns trigger language plpgsql set search_path from current as $$
    begin
      perform pg_notify('cmms_users', current_schema());
      return null;
    end $$`.execute(db);
  await sql`create trigger users_changed after update or delete on users for each statement execute function users_changed()`.execute(db);
  await sql`create trigger users_truncated after truncate on users for each statement execute function users_changed()`.execute(db);
}
