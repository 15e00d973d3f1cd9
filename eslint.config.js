import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import webBoundaries from './apps/web/lint/import-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web app's layers: lib/ and components/ import no feature, features meet through their index.ts,
    // nothing reaches into packages/domain/src (docs/architecture.md, "The web app").
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/import-boundaries': 'error' },
  },
  {
    // The guest page must stay small: the domain barrel builds every zod schema when loaded, so the guest
    // takes only types from it, and values from the small subpath exports (`@fairway/domain/rules/rides`).
    files: ['apps/web/src/ride/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/ride/**/*.test.{ts,tsx}', 'apps/web/src/ride/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@fairway/domain',
              allowTypeImports: true,
              message:
                'The guest page imports values from a subpath export (e.g. @fairway/domain/rules/rides).',
            },
          ],
        },
      ],
    },
  },
  { files: ['scripts/**', 'apps/simulator/src/cli.ts', 'bench/**'], rules: { 'no-console': 'off' } },
  {
    // The server suite shares one module graph per worker (vitest.config.ts `isolate: false`): a module mock
    // would leak into every later file.
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message:
            'Server tests share their modules (isolate: false); pass a fake through the runtime instead.',
        },
      ],
    },
  },
);
