import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * A version on maintenance tasks and assets, raised by every write to the row, and who wrote last.
 * An edit made offline carries the version it was based on (If-Match), so an update that would
 * overwrite a newer change (a completion, a move) is refused instead of silently applied.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  for (const table of ['maintenance_tasks', 'assets']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('updated_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  }
}
