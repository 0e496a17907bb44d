/**
 * The message catalogues' build (docs/i18n.md), used by `npm run i18n` and by the test that keeps
 * them in step with the code:
 * - `extractMessages` reads every `t('…')` and `msg('…')` of the code (the TypeScript syntax tree,
 *   not a pattern), which is the English catalogue;
 * - `compileCatalogues` turns the catalogues into the modules the runtime loads: each language's
 *   but English (whose texts are the code's own, compiled where said: shared/i18n/icu.ts), and the
 *   pseudo-locale the tests render with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { CONTEXT_SEPARATOR } from '../../shared/i18n/translate.js';

type Compiled = ReturnType<typeof compileMessage>;
export type Catalogue = Record<string, string>;

export const ROOT = join(import.meta.dirname, '..', '..');
export const CATALOGUE_DIR = join(ROOT, 'shared', 'i18n', 'catalogues');
export const COMPILED_DIR = join(ROOT, 'shared', 'i18n', 'compiled');
const SOURCE_DIRS = ['src-ui', 'src-worker', 'shared', 'src-server'];
/** The functions whose first argument, when written out, is a message. */
const MESSAGE_FUNCTIONS = new Set(['t', 'msg']);
/** `tc(context, text)`: a text whose translation depends on where it stands (shared/i18n/translate.ts). */
const CONTEXT_FUNCTION = 'tc';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.includes('i18n/compiled'))
    .map((file) => join(ROOT, dir, file));
}

function literal(node: ts.Expression): string | undefined {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
}

function calleeName(node: ts.CallExpression): string | undefined {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** The English catalogue: each message's key, its English, and where it is first found. */
export function extractMessages(): Map<string, { english: string; where: string }> {
  const found = new Map<string, { english: string; where: string }>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      const name = ts.isCallExpression(node) ? calleeName(node) : undefined;
      if (ts.isCallExpression(node) && name && (MESSAGE_FUNCTIONS.has(name) || name === CONTEXT_FUNCTION)) {
        const [first, second] = node.arguments;
        const context = name === CONTEXT_FUNCTION && first && literal(first);
        const english = name === CONTEXT_FUNCTION ? second && literal(second) : first && literal(first);
        const key = context ? `${context}${CONTEXT_SEPARATOR}${english}` : english;
        if (english && key && !found.has(key)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.set(key, { english, where: `${relative(ROOT, file)}:${line + 1}` });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

export function englishCatalogue(): Catalogue {
  return Object.fromEntries([...extractMessages()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, { english }]) => [key, english]));
}

export function readCatalogue(language: string): Catalogue {
  return JSON.parse(readFileSync(join(CATALOGUE_DIR, `${language}.json`), 'utf8')) as Catalogue;
}

export function catalogueLanguages(): string[] {
  return readdirSync(CATALOGUE_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/** A plain text compiles to itself; anything else to Lingui's token list. */
function compiled(message: string): Compiled | string {
  const tokens = compileMessage(message);
  return tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : tokens;
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdeghijklnoprstuwyzABCDEGHIJKLNOPRSTUWYZ'].map((c, i) => [c, [...'åƀçđéĝĥîĵķļñöþŕšţûŵýžÅßÇĐÉĜĤÎĴĶĻÑÖÞŔŠŢÛŴÝŽ'][i]!]),
);
/** Opens and closes every pseudo-locale text: the test finds what lies outside them. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

type Token = string | [string, string?, Record<string, Token[] | string | number | undefined>?];

function accentText(text: string): string {
  return [...text].map((c) => ACCENTED[c] ?? c).join('');
}

/** Accents a message's texts, a plural's or select's branches included, never a placeholder's name. */
function accentTokens(tokens: Token[]): Token[] {
  return tokens.map((token) => {
    if (typeof token === 'string') return accentText(token);
    const [name, format, options] = token;
    if (!options) return token;
    // A plural's options also carry `offset` (a number, or undefined): only its branches are texts.
    const branches = Object.fromEntries(
      Object.entries(options).map(([key, branch]) => [key, typeof branch === 'string' ? accentText(branch) : Array.isArray(branch) ? accentTokens(branch) : branch]),
    );
    return [name, format, branches];
  });
}

/** English accented and a third longer, between ⟦ ⟧: a screen's text not from the catalogue stands out. */
function pseudo(message: string): Token[] {
  const letters = message.replace(/\{[^}]*\}/g, '').length;
  return [PSEUDO_OPEN, ...accentTokens(compileMessage(message) as Token[]), '·'.repeat(Math.ceil(letters / 3)), PSEUDO_CLOSE];
}

function moduleText(comment: string, messages: Record<string, unknown>): string {
  return `// Generated by \`npm run i18n\` from shared/i18n/catalogues (docs/i18n.md): ${comment}. Do not edit.\nimport type { Messages } from '@lingui/core';\n\nexport const messages: Messages = ${JSON.stringify(messages, null, 1)};\n`;
}

/** The compiled modules, by file name in `shared/i18n/compiled/`. */
export function compileCatalogues(english: Catalogue): Record<string, string> {
  const out: Record<string, string> = {};
  for (const language of catalogueLanguages().filter((code) => code !== 'en')) {
    const catalogue = readCatalogue(language);
    const messages = Object.fromEntries(
      Object.entries(catalogue)
        .filter(([id]) => Object.prototype.hasOwnProperty.call(english, id))
        .map(([id, message]) => [id, compiled(message)]),
    );
    out[`${language}.ts`] = moduleText(`the ${language} catalogue`, messages);
  }
  out['pseudo.ts'] = moduleText('the pseudo-locale of the tests, English accented and lengthened', Object.fromEntries(Object.entries(english).map(([id, message]) => [id, pseudo(message)])));
  return out;
}
