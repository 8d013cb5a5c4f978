import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '#client': path.resolve(import.meta.dirname, 'src/client') };

const UNIT_ROOTS = ['src', 'scripts'];
const TEST_FILE = /\.test\.tsx?$/;
const DECLARES_JSDOM = /^\s*\/\/\s*@vitest-environment\s+jsdom\b/m;

/**
 * The unit test files that declare `// @vitest-environment jsdom` (component and browser-API
 * tests). They run each in a fresh process: their screens share toasts, query clients and DOM
 * globals that one file must not leave to the next. Every other unit file is plain code on Node
 * and shares one process per worker, which cuts the unit run from about 160 s to 60 s (most of a
 * file's cost was starting its process; decision 072).
 */
function jsdomTestFiles(): string[] {
  return UNIT_ROOTS.flatMap((root) =>
    readdirSync(path.join(import.meta.dirname, root), { recursive: true, encoding: 'utf8' })
      .filter((file) => TEST_FILE.test(file))
      .map((file) => path.posix.join(root, file.split(path.sep).join('/')))
      .filter((file) =>
        DECLARES_JSDOM.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')),
      ),
  );
}

const unitInclude = ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];
const jsdomFiles = jsdomTestFiles();

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: unitInclude,
          exclude: jsdomFiles,
          environment: 'node',
          isolate: false,
          setupFiles: ['src/client/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-dom',
          include: jsdomFiles,
          // A worker thread per file starts faster than a process: 298 s against 372 s for the
          // 81 files on 2 cores, isolation kept.
          pool: 'threads',
          setupFiles: ['src/client/test/setup.ts'],
          // Component tests render whole screens in jsdom; on a loaded machine that takes seconds,
          // so a test gets 30 s (a stuck test still fails; a slow one is made faster, not skipped).
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own database clone and changes no global (no
          // module mocks, stubbed globals or environment writes): the files of a worker share one
          // process and its imports of the server. 664 s → 437 s (decision 072).
          isolate: false,
          globalSetup: ['tests/api/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
