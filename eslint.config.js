// ESLint 9 flat config. Not type-checked on purpose: `npm run typecheck` covers types, lint stays fast.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

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
    // SQL only in repositories, db/ (client, migrations, seed) and test set-up: a query written
    // anywhere else fails the lint (docs/ARCHITECTURE.md, "Where each concern lives").
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
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: 'SQL lives in *.repository.ts (or db/): move the query into a repository.',
        },
      ],
    },
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
