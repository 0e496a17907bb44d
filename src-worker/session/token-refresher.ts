/**
 * Behaviour §4 Session refresh: a 401 triggers one refresh that every waiting request shares. Within a
 * context one promise is shared; across contexts (other worker instances, the service worker) the
 * Web Lock 'auth-refresh' serialises refreshes, and the holder re-reads the tokens first: if another
 * context already rotated them, it adopts the new access token instead of spending the refresh
 * token a second time (the server rotates refresh tokens and detects reuse).
 */
import { LOCKS } from '../../shared/data/bus.js';
import type { StoredTokens } from '../../shared/data/db-schema.js';
import { runWithLock } from '../services/locks.js';
import type { SessionStore } from './session-store.js';

/** What the refresh call answered: new tokens, or a refusal (the refresh token is dead). */
export type RefreshAnswer = { ok: true; access: string; refresh: string | null } | { ok: false };

export class TokenRefresher {
  private inFlight: Promise<string | null> | null = null;

  constructor(
    private readonly session: SessionStore,
    /** POSTs auth/jwt/refresh/. Throws a NormalizedError when the server cannot be reached. */
    private readonly callRefresh: (refreshToken: string) => Promise<RefreshAnswer>,
  ) {}

  /**
   * A fresh access token to replace `staleAccess`, or null when the session cannot be renewed.
   * Network failures are thrown, not turned into null: being offline is no reason to sign out.
   */
  refresh(staleAccess: string | null): Promise<string | null> {
    this.inFlight ??= runWithLock(LOCKS.authRefresh, () => this.refreshHoldingLock(staleAccess)).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async refreshHoldingLock(staleAccess: string | null): Promise<string | null> {
    const current = await this.session.tokens();
    if (!current?.refresh) return null;
    if (current.access !== staleAccess) return current.access;
    const answer = await this.callRefresh(current.refresh);
    if (!answer.ok) return null;
    const rotated: StoredTokens = { access: answer.access, refresh: answer.refresh ?? current.refresh };
    await this.session.saveTokens(rotated);
    return rotated.access;
  }
}
