import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'pwa/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The direction of dependencies (DESIGN.md): the app never imports server code, and takes
      // values from the zod-free '@kainga/contracts/browser' (types from '@kainga/contracts').
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@kainga/contracts', message: "Import values from '@kainga/contracts/browser' (zod stays out of the bundle); types with `import type`.", allowTypeImports: true }],
          patterns: ['@kainga/platform*', '@kainga/projections*', '@kainga/command-api*', '@kainga/workflows*', '@kainga/ops*'],
        },
      ],
    },
  },
  {
    // Tests may compare the app's rules with the real schemas.
    files: ['pwa/src/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['contracts/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@kainga/*', 'node:*', 'mongodb', 'fastify*'] }] },
  },
  {
    files: ['ops/docker/mongo-replica-set.js'],
    // A mongosh script: its globals, and CommonJS `require` (mongosh's only way to read the password file).
    languageOptions: { globals: { rs: 'readonly', db: 'readonly', quit: 'readonly', print: 'readonly', sleep: 'readonly', require: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }], '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['ops/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
);
