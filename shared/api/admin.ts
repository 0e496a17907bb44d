/** Staff-only administration contracts: the team's accounts and the contact inbox. */
import { Type, type Static } from '@sinclair/typebox';
import { PageNumber, type EveryKey } from './common.js';
import { HOURLY_RATE_MAX } from './labour.js';
import { msg } from '../i18n/translate.js';

export const AdminUsersQuery = Type.Object({
  page: Type.Optional(PageNumber),
  /** Part of a first name, last name, full name or email, any case. */
  search: Type.Optional(Type.String({ maxLength: 254 })),
});
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

/** Every field optional: only those present change. */
export const AdminUserPatch = Type.Object(
  {
    full_feature_access: Type.Optional(Type.Boolean()),
    is_staff: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
    /**
     * The user's hourly rate (docs/decisions.md: What the work costs), checked by the server against
     * HourlyRateForm rather than by schema coercion, which would read null or true as a number.
     */
    hourly_rate: Type.Optional(Type.Unsafe<number>({ description: `per hour, in the site's currency: 0 to ${HOURLY_RATE_MAX}, at most 2 decimal places` })),
  },
  { additionalProperties: false },
);
export type AdminUserPatch = Static<typeof AdminUserPatch>;

/**
 * An hourly rate as the Users screen's form checks it and the server checks `hourly_rate` (through
 * schema-check.ts, so both say the same words): 0 or more, at most HOURLY_RATE_MAX, to the cent.
 */
export const HourlyRateForm = Type.Object({ hourly_rate: Type.Number({ minimum: 0, maximum: HOURLY_RATE_MAX, decimalPlaces: 2 }) });

export interface AdminUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  full_feature_access: boolean;
  is_staff: boolean;
  last_login: string | null;
  date_joined: string;
  /** When the account was first activated; null for one still waiting for its activation link. */
  activated_at: string | null;
  /** Per hour, in the site's currency (0 until staff set one); each labour entry keeps the rate of its time. */
  hourly_rate: number;
}

export const ADMIN_USER_KEYS = {
  id: true,
  first_name: true,
  last_name: true,
  email: true,
  is_active: true,
  full_feature_access: true,
  is_staff: true,
  last_login: true,
  date_joined: true,
  activated_at: true,
  hourly_rate: true,
} satisfies EveryKey<AdminUser>;

/** Answers of the two mail calls, shown to the staff user as they are. */
export const ACTIVATION_MAIL_SENT = msg('Activation mail sent.');
export const RESET_MAIL_SENT = msg('Password reset mail sent.');
export interface AdminMailSent {
  detail: string;
}

export const ContactReadPatch = Type.Object({ read: Type.Boolean() }, { additionalProperties: false });
export type ContactReadPatch = Static<typeof ContactReadPatch>;

export interface AdminContactMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: string;
  read: boolean;
}

export const ADMIN_CONTACT_MESSAGE_KEYS = { id: true, name: true, email: true, message: true, created_at: true, read: true } satisfies EveryKey<AdminContactMessage>;
