import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Sign-in attempts per account (its lower-case address) since the first one that failed, for the
 * per-account limit beside the per-address one (auth.routes.ts, LOGIN_ACCOUNT_LIMIT): guesses from
 * many addresses at one account count together. Kept in the database so every server process
 * counts the same attempts. Keyed by address, not user, so an address without an account is
 * limited the same way and the limit does not tell which addresses have one.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('account', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_first_failed_at').on('login_failures').column('first_failed_at').execute();
}
