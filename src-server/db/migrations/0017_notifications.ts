import { sql, type Kysely } from 'kysely';
import { withId, type DialectName } from '../dialect.js';

/**
 * Notifications by mail (docs/decisions.md: Notifications by mail).
 *
 * - `notification_settings`: one row per user who saved any: the kinds asked for (0/1), the chosen
 *   locations (JSON array of ids) and `unsubscribe_version`, signed into every unsubscribe link and
 *   raised by each unsubscribe, so a link works once.
 * - `notification_state`: one row. `activity_floor`: every `activity` row up to it has been read for
 *   notices; `tasks_checked_on` and `digest_sent_on`: the day (TIME_ZONE) of the last daily task
 *   check and digest, each claimed by a conditional UPDATE so one process does it; `lease_*`: which
 *   process is running the dispatcher now (an efficiency: correctness rests on the keys below).
 * - `notified_activity`: activity rows above the floor already turned into notices; its primary key
 *   decides which process handles a row, once.
 * - `notices_sent`: a unique key per task notice (task, due date, kind, user), so each is queued once.
 * - `notification_queue`: notices waiting for their mail (`send_after` null: the daily digest), then
 *   claimed by a mail (`mail_key`, a conditional UPDATE) and marked sent.
 *
 * The floor starts at the newest activity row, so history written before this version mails nobody.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('order_created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_claimed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('task_due', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('unsubscribe_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('activity_floor', 'integer', (c) => c.notNull())
    .addColumn('tasks_checked_on', 'text')
    .addColumn('digest_sent_on', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .execute();
  await sql`insert into notification_state (id, activity_floor) select 1, coalesce(max(id), 0) from activity`.execute(db);

  await db.schema.createTable('notified_activity').addColumn('activity_id', 'integer', (c) => c.primaryKey()).execute();

  await db.schema
    .createTable('notices_sent')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('notification_queue'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('send_after', 'text')
    .addColumn('mail_key', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('notification_queue_pending').on('notification_queue').columns(['mail_key', 'send_after']).execute();
  await db.schema.createIndex('notification_queue_user').on('notification_queue').columns(['user_id', 'sent_at']).execute();
}
