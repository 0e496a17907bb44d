import type { Kysely } from 'kysely';

/**
 * The cost figures read the labour and the parts of a span of time (docs/decisions.md: What the work
 * costs): a year for an asset's or a location's detail, 30 and 90 days for the key figures. Each
 * read is a range of these indexes, never every entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('labour_entries_started').on('labour_entries').column('started_at').execute();
  await db.schema.createIndex('stock_entries_created').on('stock_entries').column('created_at').execute();
}
