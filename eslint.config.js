import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each realm may import only what runs where it runs; the message says which way to go instead. */
const realm = (message, ...groups) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

/**
 * The modules of shared/api that hold plain values (paths, texts, codes) and import no TypeBox. The
 * others build their TypeBox schemas when they load, so one value import from them brings all of
 * TypeBox (about 11 KB gzip; BENCHMARKS.md: Scanning). The first screen's script and the data
 * worker import values only from these; a module whose schemas a client needs splits its plain
 * values out (as `exports.ts` and `export-query.ts`, `labels.ts` and `label-query.ts`).
 */
const PLAIN_API = ['activity', 'asset-history', 'codes', 'exports', 'field-messages', 'labels', 'refusal-codes', 'reports'];
/** Type imports from anywhere in shared/api; value imports only from PLAIN_API. `api` are the patterns that name shared/api from the files in question. */
const plainApiOnly = (api, who) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['@sinclair/typebox', ...api, ...PLAIN_API.map((m) => `!${api[0].slice(0, -1)}${m}*`)],
          allowTypeImports: true,
          message: `${who}: import only types from shared/api's schema modules; plain values live in the modules named by PLAIN_API in eslint.config.js.`,
        },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**', '.prof/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Globals by realm (ARCHITECTURE.md §2): the DOM only in the tab, worker scopes only in the
  // workers, Node only on the server and in tooling, nothing but the language in shared/.
  { files: ['src-ui/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  // The `globals` lists hold values; these names are types of the worker's lib that code names too.
  { files: ['src-worker/**/*.ts'], languageOptions: { globals: { ...globals.worker, RequestInit: 'readonly', BodyInit: 'readonly', SharedWorkerGlobalScope: 'readonly' } } },
  { files: ['src-sw/**/*.ts'], languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } } },
  { files: ['src-server/**/*.ts', 'scripts/**', 'bench/**', '*.config.{ts,js}'], languageOptions: { globals: globals.node } },
  // typescript-eslint turns no-undef off (the compiler checks names); it is back on for the
  // realms' sources so that a global of another realm is a lint error, not only a type error.
  { files: ['src-ui/**/*.{ts,tsx}', 'src-worker/**/*.ts', 'src-sw/**/*.ts', 'shared/**/*.ts', 'src-server/**/*.ts'], rules: { 'no-undef': 'error' } },
  // Tests run in Node and hand functions to the browser (page.evaluate).
  { files: ['tests/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    files: ['src-ui/**/*.{ts,tsx}'],
    rules: realm('The UI reaches the data worker only through src-ui/state/bridge.ts and its types in shared/; it never imports worker or server code.', '**/src-worker/**', '**/src-sw/**', '**/src-server/**'),
  },
  {
    files: ['src-worker/**/*.ts'],
    rules: realm('The data worker imports neither the UI nor the server; what both need belongs in shared/.', '**/src-ui/**', '**/src-sw/**', '**/src-server/**'),
  },
  {
    files: ['src-sw/**/*.ts'],
    rules: realm('The service worker may reuse the data worker (src-worker) but not the UI or the server.', '**/src-ui/**', '**/src-server/**'),
  },
  {
    files: ['src-server/**/*.ts'],
    rules: realm('The server imports no client code; what both need belongs in shared/.', '**/src-ui/**', '**/src-worker/**', '**/src-sw/**'),
  },
  {
    files: ['shared/**/*.ts'],
    rules: realm('shared/ is realm-free: no code of a realm and no Node built-ins.', '**/src-ui/**', '**/src-worker/**', '**/src-sw/**', '**/src-server/**', 'node:*'),
  },
  {
    files: ['src-ui/main.tsx', 'src-ui/app/**', 'src-ui/state/**', 'src-ui/components/**', 'src-ui/format/**', 'src-ui/theme/**', 'src-ui/sw/**', 'src-ui/screens/*/routes.ts', 'src-worker/**/*.ts'],
    rules: plainApiOnly(['**/shared/api/*'], 'The first screen and the data worker load this'),
  },
  {
    files: ['shared/data/**/*.ts', 'shared/rules/**/*.ts', 'shared/areas/**/*.ts'],
    rules: plainApiOnly(['../api/*'], 'The first screen and the data worker load this'),
  },
  {
    files: PLAIN_API.map((m) => `shared/api/${m}.ts`),
    rules: plainApiOnly(['./*'], 'A plain module of shared/api (PLAIN_API in eslint.config.js)'),
  },
);
