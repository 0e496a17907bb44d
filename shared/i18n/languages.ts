/**
 * The languages a user can choose (docs/i18n.md). Each has a catalogue in `catalogues/<code>.json`;
 * English is the language the code is written in, so its catalogue is the list of the code's texts.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The source language: a text missing from another catalogue is said in it. */
export const SOURCE_LANGUAGE: Language = 'en';

/**
 * The tests' pseudo-locale (docs/i18n.md: No text left behind): English accented and lengthened,
 * drawn by a device whose `localStorage['pseudo-locale']` is '1'; never a user's language.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** Each language's name in itself: the chooser shows "Español" to a reader of either language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first language of a preference list (`navigator.languages`, an Accept-Language header's tags
 * in order) that the app has, by its primary subtag ("es-MX" → es); English when none is.
 */
export function matchLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return SOURCE_LANGUAGE;
}

/** An Accept-Language header's tags, most preferred first (q-values honoured, "*" ignored). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
