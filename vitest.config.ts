/**
 * Two Vitest projects (see README "Running one layer"):
 *  - unit: components, hooks and helpers in jsdom, plus pure server modules (server/**\/*.test.ts).
 *  - api:  the real Fastify app on a real database through app.inject (tests/api). A fresh PGlite
 *          database costs ~4 s and ~800 MB, so files run one at a time, each in its own fork,
 *          and each file shares one app (the file-scoped `testApp` fixture,
 *          tests/api/harness/app-fixture.ts).
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // Form tests type into several fields with user-event in jsdom: seconds each on 2 busy
          // cores (a sign-up form took 5.6 s while the browser tests ran beside it).
          testTimeout: 15_000,
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'contract/**/*.test.ts'],
          setupFiles: ['src/testing/setup.ts'],
          // No passWithNoTests here: Vitest 4 reads it only from the root config (it would then
          // apply to both projects), and server/env.test.ts keeps this project non-empty anyway.
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
