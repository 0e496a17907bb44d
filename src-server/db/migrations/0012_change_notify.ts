import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * PostgreSQL tells listening server processes at once when a change is committed (NOTIFY is
 * delivered at commit, in commit order), so open sync streams hear of it without polling the log
 * (modules/sync/change-watcher.ts). SQLite has no such channel: its processes poll the log's head.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create or replace function change_log_number() returns trigger language plpgsql set search_path from current as $$
    declare next_seq bigint;
    begin
      update change_head set seq = seq + 1 where id = 1 returning seq into next_seq;
      update change_log set seq = next_seq where id = new.id;
      perform pg_notify('cmms_changes', current_schema());
      return null;
    end $$`.execute(db);
}
