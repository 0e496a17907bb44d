import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';
import { logChangesWhenSet } from './0011_change_log.js';

/**
 * Labour on maintenance tasks (docs/decisions.md: What the work costs): a labour entry is time on a
 * work order or on a task, exactly one of them (`work_order_id` now may be null; `task_id`), and a
 * task's time goes to the completion it ends in (`task_completion_id`, set by the completion).
 *
 * SQLite cannot drop a NOT NULL, so there the table is made again with the same rows and ids, its
 * indexes (migrations 0025 and 0027) and its change-log triggers. On both engines an entry is now a
 * change of its order or of its task, whichever it has.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger labour_entries_log on labour_entries`.execute(db);
    await sql`alter table labour_entries alter column work_order_id drop not null`.execute(db);
    await sql`alter table labour_entries add column task_id integer references maintenance_tasks(id) on delete cascade`.execute(db);
    await sql`alter table labour_entries add column task_completion_id integer references task_completions(id) on delete set null`.execute(db);
    await sql`alter table labour_entries add constraint labour_entries_one_subject check ((work_order_id is null) <> (task_id is null))`.execute(db);
  } else {
    await sql`create table labour_entries_new (
      id integer primary key autoincrement,
      work_order_id integer references work_orders(id) on delete cascade,
      task_id integer references maintenance_tasks(id) on delete cascade,
      task_completion_id integer references task_completions(id) on delete set null,
      user_id integer not null references users(id),
      started_at text not null,
      stopped_at text,
      minutes integer,
      date text,
      rate_cents integer not null,
      created_at text not null,
      deleted_at text,
      check ((work_order_id is null) <> (task_id is null))
    )`.execute(db);
    await sql`insert into labour_entries_new (id, work_order_id, user_id, started_at, stopped_at, minutes, date, rate_cents, created_at, deleted_at)
      select id, work_order_id, user_id, started_at, stopped_at, minutes, date, rate_cents, created_at, deleted_at from labour_entries order by id`.execute(db);
    // Its indexes and triggers go with it.
    await sql`drop table labour_entries`.execute(db);
    await sql`alter table labour_entries_new rename to labour_entries`.execute(db);
    await db.schema.createIndex('labour_entries_order').on('labour_entries').column('work_order_id').execute();
    await db.schema.createIndex('labour_entries_user_running').on('labour_entries').columns(['user_id', 'stopped_at']).execute();
    await db.schema.createIndex('labour_entries_started').on('labour_entries').column('started_at').execute();
  }
  await db.schema.createIndex('labour_entries_task').on('labour_entries').columns(['task_id', 'task_completion_id']).execute();
  const events = ['insert', 'update', 'delete'] as const;
  await logChangesWhenSet(db, dialect, { table: 'labour_entries', entity: 'workorders', idColumn: 'work_order_id', label: 'order', events });
  await logChangesWhenSet(db, dialect, { table: 'labour_entries', entity: 'maintenance', idColumn: 'task_id', label: 'task', events });
}
