// The server the browser tests run against (playwright.config.ts webServer): a fresh embedded
// database every run (.tmp/e2e-data is removed first, then migrated and seeded at start), the
// built app from dist/ (or STATIC_DIR), on 127.0.0.1:4173 (or E2E_PORT). Signals are passed on so PGlite closes cleanly.
// Usage: node scripts/dev/e2e-server.mjs   (run `npm run build` first)
import { rmSync, mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '4173';
const dataDir = path.join(root, '.tmp', port === '4173' ? 'e2e-data' : `e2e-data-${port}`);

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    // Test shoppers made through the API come from their own (made-up) addresses, so the
    // per-address sign-up limits hold as in production without throttling the suite: the tests
    // play the reverse proxy on 127.0.0.1, the only proxy trusted (ADR 014).
    TRUST_PROXY: '127.0.0.1',
    // A first visit's page waits this long for the answers it carries (ADR 026): on a loaded CI
    // machine the default 250 ms could leave them out now and then, and the browser test that
    // checks a first screen needs no round trip would flicker.
    FIRST_ANSWERS_MS: process.env.FIRST_ANSWERS_MS ?? '3000',
    // Likewise the first screen's HTML drawn on the server (ADR 044; default 300 ms).
    FIRST_SCREEN_HTML_MS: process.env.FIRST_SCREEN_HTML_MS ?? '3000',
    FIRST_SCREEN_RENDERS_PER_SECOND: process.env.FIRST_SCREEN_RENDERS_PER_SECOND ?? '50',
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
