import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/** Staff mark contact messages read or unread: one shared inbox, so one flag (when it was read) per message. */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('read_at', 'text').execute();
}
