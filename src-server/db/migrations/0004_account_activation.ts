import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Records when an account was activated, so an activation link (or a resent one) can only turn on
 * an account that was never active: an operator's deactivation stays in force. Also indexes refresh
 * tokens by user, which password resets revoke in bulk.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('users').addColumn('activated_at', 'text').execute();
  await sql`update users set activated_at = date_joined where is_active = 1`.execute(db);
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
}
