import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '#client': path.resolve(import.meta.dirname, 'src/client') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
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
          globalSetup: ['tests/api/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
