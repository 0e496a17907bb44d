import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * A counter per user that every access token carries (claim `gen`): ending every login (a new
 * password, a deactivation) raises it, so access tokens issued before stop working at once instead
 * of living out their 5 minutes. Tokens from before this migration carry none and count as 0.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
