import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each realm may import only what runs where it runs; the message says which way to go instead. */
const realm = (message, ...groups) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
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
    // The first screen's script (BENCHMARKS.md: Scanning) and the data layer under it. A schema
    // module builds its TypeBox schemas when it loads, so one value import brings all of TypeBox.
    files: ['shared/data/**/*.ts', 'src-ui/main.tsx', 'src-ui/app/**', 'src-ui/state/**', 'src-ui/components/**', 'src-ui/format/**', 'src-ui/theme/**', 'src-ui/sw/**', 'src-ui/screens/*/routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sinclair/typebox', '**/shared/api/*', '../api/*', '!**/api/refusal-codes*'],
              allowTypeImports: true,
              message: 'The first screen loads this: import only types from shared/api (the refusal codes are plain strings in shared/api/refusal-codes.ts); a screen that needs a schema loads it in its own chunk.',
            },
          ],
        },
      ],
    },
  },
);
