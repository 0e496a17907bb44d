import type { Kysely } from 'kysely';
import { addDays } from '../../../shared/rules/task-status.js';
import type { DialectName } from '../dialect.js';

interface KpiTables {
  task_completions: { id: number; task_id: number; completed_at: string; completed_date: string; due_date: string | null };
  maintenance_tasks: { id: number; recurrence_interval: number };
}

/** Rows per UPDATE of the backfill: well inside both engines' limits on bound values. */
const IDS_PER_UPDATE = 500;

/**
 * What the key figures of /home (modules/kpis/) need (docs/decisions.md: Key figures on /home):
 *
 * - `task_completions.due_date`: the task's due date when it was completed, so maintenance
 *   compliance (completed on or before the due date) is one comparison per row. The completion
 *   itself moves the task's due date on, so it is written by the completion, not read later.
 *   Completions made before this migration get the due date their task had then, as far as it can
 *   be known: the previous completion's date plus the task's interval today. A task's first
 *   completion has no earlier one to go by and stays null (not counted).
 * - Indexes for the figures' queries, so each reads an index range instead of every order:
 *   open orders by status, location and age; claims and completions by time; completions by day.
 *
 * Work orders need no new time: `claimed_at` is set by the claim and kept by the completion.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('task_completions').addColumn('due_date', 'text').execute();

  await db.schema.createIndex('work_orders_open').on('work_orders').columns(['status', 'location_id', 'created_at']).execute();
  await db.schema.createIndex('work_orders_claimed').on('work_orders').columns(['claimed_at', 'created_at']).execute();
  await db.schema.createIndex('work_orders_completed').on('work_orders').columns(['completed_at', 'created_at']).execute();
  await db.schema.createIndex('task_completions_date').on('task_completions').columns(['completed_date', 'due_date']).execute();

  await backfillDueDates(db);
}

/** Exported for its test, which runs it on rows inserted after the migration. */
export async function backfillDueDates(database: Kysely<unknown>): Promise<void> {
  const db = database as Kysely<KpiTables>;
  const rows = await db
    .selectFrom('task_completions')
    .innerJoin('maintenance_tasks', 'maintenance_tasks.id', 'task_completions.task_id')
    .select(['task_completions.id', 'task_completions.task_id', 'task_completions.completed_date', 'maintenance_tasks.recurrence_interval'])
    .orderBy('task_completions.task_id')
    .orderBy('task_completions.completed_at')
    .orderBy('task_completions.id')
    .execute();
  const idsByDueDate = new Map<string, number[]>();
  // Rows come by task, oldest first: each one's due date follows from the row before it.
  rows.forEach((row, i) => {
    const previous = rows[i - 1];
    if (previous?.task_id !== row.task_id) return;
    const due = addDays(previous.completed_date, row.recurrence_interval);
    idsByDueDate.set(due, [...(idsByDueDate.get(due) ?? []), row.id]);
  });
  for (const [due, ids] of idsByDueDate) {
    for (let i = 0; i < ids.length; i += IDS_PER_UPDATE) {
      await db.updateTable('task_completions').set({ due_date: due }).where('id', 'in', ids.slice(i, i + IDS_PER_UPDATE)).execute();
    }
  }
}
