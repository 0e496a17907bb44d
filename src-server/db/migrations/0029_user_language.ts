import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The language a user chose on their account (docs/i18n.md; shared/i18n/languages.ts): a language
 * code, or null to follow the device's. The server speaks it to a request that names none
 * (src-server/http/request-language.ts) and to the user's mail.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}
