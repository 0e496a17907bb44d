import type { Kysely } from 'kysely';
import { taskDueDate } from '../../../shared/rules/task-status.js';
import type { DialectName } from '../dialect.js';

interface TaskDueDates {
  maintenance_tasks: { id: number; last_completed_date: string | null; recurrence_interval: number; due_date: string | null };
}

/**
 * Stores each task's due date (last completion + interval), kept by the maintenance repository, so
 * the task list can be ordered by it in portable SQL instead of date arithmetic per engine.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('maintenance_tasks').addColumn('due_date', 'text').execute();
  await db.schema.createIndex('maintenance_tasks_due').on('maintenance_tasks').columns(['due_date', 'id']).execute();

  const tasks = db as unknown as Kysely<TaskDueDates>;
  const rows = await tasks
    .selectFrom('maintenance_tasks')
    .select(['id', 'last_completed_date', 'recurrence_interval'])
    .where('last_completed_date', 'is not', null)
    .execute();
  for (const row of rows) {
    await tasks
      .updateTable('maintenance_tasks')
      .set({ due_date: taskDueDate(row.last_completed_date, row.recurrence_interval) })
      .where('id', '=', row.id)
      .execute();
  }
}
