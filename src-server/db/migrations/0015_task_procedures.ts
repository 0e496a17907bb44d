import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Procedures on maintenance tasks (docs/decisions.md: Procedures on maintenance tasks):
 *
 * - `maintenance_tasks.procedure_steps`: the task's ordered steps as JSON text (shared/rules/procedure.ts
 *   says what a step is), `[]` for a task without one; kept on the task's row, so every write of the
 *   steps is a write of the task (its version, If-Match, the change log) and devices sync them with it.
 * - `maintenance_tasks.procedure_version`: raised whenever the steps change (0 until a task has any),
 *   so a completion answered on other steps is told apart from one on these.
 * - `maintenance_tasks.last_completion_answers`: the last completion's answers as JSON, with the
 *   follow-up orders they opened, shown with the task as its field notes are.
 * - `task_completions.procedure_version` and `.answers`: every completion keeps what was answered,
 *   on which version of the steps.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('maintenance_tasks')
    .addColumn('procedure_steps', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('maintenance_tasks')
    .addColumn('procedure_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('maintenance_tasks').addColumn('last_completion_answers', 'text').execute();
  await db.schema.alterTable('task_completions').addColumn('procedure_version', 'integer').execute();
  await db.schema.alterTable('task_completions').addColumn('answers', 'text').execute();
}
