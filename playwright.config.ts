import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './scripts/chromium-flags.ts';

const port = Number.parseInt(process.env.E2E_PORT ?? '3210', 10);
const baseURL = `http://localhost:${port}`;
const isCI = Boolean(process.env.CI);

/**
 * End-to-end journeys against the built app (`npm run test:e2e` builds the client first). The
 * server is started by tests/e2e/support/start-server.ts with a fresh data directory per run.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  forbidOnly: true,
  retries: isCI ? 1 : 0,
  workers: isCI ? 2 : undefined,
  fullyParallel: true,
  // A journey with a few axe scans takes 20-30 s on a busy 2-core machine (CI runs two at once
  // beside the server and PostgreSQL): 60 s is a realistic bound, a stuck step still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list', { printSteps: false }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    baseURL,
    trace: 'on-first-retry',
    // The service worker (decision 039) would answer requests before `page.route` sees them:
    // journeys about it opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node --import tsx tests/e2e/support/start-server.ts',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: !isCI,
    timeout: 120_000,
    // start-server.ts forwards the signal, waits for PostgreSQL to stop and removes its data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
