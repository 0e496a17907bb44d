/**
 * Tokens and the signed-in user, kept in the device DB so every context (worker instances, the
 * service worker) reads the same session. Tokens are re-read on every request: another context may
 * have rotated them.
 */
import type { User } from '../../shared/api/auth.js';
import type { DeviceDb, StoredTokens } from '../../shared/data/db-schema.js';
import type { Bus } from '../services/bus.js';

/**
 * Why the session changed: a sign-in, a logout (every tab goes to /), an expiry (every tab goes to
 * /login), a failed account call that leaves nobody signed in (no navigation), or new tokens/user.
 */
export type SessionChange = 'login' | 'logout' | 'expired' | 'signed-out' | 'tokens' | 'user';

export class SessionStore {
  constructor(
    private readonly db: DeviceDb,
    private readonly bus: Bus | null,
    private readonly onChange: (reason: SessionChange) => void,
  ) {}

  tokens(): Promise<StoredTokens | null> {
    return this.db.getMeta('tokens');
  }

  user(): Promise<User | null> {
    return this.db.getMeta('user');
  }

  async signIn(tokens: StoredTokens, user: User): Promise<void> {
    await this.db.transaction('rw', this.db.meta, async () => {
      await this.db.setMeta('tokens', tokens);
      await this.db.setMeta('user', user);
    });
    this.changed('login');
  }

  async saveTokens(tokens: StoredTokens): Promise<void> {
    await this.db.setMeta('tokens', tokens);
    this.changed('tokens');
  }

  async saveUser(user: User): Promise<void> {
    await this.db.setMeta('user', user);
    this.changed('user');
  }

  /** Ends the session: the user and both tokens go. What else goes is the caller's decision. */
  async clear(reason: 'logout' | 'expired' | 'signed-out'): Promise<void> {
    await this.db.deleteMeta('tokens', 'user');
    this.changed(reason);
  }

  private changed(reason: SessionChange): void {
    this.bus?.post({ type: 'session-changed', reason });
    this.onChange(reason);
  }
}
