/**
 * What the core does when the session changes (here, or in another context: the bus brings it):
 * the tabs' state and navigation, and on a login the work that waits for a user. An expired
 * session (it cannot be renewed, behaviour §4) is ended once however many calls fail at the same time.
 */
import type { StatePatch } from '../../shared/data/protocol.js';
import type { TabHub } from '../services/tab-hub.js';
import type { SessionChange, SessionStore } from '../session/session-store.js';

export interface SessionReactionDeps {
  session: SessionStore;
  hub: TabHub;
  setState(patch: StatePatch): void;
  refreshQueue(): Promise<void>;
  background(task: Promise<unknown>): void;
  /** A user signed in here or elsewhere: storage, the queue's flush and a first heartbeat. */
  onLogin(): Promise<void>;
}

export interface SessionReactions {
  changed(reason: SessionChange): Promise<void>;
  expire(): Promise<void>;
}

export function createSessionReactions(deps: SessionReactionDeps): SessionReactions {
  const { session, hub } = deps;
  let expiring: Promise<void> | null = null;
  return {
    async changed(reason) {
      const user = await session.user();
      deps.setState({ session: { status: user ? 'signed-in' : 'signed-out', user } });
      if (reason === 'expired') hub.emit({ type: 'navigate', to: '/login' });
      if (reason === 'logout') hub.emit({ type: 'navigate', to: '/' });
      if (reason === 'login' || reason === 'logout' || reason === 'signed-out') deps.background(deps.refreshQueue());
      if (reason === 'login') await deps.onLogin();
    },
    expire() {
      expiring ??= (async () => {
        if ((await session.tokens()) || (await session.user())) await session.clear('expired');
      })().finally(() => {
        expiring = null;
      });
      return expiring;
    },
  };
}
