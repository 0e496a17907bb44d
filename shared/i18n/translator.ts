/**
 * A translator fixed to one language, for code that speaks to several readers at once (the server:
 * each request and each mail in its reader's language; tests). Lingui's runtime is imported here,
 * not in shared/i18n/translate.ts, so a device loads it only with another language's catalogue.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { SOURCE_LANGUAGE } from './languages.js';
import { sayWith, type Translate } from './translate.js';

export function translatorFor(locale: string, messages: Messages): Translate {
  const i18n = locale === SOURCE_LANGUAGE ? null : setupI18n({ locale, messages: { [locale]: messages } });
  return sayWith(
    () => i18n,
    () => null,
  );
}
