import { sql, type Kysely } from 'kysely';
import { emailSkeleton } from '../../../shared/rules/email-address.js';
import type { DialectName } from '../dialect.js';

/**
 * What each account's address looks like (shared/rules/email-address.ts `emailSkeleton`), so a
 * registration can be refused when its address only looks like an existing account's: accounts
 * made before the address rule may hold look-alikes (`tеchnician@…` with a Cyrillic е, a trailing
 * zero-width space). Filled in here for the accounts there are; UsersRepository.create sets it.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_skeleton', 'varchar(254)').execute();
  const rows = await sql<{ id: number; email: string }>`select id, email from users`.execute(db);
  for (const row of rows.rows) {
    await sql`update users set email_skeleton = ${emailSkeleton(row.email)} where id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex('users_email_skeleton').on('users').column('email_skeleton').execute();
}
