/**
 * The data worker's language (docs/i18n.md): a tab's choice makes the worker speak it (its own
 * texts) and ask the server in it (Accept-Language on every request, replays included); the
 * language chosen on the account is saved through the outbox, offline too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { QUEUED_MESSAGES, SUCCESS_MESSAGES } from '../../../shared/data/messages.js';
import { messages as spanish } from '../../../shared/i18n/compiled/es.js';
import { activeLocale, t } from '../../../shared/i18n/translate.js';
import { translatorFor } from '../../../shared/i18n/translator.js';
import { useLanguage, workerLanguage } from '../../../src-worker/session/language.js';
import { createFakeHttp, json, type FakeHttp } from '../helpers/fake-http.js';
import { createHarness, eventually, testUser, type Harness, type TabConnection } from '../helpers/data-core-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  // The worker's language is the module's: every test starts in English.
  await useLanguage('en');
});

type H = Harness & { tab: TabConnection };

async function signedIn(api: FakeHttp = createFakeHttp()): Promise<H> {
  api.on('POST', 'auth/jwt/create/', () => json(200, { access: 'A1', refresh: 'R1' }));
  api.on('GET', 'auth/users/me/', () => json(200, testUser({ language: null })));
  const h = await createHarness(api);
  cleanups.push(() => h.close());
  await h.core.workerCalls.session.login('tech@example.com', 'pw');
  return h;
}

/** The server's PATCH of the user's own settings: answers the user with the language sent. */
function languageRoute(api: FakeHttp): void {
  api.on('PATCH', 'auth/users/me/', (req) => json(200, testUser({ language: (req.json as { language: 'en' | 'es' | null }).language })));
}

describe("the worker's language", () => {
  it('useLanguage activates the Spanish catalogue: the worker says its texts in Spanish', async () => {
    await useLanguage('es');
    expect(activeLocale()).toBe('es');
    expect(workerLanguage()).toBe('es');
    const inSpanish = translatorFor('es', spanish);
    const text = SUCCESS_MESSAGES.workorders.created;
    expect(t(text)).toBe(inSpanish(text));

    await useLanguage('en');
    expect(activeLocale()).toBe('en');
    expect(t(text)).toBe('Work order created successfully!');
  });

  it('the pseudo-locale is activated as en-XA while requests still ask for the language', async () => {
    await useLanguage('es', true);
    expect(activeLocale()).toBe('en-XA');
    expect(workerLanguage()).toBe('es');
  });

  it('a later choice is not overtaken by an earlier one still loading', async () => {
    const first = useLanguage('es');
    const second = useLanguage('en');
    await Promise.all([first, second]);
    expect(activeLocale()).toBe('en');
    expect(workerLanguage()).toBe('en');
  });

  it('every request carries Accept-Language: the language the tabs told the worker', async () => {
    const api = createFakeHttp();
    const h = await signedIn(api);
    expect(api.callsTo('GET', 'auth/users/me/')[0]!.headers['accept-language']).toBe('en');

    await h.core.workerCalls.session.useLanguage('es');
    api.on('GET', /^workorders\/\d+\/$/, () => json(200, { id: 5 }));
    await h.core.workerCalls.workorders.get(5).catch(() => undefined);
    const read = api.calls.at(-1)!;
    expect(read.path).toBe('workorders/5/');
    expect(read.headers['accept-language']).toBe('es');
  });
});

describe("the account's language (saveLanguage)", () => {
  it('online: PATCHes auth/users/me/ and the signed-in user takes the answer; the tabs hear of it', async () => {
    const api = createFakeHttp();
    languageRoute(api);
    const h = await signedIn(api);

    const result = await h.core.workerCalls.session.saveLanguage('es');

    expect(result).toMatchObject({ status: 'done', message: SUCCESS_MESSAGES.account.language });
    const patch = api.callsTo('PATCH', 'auth/users/me/');
    expect(patch).toHaveLength(1);
    expect(patch[0]!.json).toEqual({ language: 'es' });
    expect(patch[0]!.headers['idempotency-key']).toBeTruthy();
    await eventually(() => expect(h.core.state().session.user?.language).toBe('es'));
  });

  it('offline: queued with its notice, then sent once when the connection returns; the user has it after', async () => {
    const api = createFakeHttp();
    languageRoute(api);
    const h = await signedIn(api);
    await h.core.workerCalls.session.useLanguage('es');
    await h.core.workerCalls.network.browserOnline(false);

    const result = await h.core.workerCalls.session.saveLanguage('es');

    expect(result).toMatchObject({ status: 'queued', message: t(QUEUED_MESSAGES.account.language) });
    expect(api.callsTo('PATCH', 'auth/users/me/')).toEqual([]);
    await eventually(() => expect(h.core.state().queue.items.map((i) => [i.domain, i.action, i.status])).toEqual([['account', 'language', 'queued']]));

    await h.core.workerCalls.network.browserOnline(true);

    await eventually(() => expect(h.core.state().queue.items.map((i) => i.status)).toEqual(['synced']));
    const sent = api.callsTo('PATCH', 'auth/users/me/');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.json).toEqual({ language: 'es' });
    // The replay asks in the worker's language, so a refusal would come back in it.
    expect(sent[0]!.headers['accept-language']).toBe('es');
    await eventually(() => expect(h.core.state().session.user?.language).toBe('es'));
  });

  it('a refused code is not queued: the server says why', async () => {
    const api = createFakeHttp();
    api.on('PATCH', 'auth/users/me/', () => json(400, { language: ['"xx" is not a valid choice.'] }));
    const h = await signedIn(api);

    await expect(h.core.workerCalls.session.saveLanguage('xx' as never)).rejects.toMatchObject({ type: 'validation', serverMessage: '"xx" is not a valid choice.' });
    expect(h.core.state().queue.items).toEqual([]);
  });
});
