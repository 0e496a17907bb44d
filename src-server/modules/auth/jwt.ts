/**
 * SimpleJWT-compatible tokens (HS256; claims token_type, jti, user_id). Access lives 5 minutes,
 * refresh 1 day; refresh tokens rotate and a reused one revokes its whole family (RFC 9700).
 * An access token also carries `gen`, the user's token generation when it was issued: ending every
 * login of a user (a new password, a deactivation) raises it, and the token is refused from then on
 * (`isCurrentAccess`), not 5 minutes later.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Repositories } from '../../db/repositories.js';
import { nowIso } from '../../http/clock.js';
import { UsersRepository } from '../users/users.repository.js';
import { RefreshTokensRepository, type RefreshTokenRow } from './refresh-tokens.repository.js';

export const ACCESS_TTL_S = 5 * 60;
export const REFRESH_TTL_S = 24 * 60 * 60;
/**
 * A just-rotated refresh token may be presented again briefly (a retried request, or two tabs
 * refreshing at once) without counting as reuse, as long as its successor has not been used.
 */
const ROTATION_GRACE_MS = 10_000;

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  user_id: number;
  jti: string;
  token_type: TokenType;
  /** The user's token generation at issue (access tokens; 0 when the token has none). */
  gen: number;
}

/** Whether an access token was issued under the user's current token generation (no login ended since). */
export function isCurrentAccess(claims: TokenClaims, user: { token_generation: number }): boolean {
  return claims.gen === user.token_generation;
}

export class TokenService {
  /** Imported once: handing jose the raw secret made it import the key again on every request. */
  private readonly key: Promise<CryptoKey>;
  private readonly rows: RefreshTokensRepository;
  private readonly users: UsersRepository;

  constructor(secret: string, { refreshTokens, users }: Pick<Repositories, 'refreshTokens' | 'users'>) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.rows = refreshTokens;
    this.users = users;
  }

  /** HS256 over fixed claims: the same jti, user, times and generation always give the same token. */
  private async sign(userId: number, type: TokenType, jti: string, issuedAtMs: number, ttl: number, gen?: number): Promise<string> {
    const iat = Math.floor(issuedAtMs / 1000);
    return new SignJWT({ token_type: type, user_id: userId, ...(gen === undefined ? {} : { gen }) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(await this.key);
  }

  /** Verifies signature, expiry and type; null when any fails. */
  async verify(token: string, type: TokenType): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      if (payload.token_type !== type || typeof payload.user_id !== 'number' || typeof payload.jti !== 'string') return null;
      const gen = payload.gen === undefined ? 0 : payload.gen;
      if (typeof gen !== 'number') return null;
      return { user_id: payload.user_id, jti: payload.jti, token_type: type, gen };
    } catch {
      return null;
    }
  }

  /** An access token under the user's current token generation, read when it is issued. */
  async accessToken(userId: number): Promise<string> {
    return this.sign(userId, 'access', randomUUID(), Date.now(), ACCESS_TTL_S, await this.users.tokenGeneration(userId));
  }

  /** The refresh token of a stored row, signed again: the very token it was issued as. */
  private refreshTokenOf(row: { user_id: number; jti: string; issued_at: string }): Promise<string> {
    return this.sign(row.user_id, 'refresh', row.jti, Date.parse(row.issued_at), REFRESH_TTL_S);
  }

  /** A refresh token that can still be exchanged: signed, of this server, not rotated, revoked or expired. */
  async usableRefresh(token: string): Promise<TokenClaims | null> {
    const claims = await this.verify(token, 'refresh');
    if (!claims) return null;
    const row = await this.rows.find(claims.jti);
    if (!row || row.revoked_at || row.replaced_by || Date.parse(row.expires_at) <= Date.now()) return null;
    return claims;
  }

  /** A new login: a new refresh-token family. */
  async issuePair(userId: number): Promise<{ access: string; refresh: string }> {
    const row = newRefreshRow(userId, randomUUID());
    await this.rows.insert(row);
    return { access: await this.accessToken(userId), refresh: await this.refreshTokenOf(row) };
  }

  /**
   * Exchanges a refresh token for a new pair. Returns null when the token is invalid, expired,
   * revoked or reused (reuse revokes the family, ending that login everywhere).
   */
  async rotate(refreshToken: string): Promise<{ access: string; refresh: string; userId: number } | null> {
    const claims = await this.verify(refreshToken, 'refresh');
    if (!claims) return null;
    const row = await this.rows.find(claims.jti);
    if (!row || row.revoked_at) return null;
    if (row.replaced_by === null) {
      // The repository marks the token replaced and stores its successor in one transaction; of two
      // concurrent rotations only one wins.
      const successor = newRefreshRow(row.user_id, row.family_id);
      if (await this.rows.replace(row.jti, successor)) return { access: await this.accessToken(row.user_id), refresh: await this.refreshTokenOf(successor), userId: row.user_id };
      // Lost to a concurrent rotation of the same token a moment ago: a retry, not a theft.
      return this.withinGrace(row.jti, row.user_id, row.family_id);
    }
    return this.withinGrace(row.jti, row.user_id, row.family_id);
  }

  /**
   * A replaced token presented again. Within the grace period, and only while its successor is
   * unused, it is a retry of that rotation and gets the same successor back (no new branch of the
   * login); anything else is reuse, and ends the whole login.
   */
  private async withinGrace(jti: string, userId: number, familyId: string): Promise<{ access: string; refresh: string; userId: number } | null> {
    const current = await this.rows.find(jti);
    const successor = current?.replaced_by ? await this.rows.find(current.replaced_by) : undefined;
    if (!successor || successor.revoked_at || successor.replaced_by || Date.now() - Date.parse(successor.issued_at) >= ROTATION_GRACE_MS) {
      await this.revokeFamily(familyId);
      return null;
    }
    return { access: await this.accessToken(userId), refresh: await this.refreshTokenOf(successor), userId };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.rows.revokeFamily(familyId, nowIso());
  }

  /** Revokes the family a refresh token belongs to (logout). */
  async revokeByToken(refreshToken: string): Promise<boolean> {
    const claims = await this.verify(refreshToken, 'refresh');
    if (!claims) return false;
    const row = await this.rows.find(claims.jti);
    if (!row) return false;
    await this.revokeFamily(row.family_id);
    return true;
  }

  /** Drops refresh tokens that can no longer be used: expired, or revoked more than a day ago. */
  async purge(now = Date.now()): Promise<void> {
    await this.rows.purge(new Date(now).toISOString(), new Date(now - REFRESH_TTL_S * 1000).toISOString());
  }

  /**
   * Ends every login of a user (deactivation, new password): its refresh tokens are revoked and its
   * token generation raised, so the access tokens already out are refused at once too. `db` lets a
   * caller do it inside its own transaction.
   */
  async revokeAllForUser(userId: number, db?: Kysely<Database>): Promise<void> {
    await (db ? new RefreshTokensRepository(db) : this.rows).revokeAllForUser(userId, nowIso());
    await (db ? new UsersRepository(db) : this.users).endAccessTokens(userId);
  }
}

/** A refresh-token row issued now, for a new login or as the successor of a rotated token. */
function newRefreshRow(userId: number, familyId: string): RefreshTokenRow {
  const now = Date.now();
  return {
    jti: randomUUID(),
    user_id: userId,
    family_id: familyId,
    issued_at: new Date(now).toISOString(),
    expires_at: new Date(now + REFRESH_TTL_S * 1000).toISOString(),
    replaced_by: null,
    revoked_at: null,
  };
}
