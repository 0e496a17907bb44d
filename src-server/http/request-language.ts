/**
 * The language the server speaks to whoever it is answering (docs/i18n.md): the language the
 * client's screen is in (its Accept-Language; the app's data worker sends the device's choice),
 * else the signed-in user's saved choice, else English. Every `t(…)` during a request, in the
 * server's code or in code shared with the device, says its text in that language; a mail is
 * composed inside `inLanguage(recipient's language, …)`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages as spanish } from '../../shared/i18n/compiled/es.js';
import { acceptLanguageTags, isLanguage, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.js';
import { setTranslatorSource, type Translate } from '../../shared/i18n/translate.js';
import { translatorFor } from '../../shared/i18n/translator.js';

const translators: Record<Language, Translate> = {
  en: translatorFor('en', {}),
  es: translatorFor('es', spanish),
};

type Reader = { language: Language } | { request: FastifyRequest };
const readers = new AsyncLocalStorage<Reader>();

/** The first supported language the request's Accept-Language names, if any. */
function headerLanguage(request: FastifyRequest): Language | null {
  for (const tag of acceptLanguageTags(request.headers['accept-language'])) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

export function requestLanguage(request: FastifyRequest): Language {
  const saved = (request.user as { language?: unknown } | null)?.language;
  return headerLanguage(request) ?? (isLanguage(saved) ? saved : SOURCE_LANGUAGE);
}

function currentLanguage(): Language | undefined {
  const reader = readers.getStore();
  if (!reader) return undefined;
  return 'language' in reader ? reader.language : requestLanguage(reader.request);
}

/** Runs `work` speaking `language` (a mail to its recipient, a job's text); null: English. */
export function inLanguage<T>(language: Language | null | undefined, work: () => T): T {
  return readers.run({ language: isLanguage(language) ? language : SOURCE_LANGUAGE }, work);
}

/** A translator for a language, for code that holds its reader's language itself. */
export function translatorIn(language: Language | null | undefined): Translate {
  return translators[isLanguage(language) ? language : SOURCE_LANGUAGE];
}

/** Registered first: each request's `t` speaks its reader's language. */
export function registerRequestLanguage(app: FastifyInstance): void {
  setTranslatorSource(() => {
    const language = currentLanguage();
    return language ? translators[language] : undefined;
  });
  app.addHook('onRequest', (request, _reply, done) => readers.run({ request }, done));
}
