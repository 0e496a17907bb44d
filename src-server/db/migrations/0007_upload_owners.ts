import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Who stored each uploaded file and how large it is, so a user's stored bytes can be held to a
 * quota. Files stored before this migration have no owner and count for nobody.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('upload_owners')
    .addColumn('stored_name', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_owners_owner').on('upload_owners').column('owner_id').execute();
}
