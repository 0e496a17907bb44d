import { sql, type Kysely } from 'kysely';
import { withId, type DialectName } from '../dialect.js';

/**
 * The history of every record (docs/decisions.md: History on every record): one append-only table,
 * `activity`, one row per thing done to a record (created, claimed, edited with old and new values,
 * a fill or count, an account's rights changed …), written by the code of each write in the write's
 * own transaction (modules/activity/activity.repository.ts), so a rolled-back write leaves no row.
 *
 * - `entity` and `record_id` name the record (`entity` is its area's name, shared/api/activity.ts);
 *   read by the index below, newest first.
 * - `actor_id` is who did it, null for the command line or the demo data. No foreign key: users are
 *   never deleted (they are deactivated), and a cascade would have to change rows that must not change.
 * - `details` is JSON text: the fields changed with their old and new values, the notes, the quantities.
 *
 * Append-only, on both engines: triggers refuse every UPDATE and DELETE (and TRUNCATE on PostgreSQL),
 * since the app's database user owns its tables and cannot be refused those rights by a REVOKE.
 */
export const ACTIVITY_APPEND_ONLY = 'activity is append-only: its rows are never changed or removed';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('activity'), dialect)
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('activity_record').on('activity').columns(['entity', 'record_id', 'id desc']).execute();

  if (dialect === 'sqlite') {
    for (const op of ['update', 'delete']) {
      await sql.raw(`create trigger activity_no_${op} before ${op} on activity begin select raise(abort, '${ACTIVITY_APPEND_ONLY}'); end`).execute(db);
    }
    return;
  }
  await sql`create function activity_append_only() returns trigger language plpgsql as $$
    begin
      raise exception ${sql.lit(ACTIVITY_APPEND_ONLY)} using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`create trigger activity_no_change before update or delete on activity for each row execute function activity_append_only()`.execute(db);
  await sql`create trigger activity_no_truncate before truncate on activity for each statement execute function activity_append_only()`.execute(db);
}
