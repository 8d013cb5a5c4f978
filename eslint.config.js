import fs from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { oneStoryWriter } from './scripts/lint/one-story-writer.mjs';

/**
 * Client walls (docs/decisions/019): a feature imports components/, lib/, the app's providers and
 * src/shared, never another feature; components/ and lib/ (what several features share) import no
 * feature and nothing of app/ but its providers. Features are read from the folder, so a new one
 * is walled from the start.
 */
const features = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const clientZones = [
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both use to src/client/components or src/client/lib (decision 019), or compose them in src/client/app.',
  })),
  {
    target: ['./src/client/features', './src/client/components', './src/client/lib'],
    from: './src/client/app',
    except: ['./providers.tsx'],
    message: 'Only the app composes pages: import its providers at most (decision 019).',
  },
  {
    target: ['./src/client/components', './src/client/lib'],
    from: './src/client/features',
    message:
      'Shared client code imports no feature: move the piece it needs here too (decision 019).',
  },
];

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
    settings: {
      // The files import-x reads to follow imports (its default is JavaScript only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Resolves the aliases (#shared/* from package.json imports, #client/* from tsconfig paths)
      // so the import zones and the cycle check see every import.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: './tsconfig.json' },
        }),
      ],
    },
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
            ...clientZones,
            // The service worker (decision 039) runs apart from the page: it imports src/shared
            // and Workbox only, and no page code imports it (the page registers it by URL).
            {
              target: './src/client/service-worker',
              from: './src/client',
              except: ['./service-worker'],
              message: 'The service worker imports only src/shared and workbox-* (decision 039).',
            },
            {
              target: [
                './src/client/app',
                './src/client/features',
                './src/client/components',
                './src/client/lib',
                './src/client/main.tsx',
                './src/client/boot.ts',
                './src/client/entry-server.tsx',
              ],
              from: './src/client/service-worker',
              message:
                'Page code never imports the service worker; it registers /sw.js (lib/service-worker).',
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
    // No module imports itself back, through any chain (type-only imports are erased and do not
    // count): every part of src reads bottom-up.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/server/**', 'tests/**', 'bench/**', 'scripts/**', '*.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // API test files share a process per worker (decision 072): none may change what the next
    // file would see (module mocks, stubbed globals, the environment).
    files: ['tests/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message:
            'API test files share a process (decision 072): no module mocks or stubbed globals.',
        },
        {
          selector:
            "AssignmentExpression > MemberExpression.left[object.object.name='process'][object.property.name='env']",
          message:
            'API test files share a process (decision 072): pass settings to the app instead of writing process.env.',
        },
        {
          selector:
            "UnaryExpression[operator='delete'] > MemberExpression[object.object.name='process'][object.property.name='env']",
          message:
            'API test files share a process (decision 072): pass settings to the app instead of writing process.env.',
        },
      ],
    },
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
    // One writer of story and chapter rows (decision 058): the admin stories repository.
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['src/server/modules/admin-stories/admin-stories.repository.ts', '**/*.test.ts'],
    plugins: { relatos: { rules: { 'one-story-writer': oneStoryWriter } } },
    rules: { 'relatos/one-story-writer': 'error' },
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
  {
    // The service worker's packages: Workbox only (decision 039). After the client rules, which
    // it narrows.
    files: ['src/client/service-worker/**/*.ts'],
    ignores: ['src/client/service-worker/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!workbox-|#shared/|\\./)',
              message: 'The service worker imports only src/shared, workbox-* and its own files.',
            },
          ],
        },
      ],
    },
  },
);
