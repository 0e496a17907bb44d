/**
 * The device's language (docs/i18n.md): a signed-in user's choice saved on their account, else the
 * choice kept on this device, else the browser's language. Applying one loads its compiled
 * catalogue (a chunk of its own, precached by the service worker like every file of the build, so
 * a chosen language works offline), makes it the active one, sets `<html lang>` and tells the data
 * worker, which says its own texts (queued notices, the panel's) in it.
 */
import type { Messages } from '@lingui/core';
import { addLocale, locale } from 'primereact/api';
import { useSyncExternalStore } from 'react';
import { isLanguage, matchLanguage, PSEUDO_LOCALE, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { activateMessages, activeLocale, onLanguageChange, t, type Translate } from '../../shared/i18n/translate';
import { callWorker, onWorkerConnected, type WorkerRemote } from '../state/bridge';
import { devicePreference } from '../state/preferences';

const STORAGE_KEY = 'language';
/** Set by the tests only (docs/i18n.md: No text left behind): every text is drawn in the pseudo-locale. */
export const PSEUDO_LOCALE_KEY = 'pseudo-locale';

const compiled = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*.ts');

function catalogueLoader(name: string): (() => Promise<{ messages: Messages }>) | undefined {
  return compiled[`../../shared/i18n/compiled/${name}.ts`];
}

let chosen: Language = SOURCE_LANGUAGE;

let applying: Promise<void> = Promise.resolve();
let primeLocaleSet = false;

/** The language the device is in (or is changing to). */
export function currentLanguage(): Language {
  return chosen;
}

/** The choice kept on this device, or the browser's language when there is none. */
export function deviceLanguage(): Language {
  const kept = devicePreference.get(STORAGE_KEY);
  if (isLanguage(kept)) return kept;
  return matchLanguage(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

/** Whether this device draws the tests' pseudo-locale instead of its language. */
export function pseudoLocaleOn(): boolean {
  return devicePreference.get(PSEUDO_LOCALE_KEY) === '1';
}

let documentLanguageSet = false;

/**
 * `<html lang>`: at once for the first draw; on a later change, after the new texts are painted.
 * Changing it makes the browser restyle the whole page (about 180 ms on the 6× throttled handheld,
 * BENCHMARKS.md: Languages), which need not hold up the texts the reader is waiting for.
 */
function setDocumentLanguage(language: Language): void {
  const set = () => {
    if (chosen === language) document.documentElement.lang = language;
  };
  if (!documentLanguageSet) set();
  else requestAnimationFrame(() => setTimeout(set, 0));
  documentLanguageSet = true;
}

/** Listeners told after a language is applied (the bridge tells the data worker). */
const appliedListeners = new Set<(language: Language) => void>();
export function onLanguageApplied(listener: (language: Language) => void): () => void {
  appliedListeners.add(listener);
  return () => appliedListeners.delete(listener);
}

/**
 * Makes `language` the device's language and keeps it on the device. Resolves once its catalogue is
 * loaded and active; a catalogue that cannot be loaded leaves the language as it was.
 */
export function applyLanguage(language: Language): Promise<void> {
  chosen = language;
  devicePreference.set(STORAGE_KEY, language);
  // A failed load (a catalogue not yet cached, offline) does not stop later choices from applying.
  applying = applying.catch(() => undefined).then(async () => {
    if (chosen !== language) return; // a later choice overtook this one
    const name = pseudoLocaleOn() ? 'pseudo' : language;
    const load = name === SOURCE_LANGUAGE ? undefined : catalogueLoader(name);
    // PrimeReact's texts in another language come from the catalogue; English keeps PrimeReact's
    // own, so an English device never loads the table (nor sets it back, until another was set).
    primeLocaleSet ||= name !== SOURCE_LANGUAGE;
    // Lingui's runtime comes with another language's catalogue: English is said without it.
    const [messages, runtime, prime] = await Promise.all([
      load ? load().then((module) => module.messages) : {},
      load ? import('@lingui/core') : undefined,
      primeLocaleSet ? import('./primereact-locale') : undefined,
    ]);
    if (chosen !== language) return;
    activateMessages(pseudoLocaleOn() ? PSEUDO_LOCALE : language, messages, runtime?.setupI18n);
    prime?.applyPrimeLocale(language, { addLocale, locale });
    setDocumentLanguage(language);
    for (const listener of appliedListeners) listener(language);
  });
  return applying.catch(() => undefined);
}

/**
 * `t` for a component: the component draws again when the language changes. Every component that
 * says a text takes its `t` from here (a component that imports `t` directly says the right
 * language only when something else redraws it).
 */
export function useT(): Translate {
  useSyncExternalStore(onLanguageChange, activeLocale, activeLocale);
  return t;
}

/** The active language for code that formats values (dates, numbers) while drawing. */
export function useLanguage(): Language {
  useSyncExternalStore(onLanguageChange, activeLocale, activeLocale);
  return chosen;
}

/**
 * Starts the device's language: the one kept here (or the browser's) at once, another tab's choice
 * as soon as it is made, and a signed-in user's saved choice whenever the session brings one (a
 * second device, the first time the user signs in on it). Resolves once the first is drawn-ready.
 */
export function startLanguage(accountLanguage: () => Language | null | undefined, onSessionChange: (listener: () => void) => void): Promise<void> {
  const first = applyLanguage(accountLanguage() ?? deviceLanguage());
  // The data worker says its own texts (queued notices, the panel's) and asks the server in it.
  const tell = (remote: WorkerRemote) => void remote.session.useLanguage(chosen, pseudoLocaleOn()).catch(() => undefined);
  onWorkerConnected(tell);
  onLanguageApplied(() => void callWorker(async (remote) => tell(remote)).catch(() => undefined));
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY && isLanguage(event.newValue) && event.newValue !== chosen) void applyLanguage(event.newValue);
  });
  // Only a change of the account's choice applies it: a choice made here offline, still queued,
  // is not undone by the account's older one while the session otherwise changes.
  let lastSeen = accountLanguage();
  onSessionChange(() => {
    const saved = accountLanguage();
    if (saved === lastSeen) return;
    lastSeen = saved;
    if (saved && saved !== chosen) void applyLanguage(saved);
  });
  return first;
}
