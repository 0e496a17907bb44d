/** Staff-only administration contracts: the team's accounts and the contact inbox. */
import { Type, type Static } from '@sinclair/typebox';
import { PageNumber, type EveryKey } from './common.js';

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
  },
  { additionalProperties: false },
);
export type AdminUserPatch = Static<typeof AdminUserPatch>;

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
} satisfies EveryKey<AdminUser>;

/** Answers of the two mail calls, shown to the staff user as they are. */
export const ACTIVATION_MAIL_SENT = 'Activation mail sent.';
export const RESET_MAIL_SENT = 'Password reset mail sent.';
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
