/**
 * Browser tests (npm run test:e2e): Debian's Chromium (never a downloaded browser unless
 * scripts/dev/ensure-chromium.mjs had to fall back to Playwright's), the built app served by the
 * real server on 127.0.0.1:4173 with a fresh embedded database (scripts/dev/e2e-server.mjs).
 */
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath, E2E_BASE_URL as baseURL } from './tests/e2e/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1, // 2-core machine: the server and Chromium already use both
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // Offline journeys start the app several times over (reloads, new tabs) on a 2-core machine.
  timeout: 60_000,
  outputDir: 'test-results',
  // A condition may take a while on a busy 2-core machine: registering hashes the password with
  // scrypt at OWASP cost (2^17, 128 MiB; ~0.4 s alone, measured 4.5 s with the machine loaded).
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // No action or navigation may hang a test until its (long) timeout: a stuck step fails in 30 s.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: chromiumExecutablePath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/dev/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
