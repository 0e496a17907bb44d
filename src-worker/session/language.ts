/// <reference types="vite/client" />
/**
 * The data worker's language (docs/i18n.md): the one its tabs are in. A tab tells it on each change
 * (`session.useLanguage`); the worker then says its own texts (queued notices, the Offline Activity
 * panel's, its toasts) in it, and asks the server for its answers in it (every request's
 * Accept-Language, replays of queued writes included, so a refusal comes back in the user's
 * language). Its catalogue is loaded like the tabs' (a chunk of its own, precached by the service
 * worker, so it works offline). The service worker's flush, which has no tab, reads the language
 * kept in the device DB (`language` meta).
 */
import type { Messages } from '@lingui/core';
import { isLanguage, PSEUDO_LOCALE, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.js';
import { activateMessages } from '../../shared/i18n/translate.js';

const compiled = import.meta.glob<{ messages: Messages }>('../../shared/i18n/compiled/*.ts');

function catalogueLoader(name: string): (() => Promise<{ messages: Messages }>) | undefined {
  return compiled[`../../shared/i18n/compiled/${name}.ts`];
}

let active: Language = SOURCE_LANGUAGE;
/** The latest choice: a slower load of an earlier one does not overtake it. */
let wanted: { language: Language; pseudo: boolean } = { language: SOURCE_LANGUAGE, pseudo: false };
let applying: Promise<void> = Promise.resolve();

/** The language the worker speaks now (the Accept-Language of its requests). */
export function workerLanguage(): Language {
  return active;
}

/**
 * Makes `language` the worker's language: loads its compiled catalogue and activates it. `pseudo`:
 * the tests' pseudo-locale, every text accented (the language itself stays what requests ask for).
 * An unknown code means English. A catalogue that cannot be loaded leaves the language as it was.
 */
export function useLanguage(language: Language, pseudo = false): Promise<void> {
  const choice = { language: isLanguage(language) ? language : SOURCE_LANGUAGE, pseudo };
  wanted = choice;
  applying = applying
    .catch(() => undefined)
    .then(async () => {
      if (wanted !== choice) return;
      const name = choice.pseudo ? 'pseudo' : choice.language;
      const load = name === SOURCE_LANGUAGE ? undefined : catalogueLoader(name);
      if (name !== SOURCE_LANGUAGE && !load) throw new Error(`no compiled catalogue for "${name}"`);
      // Lingui's runtime comes with another language's catalogue: English is said without it.
      const [messages, runtime] = await Promise.all([load ? load().then((module) => module.messages) : {}, load ? import('@lingui/core') : undefined]);
      if (wanted !== choice) return;
      activateMessages(choice.pseudo ? PSEUDO_LOCALE : choice.language, messages, runtime?.setupI18n);
      active = choice.language;
    });
  return applying;
}
