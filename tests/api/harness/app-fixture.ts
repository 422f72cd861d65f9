/**
 * The API tests' shared setup as a Vitest fixture (test.extend, https://vitest.dev/guide/test-context):
 * `testApp` is the real application on a fresh database (buildTestApp, test-app.ts), built once
 * per test file — scope 'file' — the first time a hook or test asks for it, and closed after the
 * file's last afterAll hook. The api project runs every file in a fork of its own, one file at a
 * time, so each file still gets a database of its own.
 *
 * A file takes it in a top-level hook and keeps it for its helpers:
 *
 *   let t: TestApp;
 *   test.beforeAll(async ({ testApp }) => {
 *     t = testApp;
 *   });
 *
 * `appOptions` is what buildTestApp is given (none by default). A file needing its own sets them
 * once at its top level: `test.override('appOptions', { env: { CATALOG_CACHE_SECONDS: '0' } })`,
 * or with a function when they must be made first (a data directory, a stand-in SMS gateway);
 * its onCleanup runs after the app has closed.
 */
import { test as base } from 'vitest';
import { buildTestApp, type TestAppOptions } from './test-app.ts';

export const test = base
  .extend('appOptions', { scope: 'file' }, {} as TestAppOptions)
  .extend('testApp', { scope: 'file' }, async ({ appOptions }, { onCleanup }) => {
    const testApp = await buildTestApp(appOptions);
    onCleanup(() => testApp.close());
    return testApp;
  });
