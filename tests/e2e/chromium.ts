/**
 * Which Chromium the browser tests drive and how it is started: shared by playwright.config.ts
 * and by tests that launch their own (persistent) browser context.
 */
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

// CHROME_PATH first, then Debian's Chromium; when neither exists (non-root machine where
// scripts/dev/ensure-chromium.mjs ran `playwright install chromium`), Playwright's own build.
export const chromiumExecutablePath = process.env.CHROME_PATH ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// E2E_PORT lets two people (or helpers) run the suite side by side on one machine.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
