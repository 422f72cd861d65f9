/**
 * `npm run build` makes the production bundle whatever NODE_ENV the shell or a .env file sets
 * (vite.config.ts). NODE_ENV=development is the server's default mode (README); had the build
 * followed it, the bundle would carry React's development build and `import.meta.env.DEV` would
 * be true, so the app would never register its service worker: no offline mode, several times
 * slower, and nothing to say why.
 *
 * This test builds the app itself with NODE_ENV=development set, into a folder of its own, serves
 * it from a second server on a free port (the suite's server keeps dist/), and opens it as a
 * shopper would.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForServiceWorkerControl } from './service-worker.ts';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, '.tmp', 'build-mode', 'dist');
/** React's development build says this on every start; its production build never does. */
const REACT_DEVELOPMENT_NOTICE = 'Download the React DevTools';

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(origin: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin} did not answer /api/health within 90 s`);
}

let server: ChildProcess | undefined;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(180_000); // a build (~10 s idle, more on a loaded machine) and a server's first start
  rmSync(outDir, { recursive: true, force: true });
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(root, 'scripts/dev/e2e-server.mjs')], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, E2E_PORT: String(port), STATIC_DIR: outDir, FIRST_SCREEN_HTML_MS: '0' },
  });
  await waitForHealth(origin, server);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

test('built with NODE_ENV=development set, the app is the production build and installs its service worker', async ({ browser }) => {
  const scripts = readdirSync(path.join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const developmentScripts = scripts.filter((name) =>
    readFileSync(path.join(outDir, 'assets', name), 'utf8').includes(REACT_DEVELOPMENT_NOTICE),
  );
  expect(developmentScripts, "scripts with React's development build").toEqual([]);

  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await waitForServiceWorkerControl(page);
    expect(messages.filter((text) => text.includes(REACT_DEVELOPMENT_NOTICE))).toEqual([]);
  } finally {
    await context.close();
  }
});
