import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The language a request from a label was sent in (docs/i18n.md): the visitor has no account, so
 * the mails about their request (accepted, turned down, done) are written in the language their
 * form was in. Null for requests sent before: English.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('work_requests').addColumn('language', 'text').execute();
}
