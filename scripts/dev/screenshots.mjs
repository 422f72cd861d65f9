// Screenshots of pages at phone (375 px) and desktop (1280 px) widths, for looking at what we build.
// Usage: node scripts/dev/screenshots.mjs [baseURL] path1 path2 ...   → .tmp/shots/<name>-<width>.png
// Also prints which elements stick out to the right on the phone width (horizontal overflow).
// Signed-in pages: AUTH='{"token":"…","user":{…}}' puts that session in localStorage first.
import { mkdirSync } from 'node:fs';
import { readCli } from '../lib/cli.mjs';
import { chromium } from '@playwright/test';

const USAGE = 'usage: node scripts/dev/screenshots.mjs [baseURL] path1 path2 ...';
const { positionals } = readCli(USAGE, { allowPositionals: true });
const [base = 'http://127.0.0.1:4173', ...paths] = positionals;
const out = '.tmp/shots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 500 ? 800 : 900 },
      isMobile: width < 500,
      hasTouch: width < 500,
    });
    if (process.env.AUTH) {
      const auth = { addresses: [], favoriteProducts: 0, ...JSON.parse(process.env.AUTH) };
      await context.addInitScript((value) => localStorage.setItem('auth', JSON.stringify(value)), auth);
    }
    const page = await context.newPage();
    for (const path of paths.length ? paths : ['/']) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const name = path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      // A full-page capture paints beyond the viewport, where `content-visibility: auto` sections
      // (.below-fold, src/styles/global.css) stay skipped: show them as a scrolling reader sees them.
      if (process.env.FULL === '1') await page.addStyleTag({ content: '.below-fold { content-visibility: visible !important; }' });
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: process.env.FULL === '1' });
      const wide = await page.evaluate(() => {
        const limit = document.documentElement.clientWidth;
        return [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > limit + 1)
          .slice(0, 8)
          .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
      });
      console.log(`${name}-${width}.png`, wide.length ? `overflow: ${wide.join(' | ')}` : '');
    }
    await context.close();
  }
} finally {
  await browser.close();
}
