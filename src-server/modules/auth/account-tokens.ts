/**
 * Activation and password-reset links, after Django's PasswordResetTokenGenerator: the token is a
 * timestamped HMAC over the user's state, so it stops working once that state changes (password
 * set, account activated, signed in) and after it expires. Nothing is stored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UserRow } from '../users/users.repository.js';

const EPOCH_2001 = Date.UTC(2001, 0, 1) / 1000;
export const ACCOUNT_TOKEN_TTL_S = 3 * 24 * 60 * 60;

export type AccountTokenPurpose = 'activation' | 'password-reset';

export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

export class AccountTokens {
  constructor(private readonly secret: string) {}

  private digest(purpose: AccountTokenPurpose, user: UserRow, ts: number): string {
    const state = `${user.id}|${user.password_hash}|${user.last_login ?? ''}|${user.is_active}|${user.email_normalized}|${ts}`;
    return createHmac('sha256', `${this.secret}:${purpose}`).update(state).digest('hex').slice(0, 40);
  }

  make(purpose: AccountTokenPurpose, user: UserRow, now = Date.now()): string {
    const ts = Math.floor(now / 1000 - EPOCH_2001);
    return `${ts.toString(36)}-${this.digest(purpose, user, ts)}`;
  }

  check(purpose: AccountTokenPurpose, user: UserRow, token: string, now = Date.now()): boolean {
    const match = /^([0-9a-z]{1,13})-([0-9a-f]{40})$/.exec(token);
    if (!match) return false;
    const ts = parseInt(match[1]!, 36);
    const expected = Buffer.from(this.digest(purpose, user, ts));
    if (!timingSafeEqual(expected, Buffer.from(match[2]!))) return false;
    return now / 1000 - EPOCH_2001 - ts <= ACCOUNT_TOKEN_TTL_S;
  }
}
