// Front-end benchmark (issue #3): (1) the gzip size of the JavaScript and CSS the home route
// needs before it is interactive, measured in Chromium (every script and stylesheet the page
// loads until the network is idle, service worker blocked), and (2) Lighthouse 12 (mobile,
// simulated throttling — its defaults) performance runs on home, a category page and a product
// page. Starts its own server on 127.0.0.1 with a fresh embedded database; run `npm run build`
// first (npm run bench:web does).
// Usage: node scripts/bench-web.mjs [--runs N] [--json]
// Targets: home first-load JS ≤ 170 KB gzip; Lighthouse performance ≥ 90; CLS ≤ 0.05.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || (args.includes('--runs') ? 1 : 3);
const asJson = args.includes('--json');
// Not 4190: that is on the fetch standard's list of blocked ports (sieve).
const PORT = 4192;
const base = `http://127.0.0.1:${PORT}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

if (!existsSync('dist/index.html')) {
  console.error('dist/index.html missing: run `npm run build` first');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'talcioc-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', DATABASE_URL: '',
    // Production refuses to start without a way to deliver codes; nothing here sends one.
    SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

let serverExited = false;
server.on('exit', (code, signal) => {
  serverExited = true;
  console.error(`bench-web: the server exited (code ${code}, signal ${signal})`);
});

async function waitForServer() {
  let last;
  for (let i = 0; i < 360 && !serverExited; i++) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error.cause ?? error.message);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not start (${last})`);
}

async function firstLoadWeight(browser) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 375, height: 800 }, isMobile: true });
  const page = await context.newPage();
  const files = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      files.set(response.url(), { type, gzip: gzipSync(await response.body(), { level: 9 }).length });
    } catch {}
  });
  await page.goto(base + '/', { waitUntil: 'networkidle' });
  await context.close();
  const sum = (type) => [...files.values()].filter((f) => f.type === type).reduce((n, f) => n + f.gzip, 0);
  return { js: sum('script'), css: sum('stylesheet'), files: files.size };
}

async function pagesToAudit() {
  const response = await fetch(`${base}/api/home`);
  const home = await response.json();
  if (!response.ok) throw new Error(`/api/home answered ${response.status}: ${JSON.stringify(home)}`);
  const product = home.data.most_popular.find((p) => p.quantity > 0) ?? home.data.new_arrivals[0];
  const categories = await (await fetch(`${base}/api/categories`)).json();
  return [
    ['home', '/'],
    ['category', `/categories/${categories.data.categories[0].slug}`],
    ['product', `/products/${product.id}/details`],
  ];
}

async function lighthouseRun(url) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const audits = result.lhr.audits;
    if (result.lhr.runtimeError) console.error(`lighthouse: ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return {
      score: Math.round(result.lhr.categories.performance.score * 100),
      fcp: audits['first-contentful-paint'].numericValue ?? NaN,
      lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
      tbt: audits['total-blocking-time'].numericValue ?? NaN,
      cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
      si: audits['speed-index'].numericValue ?? NaN,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: chromePath, args: flags.filter((f) => !f.startsWith('--headless')) });
  const weight = await firstLoadWeight(browser);
  await browser.close();
  const results = { firstLoad: weight, lighthouse: {} };
  for (const [name, urlPath] of await pagesToAudit()) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await lighthouseRun(base + urlPath));
    const pick = (key) => median(samples.map((s) => s[key]));
    results.lighthouse[name] = { path: urlPath, runs, score: pick('score'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), si: pick('si'), scores: samples.map((s) => s.score) };
  }
  if (asJson) console.log(JSON.stringify(results, null, 2));
  else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`home first load (gzip): JS ${kb(weight.js)}, CSS ${kb(weight.css)} in ${weight.files} files   (target JS ≤ 170 KB)`);
    console.log(`Lighthouse 12, mobile, simulated throttling — median of ${runs} run(s) (targets: score ≥ 90, CLS ≤ 0.05):`);
    for (const [name, r] of Object.entries(results.lighthouse)) {
      console.log(
        `  ${name.padEnd(9)} score ${String(r.score).padStart(3)}  [${r.scores.join(', ')}]  FCP ${(r.fcp / 1000).toFixed(2)} s  LCP ${(r.lcp / 1000).toFixed(2)} s  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}  SI ${(r.si / 1000).toFixed(2)} s   ${r.path}`,
      );
    }
  }
} finally {
  stop();
}
process.exit(0);
