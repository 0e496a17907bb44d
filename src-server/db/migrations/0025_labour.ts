import type { Kysely } from 'kysely';
import { withId, type DialectName } from '../dialect.js';
import { logChangesOf } from './0011_change_log.js';

/**
 * Labour on work orders (docs/decisions.md: What the work costs).
 *
 * - `labour_entries`: time worked on an order, by hand or by a timer (a running one has no
 *   `stopped_at` and no `minutes`), with the author's hourly rate when it was made, in cents, so a
 *   later rate change never rewrites a past cost. It goes with its order. Read by order
 *   (`labour_entries_order`) and by a user's running timer (`labour_entries_user_running`). A deleted
 *   entry is marked (`deleted_at`) and counts nowhere, so a delete replayed is answered as it was.
 * - `users.hourly_rate_cents`: the rate staff set, 0 until then.
 *
 * An entry's change is a change of its work order in the change log, so devices pull the order again
 * with its new costs.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('labour_entries'), dialect)
    .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
    // Users are deactivated, never deleted, so an entry always has its author.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'text')
    .addColumn('minutes', 'integer')
    // The day of time entered by hand, which has no clock time of its own; null for a timer.
    .addColumn('date', 'text')
    .addColumn('rate_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Deleted entries are kept, marked: a delete sent again (its answer lost, the queue replays it) finds it deleted and answers as the first did.
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('labour_entries_order').on('labour_entries').column('work_order_id').execute();
  await db.schema.createIndex('labour_entries_user_running').on('labour_entries').columns(['user_id', 'stopped_at']).execute();
  await db.schema.alterTable('users').addColumn('hourly_rate_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await logChangesOf(db, dialect, { table: 'labour_entries', entity: 'workorders', idColumn: 'work_order_id', own: false });
}
