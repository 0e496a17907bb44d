/**
 * The device's ICU compiler and sayer (shared/i18n/icu.ts) say every message of every catalogue
 * exactly as Lingui would: our compiled form and Lingui's compiler's, each interpreted by Lingui's
 * runtime, and ours said without it, give the same text with the same values (counts 0, 1, 2, 21
 * and 1234, a text), in the catalogue's language.
 * Plus the quoting and plural forms the catalogues do not use yet, and a broken message refused.
 */
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileIcu, sayIcu } from '../../shared/i18n/icu';
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

/** Checks each message of one language: Lingui's runtime made once for all of them. */
function sameSaying(language: string, messages: string[]): void {
  const compiled = messages.map((message) => ({ message, ours: compileIcu(message), theirs: compileMessage(message) }));
  const catalogue = Object.fromEntries(compiled.flatMap(({ ours, theirs }, i) => [[`ours ${i}`, ours as never], [`theirs ${i}`, theirs as never]]));
  const i18n = setupI18n({ locale: language, messages: { [language]: catalogue } });
  compiled.forEach(({ message, ours, theirs }, i) => {
    const placeholders = [...names(theirs)];
    for (const value of [0, 1, 2, 21, 1234, 'Pat']) {
      const values = Object.fromEntries(placeholders.map((name) => [name, value]));
      const expected = i18n._(`theirs ${i}`, values);
      expect(i18n._(`ours ${i}`, values), `${language}: ${JSON.stringify(message)} with ${JSON.stringify(value)}`).toBe(expected);
      // And said without Lingui's runtime, as an English device says its texts.
      expect(sayIcu(ours, values, language), `said here: ${JSON.stringify(message)} with ${JSON.stringify(value)}`).toBe(expected);
    }
  });
}

describe('the device’s ICU compiler', () => {
  it('says every catalogue message as Lingui’s compiler does', () => {
    const english = Object.values(englishCatalogue());
    sameSaying('en', english);
    let checked = english.length;
    for (const language of catalogueLanguages().filter((code) => code !== 'en')) {
      const messages = Object.values(readCatalogue(language));
      sameSaying(language, messages);
      checked += messages.length;
    }
    expect(checked).toBeGreaterThan(2000);
  }, 60_000);

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
      sameSaying('en', [message]);
    }
  });

  it('refuses a broken message with where it broke', () => {
    expect(() => compileIcu('{n, plural, one {# part}')).toThrow(/expected/);
    expect(() => compileIcu('stray } brace')).toThrow(/unexpected/);
  });
});
