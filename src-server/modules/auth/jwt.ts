/**
 * SimpleJWT-compatible tokens (HS256; claims token_type, jti, user_id). Access lives 5 minutes,
 * refresh 1 day; refresh tokens rotate and a reused one revokes its whole family (RFC 9700).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../http/clock.js';

export const ACCESS_TTL_S = 5 * 60;
export const REFRESH_TTL_S = 24 * 60 * 60;
/** A just-rotated refresh token may be presented again briefly (a retried request) without counting as reuse. */
const ROTATION_GRACE_MS = 10_000;

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  user_id: number;
  jti: string;
  token_type: TokenType;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly db: Kysely<Database>,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  private sign(userId: number, type: TokenType, jti: string, ttl: number): Promise<string> {
    return new SignJWT({ token_type: type, user_id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(this.key);
  }

  /** Verifies signature, expiry and type; null when any fails. */
  async verify(token: string, type: TokenType): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.token_type !== type || typeof payload.user_id !== 'number' || typeof payload.jti !== 'string') return null;
      return { user_id: payload.user_id, jti: payload.jti, token_type: type };
    } catch {
      return null;
    }
  }

  accessToken(userId: number): Promise<string> {
    return this.sign(userId, 'access', randomUUID(), ACCESS_TTL_S);
  }

  /** A new login: a new refresh-token family. */
  async issuePair(userId: number): Promise<{ access: string; refresh: string }> {
    const refresh = await this.storeRefresh(userId, randomUUID());
    return { access: await this.accessToken(userId), refresh: refresh.token };
  }

  private async storeRefresh(userId: number, familyId: string): Promise<{ jti: string; token: string }> {
    const jti = randomUUID();
    const now = Date.now();
    await this.db
      .insertInto('refresh_tokens')
      .values({
        jti,
        user_id: userId,
        family_id: familyId,
        issued_at: new Date(now).toISOString(),
        expires_at: new Date(now + REFRESH_TTL_S * 1000).toISOString(),
        replaced_by: null,
        revoked_at: null,
      })
      .execute();
    return { jti, token: await this.sign(userId, 'refresh', jti, REFRESH_TTL_S) };
  }

  /**
   * Exchanges a refresh token for a new pair. Returns null when the token is invalid, expired,
   * revoked or reused (reuse revokes the family, ending that login everywhere).
   */
  async rotate(refreshToken: string): Promise<{ access: string; refresh: string; userId: number } | null> {
    const claims = await this.verify(refreshToken, 'refresh');
    if (!claims) return null;
    const row = await this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', claims.jti).executeTakeFirst();
    if (!row || row.revoked_at) return null;
    if (row.replaced_by) {
      const successor = await this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', row.replaced_by).executeTakeFirst();
      const withinGrace = successor && !successor.revoked_at && Date.now() - Date.parse(successor.issued_at) < ROTATION_GRACE_MS;
      if (!withinGrace) {
        await this.revokeFamily(row.family_id);
        return null;
      }
    }
    const next = await this.storeRefresh(row.user_id, row.family_id);
    // Conditional update: of two concurrent rotations of one token only one may win.
    const res = await this.db
      .updateTable('refresh_tokens')
      .set({ replaced_by: next.jti })
      .where('jti', '=', row.jti)
      .where('replaced_by', row.replaced_by === null ? 'is' : '=', row.replaced_by)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1 && row.replaced_by === null) {
      await this.revokeFamily(row.family_id);
      return null;
    }
    return { access: await this.accessToken(row.user_id), refresh: next.token, userId: row.user_id };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  /** Revokes the family a refresh token belongs to (logout). */
  async revokeByToken(refreshToken: string): Promise<boolean> {
    const claims = await this.verify(refreshToken, 'refresh');
    if (!claims) return false;
    const row = await this.db.selectFrom('refresh_tokens').select('family_id').where('jti', '=', claims.jti).executeTakeFirst();
    if (!row) return false;
    await this.revokeFamily(row.family_id);
    return true;
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }
}
