/**
 * The signed-in user's own account settings (docs/i18n.md: the language chosen on the account):
 * `PATCH auth/users/me/`, written through the outbox like an area's offline write, so a language
 * chosen without a connection is kept and sent once (its domain is `account`, not an area). Once
 * the server has it, online or replayed, the saved signed-in user takes the server's answer and the
 * tabs hear of it as of any other change of the session.
 */
import type { User } from '../../shared/api/auth.js';
import { ACCOUNT_DOMAIN } from '../../shared/areas/registry.js';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES } from '../../shared/data/messages.js';
import type { MutationResult } from '../../shared/data/protocol.js';
import type { Language } from '../../shared/i18n/languages.js';
import type { AreaContext } from '../kit/area-context.js';
import type { HandlerRegistry } from '../outbox/handlers.js';
import { defineWrite, sendWrite } from '../outbox/write-action.js';
import { writeOrQueue } from '../outbox/write-or-queue.js';
import type { SessionStore } from './session-store.js';

const PATH = 'auth/users/me/';

/** The stored payload: the language (null: follow the device's). */
type LanguagePayload = { language: Language | null };

export const SAVE_LANGUAGE = defineWrite<User, LanguagePayload>({
  area: ACCOUNT_DOMAIN,
  action: 'language',
  request: (item) => ({ method: 'PATCH', path: PATH, json: { language: item.payload.language } }),
  invalidates: () => ({ keys: [PATH] }),
  messages: { success: SUCCESS_MESSAGES.account.language, queued: QUEUED_MESSAGES.account.language, failure: SCREEN_MESSAGES.account.language },
});

/** The server's answer becomes the saved signed-in user, when it is still that user who is signed in. */
async function keepUser(session: SessionStore, answer: User): Promise<void> {
  const current = await session.user();
  if (current && current.id === answer.id) await session.saveUser(answer);
}

/** The replay of a queued language (the data worker's and the service worker's flush alike). */
export function registerAccountWrites(registry: HandlerRegistry, session: SessionStore): void {
  registry.register(SAVE_LANGUAGE.area, SAVE_LANGUAGE.action, {
    send: async (item, http) => {
      const { answer, outcome } = await sendWrite(http, SAVE_LANGUAGE, { ...item, payload: item.payload as LanguagePayload });
      await keepUser(session, answer);
      return outcome;
    },
    invalidates: (item) => SAVE_LANGUAGE.invalidates({ ...item, payload: item.payload as LanguagePayload }),
  });
}

/** Saves the language on the account now, or queues it (offline, or one already waiting goes first). */
export async function saveLanguage(ctx: AreaContext, session: SessionStore, language: Language | null): Promise<MutationResult<User>> {
  const result = await writeOrQueue(ctx, SAVE_LANGUAGE, { targetId: 'me', targetLabel: null, payload: { language } });
  if (result.status === 'done') await keepUser(session, result.data);
  return result;
}
