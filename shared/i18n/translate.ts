/**
 * Saying a text in the reader's language (docs/i18n.md). The code is written in English, and an
 * English text is its own message id: `t('Claim')` says "Claim" in English and the Spanish
 * catalogue's text in Spanish. A text with values is an ICU message, `t('Only {count} on hand.',
 * { count })`. Catalogues are compiled ahead of time (`npm run i18n`) into the forms Lingui's
 * runtime interprets; the English texts with values are compiled where they are first said, by a
 * compiler of the ICU the app uses (shared/i18n/icu.ts), so no full message parser ships.
 *
 * A text only named where it is defined and said where it is shown (a constant, a column's header)
 * is marked with `msg('…')`, which returns it unchanged, and shown with `t(value)`. A text that no
 * catalogue holds (a record's name, a server's text the catalogue lacks) is shown as it is.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileIcu } from './icu.js';
import { SOURCE_LANGUAGE } from './languages.js';

/** Between a context and its text in a catalogue key (`tc`). */
export const CONTEXT_SEPARATOR = '::';

/** Values put into a message's `{placeholders}`. */
export type MessageValues = Record<string, string | number>;
export type Translate = (id: string, values?: MessageValues) => string;

/** English messages with values, compiled the first time each is said (shared/i18n/icu.ts). */
const englishCompiled = new Map<string, ReturnType<typeof compileIcu>>();

/** The compiled form of an English text, or undefined when it is plain (no values, no quotes). */
function compiledEnglish(id: string): ReturnType<typeof compileIcu> | undefined {
  if (!/[{']/.test(id)) return undefined;
  let compiled = englishCompiled.get(id);
  if (!compiled) {
    compiled = compileIcu(id);
    englishCompiled.set(id, compiled);
  }
  return compiled;
}

function say(i18n: I18n, onMissing: () => ((id: string) => void) | null): Translate {
  return (id, values) => {
    if (!Object.prototype.hasOwnProperty.call(i18n.messages, id)) {
      if (i18n.locale !== SOURCE_LANGUAGE) onMissing()?.(id);
      const english = compiledEnglish(id);
      // Lingui interprets a compiled message given as the descriptor's message; its type says string
      // only because it also takes uncompiled ones.
      return english ? i18n._({ id, message: english as unknown as string, ...(values ? { values } : {}) }) : id;
    }
    return i18n._(id, values);
  };
}

/**
 * A translator fixed to one language, for code that speaks to several readers at once (the server:
 * each request and each mail in its reader's language).
 */
export function translatorFor(locale: string, messages: Messages): Translate {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return say(i18n, () => null);
}

// The one reader of a device: the screens and the data worker say everything in the active language.
const active = setupI18n({ locale: SOURCE_LANGUAGE, messages: { [SOURCE_LANGUAGE]: {} } });
const listeners = new Set<() => void>();
let missingReporter: ((id: string) => void) | null = null;

const deviceSay = say(active, () => missingReporter);
let contextual: (() => Translate | undefined) | null = null;

/** A text in the active language; the English text itself when the active catalogue lacks it. */
export const t: Translate = (id, values) => (contextual?.() ?? deviceSay)(id, values);

/**
 * For a process that speaks to several readers (the server): `source` gives the translator of the
 * reader being answered (the request's, the mail's recipient's), so code shared with the device,
 * which calls `t`, speaks that reader's language. Undefined from `source` means the active language.
 */
export function setTranslatorSource(source: (() => Translate | undefined) | null): void {
  contextual = source;
}

/**
 * A text whose translation depends on where it stands, when the same English says two things
 * ("Open" the status, "Open" the button): its catalogue key is `context::text`.
 */
export function tc(context: string, id: string, values?: MessageValues): string {
  const key = `${context}${CONTEXT_SEPARATOR}${id}`;
  // A catalogue without the key gives the key back: then the text without its context.
  const said = t(key, values);
  return said === key ? t(id, values) : said;
}

export { msg } from './msg.js';

/** The active catalogue's locale ("en", "es", or the tests' pseudo-locale). */
export function activeLocale(): string {
  return active.locale;
}

/** Makes `locale` the active language with its compiled messages (a text they lack is said in English). */
export function activateMessages(locale: string, messages: Messages): void {
  if (locale === SOURCE_LANGUAGE) active.activate(SOURCE_LANGUAGE);
  else {
    active.load(locale, messages);
    active.activate(locale);
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` after each change of the active language; returns the unsubscribe. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told each text the active catalogue lacks (the pseudo-locale test reports them). */
export function reportMissingMessages(reporter: ((id: string) => void) | null): void {
  missingReporter = reporter;
}
