// ESLint 9 flat config. Not type-checked on purpose: `npm run typecheck` covers types, lint stays fast.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import path from 'node:path';

// Every folder under web/src/features is a feature with its own zone: read from the disk, so a new
// feature cannot be left out of the boundary rules.
const WEB_FEATURES = fs
  .readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// A feature's data, its RTK Query endpoints, is `<area>-api.ts` at the feature's root: the one file
// of a feature that components and other features may import (its published face, as a server
// module's service is). Everything else of a feature is its own.
const featureInternals = (feature = '*') => `./web/src/features/${feature}/**/!(*-api).{ts,tsx}`;
const boundary = (why) => `Boundary (docs/ARCHITECTURE.md, Boundaries): ${why}`;

// Server modules (server/src/modules/<area>): another module is used only through what it publishes:
// its service(s), and the few files named here (a port, a read model, what a module records inside
// the caller's transaction). Everything else of a module (repositories, workers, helpers) is its own.
const SERVER_MODULES = fs
  .readdirSync(path.join(import.meta.dirname, 'server/src/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const MODULES_DIR = path.join(import.meta.dirname, 'server/src/modules');
// (`@(...)` makes each a glob pattern, as the rule wants its exceptions when `from` is one.)
const PUBLISHED = [
  '*/*.service.ts',
  // The payment port: interfaces a provider and the features that take payments share.
  '@(payments)/gateway.ts',
  // What the events feed and the mail outbox record inside the caller's transaction.
  '@(events)/outbox.ts',
  '@(mail)/mail-outbox.ts',
  // Read models: account price terms, and the in-memory catalogue index search and Quick Order read.
  '@(pricing)/pricing.repository.ts',
  '@(products)/catalogue-index.ts',
  // Set-password links (the auth area's service for users the ERP or the CLI creates).
  '@(auth)/password-links.ts',
  // API clients and their keys (the integration area's service), which the back office manages.
  '@(integration)/api-keys.ts',
  // The integration API's problem+json errors, which its event and webhook endpoints answer too.
  '@(integration)/problem.ts',
].map((file) => path.join(MODULES_DIR, file));

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
      // Value imports only (the rule skips `import type`); `npm run lint:cycles` (madge) counts type imports too.
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './server/src/db',
              from: './server/src/modules',
              message: boundary('the database layer never imports a module.'),
            },
            {
              target: './server/src/lib',
              from: './server/src/modules',
              message: boundary('lib never imports a module.'),
            },
            {
              target: './server/src/domain',
              from: './server/src',
              except: ['./domain'],
              message: boundary('domain/ holds pure rules: it imports nothing of the server.'),
            },
            ...SERVER_MODULES.map((area) => ({
              target: `./server/src/modules/${area}/**/!(*.test|*.test-*|*.fixtures|*test-support).ts`,
              from: path.join(MODULES_DIR, `!(${area})/**`),
              except: PUBLISHED,
              message: boundary(
                'a module uses another only through its service (or what it publishes: eslint.config.js PUBLISHED).',
              ),
            })),
            {
              target: './server/src/**/*.repository.ts',
              from: path.join(MODULES_DIR, '**/*.repository.ts'),
              // The pricing read model shares its terms query with the products page's one-round query.
              except: [path.join(MODULES_DIR, '@(pricing)/pricing.repository.ts')],
              message: boundary('a repository never imports another repository (compose.ts combines them).'),
            },
            {
              target: './server/src/plugins',
              from: './server/src/modules/**/!(*.service).ts',
              message: boundary("plugins use a module's service only, never its internals."),
            },
            {
              target: './web/src/lib',
              from: './web/src/features',
              message: boundary('web/src/lib never imports a feature.'),
            },
            {
              target: './web/src/components',
              from: featureInternals(),
              message: boundary("shared components use a feature's <area>-api.ts only, never its internals."),
            },
            ...WEB_FEATURES.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: featureInternals(`!(${feature})`),
              message: boundary(
                "a web feature uses another feature's <area>-api.ts only (share anything else through components/ or lib/).",
              ),
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
    // Services and workers, the demo seed and the admin CLI receive their repositories from
    // compose.ts (db/repos.ts `Repos`); they never build one. Types and the pricing read model's
    // helpers may be imported. The exceptions write inside a caller's transaction (the outboxes,
    // set-password links) or are a cache that loads itself (the catalogue index). Repeats the
    // kysely rule: a later block's options replace.
    files: ['server/src/modules/**/*.ts', 'server/src/seed/**/*.ts', 'server/src/cli/**/*.ts'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/**/*.test.ts',
      'server/src/**/*.test-*.ts',
      'server/src/**/*.fixtures.ts',
      'server/src/**/*test-support.ts',
      'server/src/modules/events/outbox.ts',
      'server/src/modules/mail/mail-outbox.ts',
      'server/src/modules/auth/password-links.ts',
      'server/src/modules/products/catalogue-index.ts',
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
          patterns: [
            {
              group: ['**/*.repository.js'],
              importNamePattern: 'Repository$',
              allowTypeImports: true,
              message:
                'Receive repositories from compose.ts (a Repos<...> over a transaction where one is needed); do not build them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The admin CLI calls services only, so each rule it applies lives once (docs/ARCHITECTURE.md,
    // Composition): no repository module, not even its types, and no way round through the store
    // (`composeStore(db).internal`, `repositoriesOver`). Repeats the kysely rule and SQL_CALL: a
    // later block's options replace an earlier one's.
    files: ['server/src/cli/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
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
          patterns: [
            {
              group: ['**/*.repository.js'],
              message: boundary('the admin CLI calls services, never a repository (add a service method).'),
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        SQL_CALL,
        {
          selector: 'ImportSpecifier[imported.name="repositoriesOver"]',
          message: boundary('the admin CLI calls services, never a repository (add a service method).'),
        },
        {
          selector: 'MemberExpression[property.name=/^(repositories|internal|repos)$/]',
          message: boundary('the admin CLI calls services, never a repository (add a service method).'),
        },
      ],
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
    // One typed way to the store: useAppSelector, useAppDispatch, useAppStore (lib/store-types.ts).
    files: ['web/src/**/*.{ts,tsx}'],
    // The buyer's store and the back office's own (features/staff/staff-store.ts), each typed once.
    ignores: ['web/src/lib/store-types.ts', 'web/src/features/staff/staff-store.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch', 'useStore'],
              message: "Use useAppSelector, useAppDispatch or useAppStore from 'lib/store-types' (typed once).",
            },
          ],
        },
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
