// Image bytes of a category page's first view (issue 15, docs/performance.md): Chromium at
// 375×812 CSS px (DPR 2, a common phone), no service worker, fresh cache, no scrolling — every
// image response until the network is idle, summed. Twice: with the pipeline (the <picture>
// picks an AVIF variant by srcset/sizes) and "before", the same requests answered with each
// image's JPEG original as it is stored (1600 px, as the seller's phone made it).
// Builds the app into .tmp/dist-images and starts its own server on a fresh embedded database;
// a first visit makes the originals and variants (not measured).
// Then a repeat visit: the same shopper (same browser profile) opens the page again, once with the
// service worker blocked (the HTTP cache alone) and once with it in control; the bytes every
// request took from the network are counted from Chromium's own accounting (CDP
// Network.loadingFinished.encodedDataLength; 0 for an answer from the cache or the worker).
// Usage: node scripts/bench/bench-images.mjs [--no-build] [--port 4710] [--category imbracaminte-femei] [--dpr 2] [--width 375] [--list]
//   --list  prints every image request of the measured visits in order
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readCli } from '../lib/cli.mjs';
import { chromium } from '@playwright/test';

const USAGE =
  'usage: node scripts/bench/bench-images.mjs [--no-build] [--port 4710] [--category imbracaminte-femei] [--dpr 2] [--width 375] [--list]';
const { values } = readCli(USAGE, {
  options: {
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '4710' },
    category: { type: 'string', default: 'imbracaminte-femei' },
    dpr: { type: 'string', default: '2' },
    width: { type: 'string', default: '375' },
    list: { type: 'boolean', default: false },
  },
});
const PORT = Number(values.port);
const category = values.category;
const dpr = Number(values.dpr);
const width = Number(values.width);
const dist = path.resolve('.tmp/dist-images');
const base = `http://127.0.0.1:${PORT}`;

if (!values['no-build']) {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(path.join(dist, 'index.html'))) throw new Error('build missing');

const dataDir = mkdtempSync(path.join(tmpdir(), 'talcioc-bench-images-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: dist,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.on('exit', () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 360) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
const VARIANT = /\/media\/img\/v1\/([0-9a-f]{32})\/(\d+)\.(avif|webp|jpg)$/;

/**
 * An image's original as stored. A seeded photo's original is drawn only when its full width is
 * asked for (narrower variants are drawn at their own width, ADR 043): the widest variant that
 * exists is asked for first, which stores it.
 */
async function storedOriginal(key) {
  const file = path.join(dataDir, 'uploads', 'originals', `${key}.jpg`);
  if (!existsSync(file))
    for (const width of [1600, 1280, 960, 640, 480, 320, 160]) {
      const response = await fetch(`${base}/media/img/v1/${key}/${width}.jpg`);
      await response.arrayBuffer();
      if (response.ok) break;
    }
  return readFileSync(file);
}

async function visit({ originals = false } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: 812 },
    deviceScaleFactor: dpr,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    locale: 'ro-RO',
  });
  const page = await context.newPage();
  if (originals) {
    await page.route(VARIANT, async (route) => {
      const [, key] = VARIANT.exec(new URL(route.request().url()).pathname);
      await route.fulfill({ status: 200, contentType: 'image/jpeg', body: await storedOriginal(key) });
    });
  }
  const images = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'image') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    images.push({ url: new URL(response.url()).pathname, type: response.headers()['content-type'], bytes: body.length });
  });
  await page.goto(`${base}/categories/${category}`, { waitUntil: 'networkidle', timeout: 600_000 });
  await page.waitForTimeout(1500);
  await context.close();
  return images;
}

/**
 * Bytes from the network per resource type while `act` runs on `page` (Chromium's accounting:
 * an answer from the memory or disk cache or from the service worker counts 0).
 */
async function networkBytes(page, act) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const typeOf = new Map();
  const cached = new Set();
  const bytes = {};
  cdp.on('Network.responseReceived', (e) => {
    typeOf.set(e.requestId, e.type);
    if (e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache) cached.add(e.requestId);
  });
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.loadingFinished', (e) => {
    const type = typeOf.get(e.requestId) ?? 'Other';
    bytes[type] = (bytes[type] ?? 0) + (cached.has(e.requestId) ? 0 : e.encodedDataLength);
  });
  await act();
  await cdp.detach();
  return bytes;
}

/** The first view's pictures (those in the viewport; lazy ones below it are not asked for) have loaded. */
const firstViewLoaded = () =>
  [...document.images]
    .filter((img) => {
      const r = img.getBoundingClientRect();
      // On screen: not below the fold, not off to the side in a horizontal strip (lazy there too).
      return r.width > 0 && r.top < innerHeight && r.bottom > 0 && r.left < innerWidth && r.right > 0;
    })
    .every((img) => img.complete);

/** A first visit, then the same page opened again by the same browser profile. */
async function repeatVisit({ serviceWorker }) {
  const context = await browser.newContext({
    viewport: { width, height: 812 },
    deviceScaleFactor: dpr,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: serviceWorker ? 'allow' : 'block',
    locale: 'ro-RO',
  });
  const page = await context.newPage();
  const url = `${base}/categories/${category}`;
  const first = await networkBytes(page, async () => {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 600_000 });
    if (serviceWorker) {
      // Registered once the page is idle; in control once activated (it claims its clients).
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const worker = registration.active;
        if (worker && worker.state !== 'activated')
          await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
      });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    }
    // Every picture of the first view decoded (and, with the worker, in its image cache).
    await page.waitForFunction(firstViewLoaded, undefined, { timeout: 60_000 });
    await page.waitForTimeout(1000);
  });
  const again = await context.newPage();
  await page.close();
  const repeat = await networkBytes(again, async () => {
    await again.goto(url, { waitUntil: 'networkidle', timeout: 600_000 });
    await again.waitForFunction(firstViewLoaded, undefined, { timeout: 60_000 });
  });
  await context.close();
  return { first, repeat };
}

// First visit: the server draws the originals and encodes the variants this page asks for.
await visit();
await visit();
const pipeline = await visit();
const before = await visit({ originals: true });
if (values.list) for (const i of pipeline) console.log(`  ${i.type}\t${i.bytes}\t${i.url}`);
const sum = (list) => list.reduce((n, i) => n + i.bytes, 0);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const photos = (list) => list.filter((i) => VARIANT.test(i.url));
console.log(`Category /categories/${category} at ${width} px, DPR ${dpr}, first view (no scrolling, network idle):`);
console.log(`  originals as stored : ${photos(before).length} photos, ${kb(sum(photos(before)))} (all images ${kb(sum(before))})`);
console.log(`  pipeline            : ${photos(pipeline).length} photos, ${kb(sum(photos(pipeline)))} (all images ${kb(sum(pipeline))})`);
const formats = {};
for (const i of photos(pipeline)) formats[`${i.url.split('/').pop()}`] = (formats[`${i.url.split('/').pop()}`] ?? 0) + 1;
console.log('  pipeline variants   :', JSON.stringify(formats));
const total = (bytes) => Object.values(bytes).reduce((n, b) => n + b, 0);
for (const serviceWorker of [false, true]) {
  const { first, repeat } = await repeatVisit({ serviceWorker });
  console.log(
    `  repeat visit, ${serviceWorker ? 'service worker in control' : 'HTTP cache only (no service worker)'}: image bytes from the network ${kb(repeat.Image ?? 0)} ` +
      `(first visit ${kb(first.Image ?? 0)}); all bytes ${kb(total(repeat))} (first visit ${kb(total(first))})`,
  );
}
await browser.close();
process.exit(0);
