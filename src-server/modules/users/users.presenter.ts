/** Users as the API shows them (behaviour §3): to themselves, to the staff, and as a name on other records. */
import type { AdminUser } from '../../../shared/api/admin.js';
import type { User } from '../../../shared/api/auth.js';
import type { UserRef } from '../../../shared/api/common.js';
import { isLanguage } from '../../../shared/i18n/languages.js';
import { centsToUnits } from '../../../shared/rules/money.js';
import type { UserRow } from './users.repository.js';

/** Who a user is and what they may do, as every user shape in the API shows it. */
function userBasics(u: UserRow): Pick<User, 'id' | 'email' | 'first_name' | 'last_name' | 'full_feature_access' | 'is_staff'> {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    full_feature_access: u.full_feature_access === 1,
    is_staff: u.is_staff === 1,
  };
}

/**
 * Columns `users/me` does not show: the sign-in secrets, the lookup keys of the address, and the
 * account's state and hourly rate, which only the staff see (tests/server/response-shapes.test.ts
 * holds the list to the table).
 */
export const USER_NOT_EXPOSED = ['password_hash', 'email_normalized', 'email_skeleton', 'token_generation', 'is_active', 'activated_at', 'hourly_rate_cents'] as const satisfies readonly (keyof UserRow)[];

/** The user as `users/me` and the client see it. */
export function presentUser(u: UserRow): User {
  return {
    ...userBasics(u),
    userInfo: {
      full_name: `${u.first_name} ${u.last_name}`.trim(),
      date_joined: u.date_joined,
      last_login: u.last_login,
    },
    language: isLanguage(u.language) ? u.language : null,
  };
}

/** Columns the staff's user list does not show. */
export const ADMIN_USER_NOT_EXPOSED = ['password_hash', 'email_normalized', 'email_skeleton', 'token_generation', 'language'] as const satisfies readonly (keyof UserRow)[];

export function presentAdminUser(u: UserRow): AdminUser {
  return {
    ...userBasics(u),
    is_active: u.is_active === 1,
    last_login: u.last_login,
    date_joined: u.date_joined,
    activated_at: u.activated_at ?? null,
    hourly_rate: centsToUnits(u.hourly_rate_cents),
  };
}

/** A user as other records name them (`assigned_to`, `created_by`, `updated_by` …). */
export function userRef(u: UserRef): UserRef {
  return { id: u.id, first_name: u.first_name, last_name: u.last_name };
}

/** The user a record names by id, from the names loaded for its page; null for none. */
export function userRefOf(users: ReadonlyMap<number, UserRef>, id: number | null): UserRef | null {
  const u = id === null ? undefined : users.get(id);
  return u ? userRef(u) : null;
}
