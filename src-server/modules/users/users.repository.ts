import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { nowIso } from '../../http/clock.js';

export type UserRow = Selectable<UsersTable>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
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
    const now = nowIso();
    return this.db
      .insertInto('users')
      .values({
        email: input.email.trim(),
        email_normalized: normalizeEmail(input.email),
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

  async update(id: number, changes: Partial<Omit<UserRow, 'id'>>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }
}

/** Who a user is and what they may do, as every user shape in the API shows it. */
export function userBasics(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    full_feature_access: u.full_feature_access === 1,
    is_staff: u.is_staff === 1,
  };
}

/** The user as `users/me` and the client see it. */
export function presentUser(u: UserRow) {
  return {
    ...userBasics(u),
    userInfo: {
      full_name: `${u.first_name} ${u.last_name}`.trim(),
      date_joined: u.date_joined,
      last_login: u.last_login,
    },
  };
}

/** Compact user reference used in `assigned_to` arrays. */
export function userRef(u: { id: number; first_name: string; last_name: string }) {
  return { id: u.id, first_name: u.first_name, last_name: u.last_name };
}
