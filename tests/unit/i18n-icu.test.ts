/**
 * The device's ICU compiler (shared/i18n/icu.ts) says every message of every catalogue exactly as
 * Lingui's own compiler would: both compiled forms, interpreted by Lingui's runtime with the same
 * values (counts 0, 1, 2, 21 and 1234, texts), give the same text, in the catalogue's language.
 * Plus the quoting and plural forms the catalogues do not use yet, and a broken message refused.
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileIcu } from '../../shared/i18n/icu';
import { catalogueLanguages, englishCatalogue, readCatalogue } from '../../scripts/i18n/catalogues';

/** The placeholder names of a compiled message. */
function names(tokens: unknown, found = new Set<string>()): Set<string> {
  if (!Array.isArray(tokens)) return found;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    found.add(token[0] as string);
    const cases = token[2];
    if (cases && typeof cases === 'object') for (const branch of Object.values(cases)) names(branch, found);
  }
  return found;
}

function sameSaying(language: string, message: string): void {
  const ours = compileIcu(message);
  const theirs = compileMessage(message);
  const i18n = setupI18n({ locale: language, messages: { [language]: { ours: ours as never, theirs: theirs as never } } });
  const placeholders = [...names(theirs)];
  for (const value of [0, 1, 2, 21, 1234, 'Pat']) {
    const values = Object.fromEntries(placeholders.map((name) => [name, value]));
    expect(i18n._('ours', values), `${language}: ${JSON.stringify(message)} with ${JSON.stringify(value)}`).toBe(i18n._('theirs', values));
  }
}

describe('the device’s ICU compiler', () => {
  it('says every catalogue message as Lingui’s compiler does', () => {
    const english = englishCatalogue();
    let checked = 0;
    for (const message of Object.values(english)) {
      sameSaying('en', message);
      checked++;
    }
    for (const language of catalogueLanguages().filter((code) => code !== 'en')) {
      for (const message of Object.values(readCatalogue(language))) {
        sameSaying(language, message);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('handles quoting, numbers, =N cases, offsets, ordinals and select as Lingui does', () => {
    for (const message of [
      "You're offline",
      "It''s '{'literal'}' and '#' too",
      '{n, plural, =0 {none} one {# part} other {# parts}} left',
      "{n, plural, one {'#' one} other {# many '{x}'}}",
      '{n, plural, offset:1 =0 {nobody} one {you} other {you and # others}}',
      '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
      '{kind, select, fill {Filled {n}} other {Counted {n}}}',
      '{n, number} of {total, number, percent}',
      'Only {count} on hand. Issue anyway?',
    ]) {
      sameSaying('en', message);
    }
  });

  it('refuses a broken message with where it broke', () => {
    expect(() => compileIcu('{n, plural, one {# part}')).toThrow(/expected/);
    expect(() => compileIcu('stray } brace')).toThrow(/unexpected/);
  });
});
