import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { emailSkeleton, plainEmailAddress } from '../../../shared/rules/email-address.js';
import type { UserRef } from '../../../shared/api/common.js';
import { distinctIds } from '../../db/dialect.js';
import { nowIso } from '../../http/clock.js';

export type UserRow = Selectable<UsersTable>;

/**
 * The key an address is looked up by: the plain address (shared/rules/email-address.ts) in lower
 * case. Text that is no plain address keeps the older key (trimmed, lower case), which is how
 * accounts made before the rule were stored, so the command line can still find them.
 */
export function normalizeEmail(email: string): string {
  return (plainEmailAddress(email) ?? email.trim()).toLowerCase();
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The names of the people these ids are (nulls and repeats left out), by id: what a page shows of who did what. */
  async refsOf(ids: readonly (number | null)[]): Promise<Map<number, UserRef>> {
    const wanted = distinctIds([...ids]);
    const users = wanted.length ? await this.db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', wanted).execute() : [];
    return new Map(users.map((u) => [u.id, u]));
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
  }

  /** An account whose address is not `email` but looks like it (the same `emailSkeleton`). */
  findLookalike(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email_skeleton', '=', emailSkeleton(email))
      .where('email_normalized', '<>', normalizeEmail(email))
      .orderBy('id')
      .executeTakeFirst();
  }

  async create(input: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    isActive: boolean;
    fullFeatureAccess: boolean;
    isStaff: boolean;
  }): Promise<UserRow> {
    // Every way in (sign-up, command line, demo data) has checked the address; one that is not
    // plain must never become an account that mail is sent to.
    const email = plainEmailAddress(input.email);
    if (email === null) throw new Error(`Not a plain email address: ${JSON.stringify(input.email)}`);
    const now = nowIso();
    return this.db
      .insertInto('users')
      .values({
        email,
        email_normalized: normalizeEmail(email),
        email_skeleton: emailSkeleton(email),
        password_hash: input.passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        is_active: input.isActive ? 1 : 0,
        full_feature_access: input.fullFeatureAccess ? 1 : 0,
        is_staff: input.isStaff ? 1 : 0,
        date_joined: now,
        activated_at: input.isActive ? now : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The user's token generation (0 for an unknown user, whose tokens are refused anyway). */
  async tokenGeneration(id: number): Promise<number> {
    const row = await this.db.selectFrom('users').select('token_generation').where('id', '=', id).executeTakeFirst();
    return row?.token_generation ?? 0;
  }

  /** Raises the user's token generation, in one UPDATE: every access token issued before is refused from now on. */
  async endAccessTokens(id: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_generation: eb('token_generation', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async update(id: number, changes: Partial<Omit<UserRow, 'id'>>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }
}
