/**
 * Saying a text in the reader's language (docs/i18n.md). The code is written in English, and an
 * English text is its own message id: `t('Claim')` says "Claim" in English and the Spanish
 * catalogue's text in Spanish. A text with values is an ICU message, `t('Only {count} on hand.',
 * { count })`. Other languages' catalogues are compiled ahead of time (`npm run i18n`) into the
 * forms Lingui's runtime interprets, and the runtime is loaded with them; English's texts with
 * values are compiled where first said and said by shared/i18n/icu.ts, so an English device loads
 * neither a message parser nor the runtime (docs/decisions.md: Languages).
 *
 * A text only named where it is defined and said where it is shown (a constant, a column's header)
 * is marked with `msg('…')`, which returns it unchanged, and shown with `t(value)`. A text that no
 * catalogue holds (a record's name, a server's text the catalogue lacks) is shown as it is.
 */
import type { I18n, Messages, setupI18n as SetupI18n } from '@lingui/core';
import { compileIcu, sayIcu, type IcuToken } from './icu.js';
import { SOURCE_LANGUAGE } from './languages.js';

/** Between a context and its text in a catalogue key (`tc`). */
export const CONTEXT_SEPARATOR = '::';

/** Values put into a message's `{placeholders}`. */
export type MessageValues = Record<string, string | number>;
export type Translate = (id: string, values?: MessageValues) => string;
/** Lingui's `setupI18n`, handed in by whoever loaded the runtime with a catalogue. */
export type LinguiSetup = typeof SetupI18n;

/** English messages with values, compiled the first time each is said. */
const englishCompiled = new Map<string, IcuToken[]>();

/** The compiled form of an English text, or undefined when it is plain (no values, no quotes). */
function compiledEnglish(id: string): IcuToken[] | undefined {
  if (!/[{']/.test(id)) return undefined;
  let compiled = englishCompiled.get(id);
  if (!compiled) englishCompiled.set(id, (compiled = compileIcu(id)));
  return compiled;
}

/**
 * Says `id` from a catalogue (Lingui's instance), or in English when there is none or it lacks the
 * text (told to `onMissing`).
 */
export function sayWith(i18n: () => I18n | null, onMissing: () => ((id: string) => void) | null): Translate {
  return (id, values) => {
    const catalogue = i18n();
    if (catalogue) {
      if (Object.prototype.hasOwnProperty.call(catalogue.messages, id)) return catalogue._(id, values);
      onMissing()?.(id);
    }
    const english = compiledEnglish(id);
    return english ? sayIcu(english, values, SOURCE_LANGUAGE) : id;
  };
}

// The one reader of a device: the screens and the data worker say everything in the active language.
let active: I18n | null = null;
let activeName: string = SOURCE_LANGUAGE;
const listeners = new Set<() => void>();
let missingReporter: ((id: string) => void) | null = null;

const deviceSay = sayWith(
  () => active,
  () => missingReporter,
);
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
  return activeName;
}

/**
 * Makes `locale` the active language with its compiled messages (a text they lack is said in
 * English). English needs neither; another language needs Lingui's `setupI18n`, loaded with its
 * catalogue.
 */
export function activateMessages(locale: string, messages: Messages, setupI18n?: LinguiSetup): void {
  if (locale === SOURCE_LANGUAGE) active = null;
  else if (!setupI18n) throw new Error(`the catalogue runtime is needed for "${locale}"`);
  else active = setupI18n({ locale, messages: { [locale]: messages } });
  activeName = locale;
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
