/**
 * The message catalogues (docs/i18n.md) kept in step with the code:
 * - the English catalogue is exactly the code's texts, and the compiled modules are exactly the
 *   catalogues compiled (`npm run i18n` brings both up to date);
 * - every language of the chooser has a catalogue, and it says every English text, with the same
 *   placeholders;
 * - the English texts that docs/behaviour.md and the browser tests quote, where the code writes
 *   them, are catalogue texts byte for byte (so wrapping them changed nothing an English reader sees).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../shared/constants';
import { LANGUAGES } from '../../shared/i18n/languages';
import { CATALOGUE_DIR, COMPILED_DIR, catalogueLanguages, compileCatalogues, englishCatalogue, readCatalogue, ROOT } from '../../scripts/i18n/catalogues';

const english = englishCatalogue();

/** The placeholder names of an ICU message, plural and select branches included. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      if (typeof token[0] === 'string') names.add(token[0]);
      const options = token[2] as Record<string, unknown> | undefined;
      if (options && typeof options === 'object') Object.values(options).forEach(walk);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

/** Every string literal of the files under `dirs` (their exact text). */
function literals(dirs: string[], filter: (file: string) => boolean = () => true): Set<string> {
  const found = new Set<string>();
  for (const dir of dirs) {
    for (const file of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || file.includes('i18n/compiled') || !filter(file)) continue;
      const path = join(ROOT, dir, file);
      const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node: ts.Node): void => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
        if (ts.isJsxText(node) && node.text.trim()) found.add(node.text.trim());
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found;
}

/** A sentence or a label a person reads: capitalised or worded, not a code, path or selector. */
const PROSE = /^(?=.*[a-z])[A-Z¡¿"'][^_/=<>{}\n]*$|^(?=.{2,})[a-z][a-z' ]* [a-z' ]+[.!?]?$/;

describe('message catalogues', () => {
  it('the English catalogue is the code’s texts, and the compiled modules are the catalogues compiled (run npm run i18n)', () => {
    expect(JSON.parse(readFileSync(join(CATALOGUE_DIR, 'en.json'), 'utf8'))).toEqual(english);
    for (const [file, text] of Object.entries(compileCatalogues(english))) {
      expect(readFileSync(join(COMPILED_DIR, file), 'utf8'), `shared/i18n/compiled/${file}`).toBe(text);
    }
  });

  it('every language of the chooser has a catalogue, and no catalogue is outside the chooser', () => {
    expect(catalogueLanguages()).toEqual([...LANGUAGES].sort());
  });

  for (const language of LANGUAGES.filter((code) => code !== 'en')) {
    it(`${language} says every English text with the same placeholders`, () => {
      const catalogue = readCatalogue(language);
      const missing = Object.keys(english).filter((id) => !Object.prototype.hasOwnProperty.call(catalogue, id) || !catalogue[id]?.trim());
      expect(missing, `${language}: texts to translate (npm run i18n lists them)`).toEqual([]);
      const unused = Object.keys(catalogue).filter((id) => !Object.prototype.hasOwnProperty.call(english, id));
      expect(unused, `${language}: texts no longer in the code`).toEqual([]);
      const mismatched = Object.entries(english)
        .filter(([id, message]) => JSON.stringify(placeholders(message)) !== JSON.stringify(placeholders(catalogue[id] ?? message)))
        .map(([id]) => id);
      expect(mismatched, `${language}: placeholders differ from English`).toEqual([]);
    });
  }

  it('the texts docs/behaviour.md and the browser tests quote, where the code writes them, are English catalogue texts unchanged', () => {
    const catalogueTexts = new Set(Object.values(english));
    const app = literals(['src-ui', 'src-worker', 'shared']);
    const quotedInDocs = [...readFileSync(join(ROOT, 'docs', 'behaviour.md'), 'utf8').matchAll(/"([^"\n]{2,200})"/g)].map((m) => m[1]!);
    const quotedInTests = [...literals(['tests/e2e'])];
    // The product's name is a name, the same in every language.
    const checked = [...new Set([...quotedInDocs, ...quotedInTests])].filter((text) => PROSE.test(text) && app.has(text) && text !== PRODUCT_NAME);
    const outside = checked.filter((text) => !catalogueTexts.has(text));
    expect(checked.length).toBeGreaterThan(100);
    expect(outside, 'quoted texts the code writes without the catalogue').toEqual([]);
  });
});
