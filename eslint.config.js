import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'content/generated/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
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
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Client and server never import each other; shared imports neither.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/client',
              from: './src/server',
              message: 'The client must not import server code.',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'The server must not import client code.',
            },
            {
              target: './src/shared',
              from: './src/server',
              message: 'Shared code imports neither side.',
            },
            {
              target: './src/shared',
              from: './src/client',
              message: 'Shared code imports neither side.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*'], message: 'Only server code and tests import #server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**', 'tests/**', 'bench/**', 'scripts/**', '*.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Server layering (docs/architecture.md): SQL lives only in repositories (and db/). Any other
    // server module that imports the query builder, the driver or the tables is refused; types
    // may still be imported (a service passes a transaction handle through without using it).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.repository.ts', 'src/server/db/**', 'src/server/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '**/db/schema', '**/db/schema.ts'],
              allowTypeImports: true,
              message:
                'SQL lives in *.repository.ts (or src/server/db): call a repository method instead.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**', 'src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '**/server/**'],
              message: 'Client and shared code never import the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '#client/*', '**/server/**', '**/client/**'],
              message: 'Shared code imports neither side.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
