// ESLint 9 flat config. Not type-checked on purpose: `npm run typecheck` covers types, lint stays fast.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const WEB_FEATURES = ['account', 'auth', 'basket', 'checkout', 'home', 'orders', 'products'];
const boundary = (why) => `Boundary (docs/ARCHITECTURE.md, Boundaries): ${why}`;

// SQL only in repositories, db/ and test set-up (see the block that uses it).
const SQL_CALL = {
  selector:
    'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
  message: 'SQL lives in *.repository.ts (or db/): move the query into a repository.',
};
// Clients of the API (web, e2e, bench, server tests) take every path from the contract: a string or
// a template part that starts with /api or /pay/ fails, so a path changed in the contract cannot
// leave a caller behind. A test whose point is a path that is no route (a 404, the OpenAPI page)
// says so beside an eslint-disable comment; routes.api.test.ts holds the spec's paths written out.
const PATH_MESSAGE =
  "Build the path from the contract: pathOf(routes.x, { ... }) (or integrationRoutes), not a '/api' literal.";
const PATH_LITERALS = [
  { selector: 'Literal[value=/^\\/(api(\\/|\\?|$)|pay\\/)/]', message: PATH_MESSAGE },
  { selector: 'TemplateElement[value.cooked=/^\\/(api(\\/|\\?|$)|pay\\/)/]', message: PATH_MESSAGE },
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.data/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
      '**/*.d.ts',
      'scripts/tmp/**',
      'e2e/.output/**',
      'bench/.output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // `_`-prefixed names mark deliberately unused arguments and destructured leftovers.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Boundaries: no import cycles, and imports only point the ways docs/ARCHITECTURE.md draws.
    files: ['contract/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse imported TypeScript files too (no-cycle follows them).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['contract/tsconfig.json', 'server/tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './server/src/db',
              from: './server/src/modules',
              message: boundary('the database layer never imports a module (the demo seed, server/src/seed, may).'),
            },
            {
              target: './server/src/lib',
              from: './server/src/modules',
              message: boundary('lib never imports a module.'),
            },
            {
              target: './server/src/plugins',
              from: './server/src/modules/**/!(*.service).ts',
              message: boundary("plugins use a module's service only, never its internals."),
            },
            {
              target: ['./web/src/lib', './web/src/components'],
              from: './web/src/features',
              message: boundary('shared web code never imports a feature.'),
            },
            ...WEB_FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: boundary('a web feature never imports another feature (share through components/ or lib/).'),
            })),
          ],
        },
      ],
    },
  },
  {
    // Tests may borrow another feature's test data.
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // SQL only in repositories, db/ (client, migrations, utilities) and test set-up: a query written
    // anywhere else fails the lint (docs/ARCHITECTURE.md, "Where each thing lives").
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/db/**',
      'server/src/test/**',
      'server/src/**/*.test.ts',
      'server/src/**/*.test-*.ts',
      'server/src/**/*.fixtures.ts',
      'server/src/**/*test-support.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'SQL lives in *.repository.ts (or db/): move the query into a repository.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', SQL_CALL],
    },
  },
  {
    // Paths from the contract, never '/api' literals (PATH_LITERALS above).
    files: [
      'web/src/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'bench/**/*.{ts,mjs}',
      'server/src/test/**/*.ts',
      'server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...PATH_LITERALS] },
  },
  {
    // The cluster scenario's load (run by a test and by bench/cluster.ts) is a client too; it is
    // also under the SQL rule, and a later block's no-restricted-syntax replaces an earlier one's.
    files: ['server/src/cluster/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', SQL_CALL, ...PATH_LITERALS] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/vite.config.ts', 'web/vitest.config.ts'],
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    // The web app's own schemas take `z` from lib/zod.ts, which sets jitless first (no eval under the CSP).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from 'lib/zod' (jitless: the CSP forbids eval)." }] },
      ],
    },
  },
  {
    files: ['web/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...jsxA11y.flatConfigs.recommended.languageOptions,
      globals: { ...globals.browser },
    },
  },
);
