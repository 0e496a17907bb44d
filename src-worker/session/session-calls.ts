/**
 * Sign-in and the account calls (behaviour §4 Auth, behaviour §7 Auth). Login lowercases the email, then reads
 * users/me with the new token before storing anything. A failed login, register, activation or
 * reset leaves nobody signed in. Logout ends the login on the server (best effort) and clears the
 * user, the tokens, every stored answer, the working set and every queued action, in every tab.
 * The device's language reaches the worker here, and the language chosen on the account is saved
 * here (through the outbox: `account-writes.ts`).
 */
import type { TokenPair, User } from '../../shared/api/auth.js';
import type { DeviceDb } from '../../shared/data/db-schema.js';
import type { WorkerCalls } from '../../shared/data/protocol.js';
import type { HttpClient } from '../http/http-client.js';
import type { ResponseCache } from '../cache/response-cache.js';
import type { OutboxStore } from '../outbox/outbox-store.js';
import type { AreaContext } from '../kit/area-context.js';
import type { WorkingSet } from '../sync/working-set.js';
import { saveLanguage } from './account-writes.js';
import { useLanguage } from './language.js';
import type { SessionStore } from './session-store.js';

export interface SessionApiDeps {
  db: DeviceDb;
  http: HttpClient;
  session: SessionStore;
  cache: ResponseCache;
  outbox: OutboxStore;
  workingSet: WorkingSet;
  /** The queue changed without a flush (cleared on logout or on another user's sign-in). */
  onQueueCleared: () => void;
  /** What a write sent now or kept for later needs (the account's language is one). */
  writes: AreaContext;
}

export function createSessionCalls(deps: SessionApiDeps): WorkerCalls['session'] {
  const { http, session } = deps;

  /** Behaviour §4: a failed account call sets the user to null. */
  async function failing<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if ((await session.user()) || (await session.tokens())) await session.clear('signed-out');
      throw error;
    }
  }

  /** Another user's sign-in must not send or show what the previous one left behind. */
  async function forgetOtherUsersData(userId: number): Promise<void> {
    const previous = await deps.db.getMeta('lastUserId');
    if (previous === null || previous === userId) return;
    await deps.cache.clear();
    await deps.workingSet.clear();
    await deps.outbox.clear();
    deps.onQueueCleared();
  }

  return {
    login: (email, password) =>
      failing(async () => {
        const tokens = await http.request<TokenPair>({ method: 'POST', path: 'auth/jwt/create/', json: { email: email.trim().toLowerCase(), password }, auth: false });
        const user = await http.request<User>({ path: 'auth/users/me/', bearer: tokens.access });
        await forgetOtherUsersData(user.id);
        await deps.db.setMeta('lastUserId', user.id);
        await session.signIn({ access: tokens.access, refresh: tokens.refresh }, user);
        return user;
      }),

    register: (input) =>
      failing(async () => {
        await http.request({ method: 'POST', path: 'auth/users/', json: input, auth: false });
      }),

    activate: (uid, token) =>
      failing(async () => {
        await http.request({ method: 'POST', path: 'auth/users/activation/', json: { uid, token }, auth: false });
      }),

    requestPasswordReset: (email) =>
      failing(async () => {
        await http.request({ method: 'POST', path: 'auth/users/reset_password/', json: { email }, auth: false });
      }),

    confirmPasswordReset: (input) =>
      failing(async () => {
        await http.request({ method: 'POST', path: 'auth/users/reset_password_confirm/', json: input, auth: false });
      }),

    async logout() {
      const tokens = await session.tokens();
      if (tokens?.refresh) {
        // Ending the login on the server is a courtesy; the device forgets it either way.
        await http.request({ method: 'POST', path: 'auth/jwt/logout/', json: { refresh: tokens.refresh }, auth: false, spinner: false }).catch(() => undefined);
      }
      await deps.cache.clear();
      await deps.workingSet.clear();
      await deps.outbox.clear();
      await deps.db.deleteMeta('lastUserId');
      deps.onQueueCleared();
      await session.clear('logout');
    },

    async hasRefreshToken() {
      return Boolean((await session.tokens())?.refresh);
    },

    async useLanguage(language, pseudo = false) {
      await useLanguage(language, pseudo);
      // Kept for the service worker's flush, which has no tab to tell it.
      await deps.db.setMeta('language', language);
    },

    saveLanguage: (language) => saveLanguage(deps.writes, session, language),
  };
}
