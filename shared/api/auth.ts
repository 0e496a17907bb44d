/** Auth contracts (Djoser and SimpleJWT compatible). */
import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES, type Language } from '../i18n/languages.js';
import type { EveryKey } from './common.js';

const Email = Type.String({ maxLength: 254 });
const Password = Type.String({ maxLength: 4096 });

export const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  re_password: Password,
  first_name: Type.String({ maxLength: 150 }),
  last_name: Type.String({ maxLength: 150 }),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const UidTokenBody = Type.Object({ uid: Type.String({ maxLength: 64 }), token: Type.String({ maxLength: 128 }) });
export type UidTokenBody = Static<typeof UidTokenBody>;

export const EmailBody = Type.Object({ email: Email });

export const ResetConfirmBody = Type.Object({
  uid: Type.String({ maxLength: 64 }),
  token: Type.String({ maxLength: 128 }),
  new_password: Password,
  re_new_password: Password,
});
export type ResetConfirmBody = Static<typeof ResetConfirmBody>;

export const LoginBody = Type.Object({ email: Email, password: Password });
export type LoginBody = Static<typeof LoginBody>;

export const RefreshBody = Type.Object({ refresh: Type.String({ maxLength: 2048 }) });
export const VerifyBody = Type.Object({ token: Type.String({ maxLength: 2048 }) });

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  full_feature_access: boolean;
  is_staff: boolean;
  userInfo: { full_name: string; date_joined: string; last_login: string | null };
  /** The language chosen on the account (docs/i18n.md); null: the device's. */
  language: Language | null;
}

/**
 * The user's own account settings (`PATCH auth/users/me/`): only the fields sent change. `language`
 * is checked by the server (DRF's choice refusal, `"xx" is not a valid choice.`) rather than by the
 * schema, so an unknown code gets one message.
 */
export const UserMePatch = Type.Object(
  {
    language: Type.Optional(Type.Unsafe<Language | null>({ description: `the account's language: ${LANGUAGES.join(', ')}, or null to follow the device's` })),
  },
  { additionalProperties: false },
);
export type UserMePatch = Static<typeof UserMePatch>;

export const USER_KEYS = { id: true, email: true, first_name: true, last_name: true, full_feature_access: true, is_staff: true, userInfo: true, language: true } satisfies EveryKey<User>;
