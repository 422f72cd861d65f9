// Front-end benchmark (issue #3): (1) the gzip size of the JavaScript and CSS the home route
// needs before it is interactive, measured in Chromium (every script and stylesheet the page
// loads until the network is idle, service worker blocked), and (2) Lighthouse 12 (mobile,
// simulated throttling — its defaults) performance runs on home, a category page and a product
// page. Builds the app into its own directory (.tmp/dist-bench, never dist/, which other runs
// use) and starts its own server on 127.0.0.1 with a fresh embedded database.
// Usage: node scripts/bench/bench-web.mjs [--runs N] [--json] [--details] [--no-build] [--dist DIR] [--port N] [--pages home,category,product] [--trace-dir DIR] [--reference-index N]
//   --details    also prints, per page, the LCP element, its phases, long tasks and what was requested before LCP (first run)
//   --trace-dir  saves each Lighthouse run's trace (open it in Chrome DevTools' Performance panel)
//   --reference-index N  also runs each page as a machine of Lighthouse benchmark index N would
// Each run over a target says why (its LCP element and phases, longest tasks, slowest requests);
// EXPLAIN_ALL=1 says it for every run.
//                (issue 15's reference machine: 2717): the CPU slowdown becomes 4 × (this machine's
//                index, from the run before) / N, as Lighthouse's docs on calibrating the CPU
//                slowdown advise for a slower or faster host. Printed beside the default (× 4) figures.
// Targets: home first-load JS ≤ 170 KB gzip; Lighthouse performance ≥ 95 (issue 15); LCP ≤ 2.0 s; CLS ≤ 0.02; TBT < 200 ms.
// Each page gets one uncounted run first (a fresh server makes each photo's variants on first request).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readCli } from '../lib/cli.mjs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const USAGE =
  'usage: node scripts/bench/bench-web.mjs [--runs N] [--json] [--details] [--no-build] [--dist DIR] [--port N] [--pages home,category,product] [--trace-dir DIR] [--reference-index N]';
const { values } = readCli(USAGE, {
  options: {
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
    details: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    dist: { type: 'string', default: '.tmp/dist-bench' },
    port: { type: 'string', default: '4192' },
    pages: { type: 'string', default: 'home,category,product' },
    'trace-dir': { type: 'string' },
    'reference-index': { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs) || 1;
const asJson = values.json;
const details = values.details;
const dist = path.resolve(values.dist);
const onlyPages = values.pages.split(',');
const traceDir = values['trace-dir'] ?? null;
const referenceIndex = Number(values['reference-index']) || null;
/** Lighthouse's mobile default. */
const DEFAULT_CPU_SLOWDOWN = 4;
// Not 4190: that is on the fetch standard's list of blocked ports (sieve).
const PORT = Number(values.port);
const base = `http://127.0.0.1:${PORT}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const flags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (!values['no-build']) {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The server bundle that draws first screens (ADR 044), where the server looks for it.
  const ssr = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dist, '.ssr'), '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (ssr.status !== 0) process.exit(ssr.status ?? 1);
}
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`${path.relative(process.cwd(), dist)}/index.html missing: build first or drop --no-build`);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'talcioc-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: dist,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    // Production refuses to start without a way to deliver codes; nothing here sends one.
    SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
  },
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

/**
 * Every script and stylesheet the home page loads until the network is idle, gzip-compressed.
 * Work the app defers until the browser is idle (src/lib/when-idle.ts: the service worker
 * registration, the notifications' and the language menu's code) is not needed before the page
 * is interactive: requestIdleCallback is held back here so it is not counted; the same work
 * measured separately is reported as `idle`.
 */
async function firstLoadWeight(browser) {
  const measure = async (holdIdle) => {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 375, height: 800 }, isMobile: true });
    if (holdIdle)
      await context.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      });
    const page = await context.newPage();
    const files = new Map();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      try {
        files.set(response.url(), { type, gzip: gzipSync(await response.body(), { level: 9 }).length });
      } catch {
        // a response without a body (a redirect, an aborted request) weighs nothing
      }
    });
    await page.goto(base + '/', { waitUntil: 'networkidle' });
    if (!holdIdle) await page.waitForTimeout(4000).then(() => page.waitForLoadState('networkidle'));
    await context.close();
    return files;
  };
  const files = await measure(true);
  const all = await measure(false);
  const sum = (map, type) => [...map.values()].filter((f) => f.type === type).reduce((n, f) => n + f.gzip, 0);
  const idle = [...all].filter(([url]) => !files.has(url));
  return {
    js: sum(files, 'script'),
    css: sum(files, 'stylesheet'),
    files: files.size,
    idle: { js: sum(new Map(idle), 'script'), css: sum(new Map(idle), 'stylesheet'), files: idle.length },
    list: [...files].map(([url, f]) => ({ file: url.replace(base, ''), ...f })).sort((a, b) => b.gzip - a.gzip),
  };
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

/**
 * One Lighthouse run. Now and then Chromium's trace of a load has no navigation start or no paint
 * (Lighthouse's NO_NAVSTART / NO_FCP: a score of 0 and no metrics), on any build: such a run is
 * made again, up to twice, and said on stderr, instead of counting as a 0 in the median.
 */
async function lighthouseRun(url, cpuSlowdownMultiplier = DEFAULT_CPU_SLOWDOWN) {
  let run;
  for (let attempt = 1; attempt <= 3; attempt++) {
    run = await lighthouseOnce(url, cpuSlowdownMultiplier);
    if (!run.lhr.runtimeError) return run;
    if (attempt < 3) console.error(`lighthouse: ${url}: run again after ${run.lhr.runtimeError.code}`);
  }
  return run;
}

async function lighthouseOnce(url, cpuSlowdownMultiplier) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
  try {
    // Lighthouse's own mobile preset, with only the CPU slowdown changed (--reference-index).
    const { throttling: presets } = await import('lighthouse/core/config/constants.js');
    const throttling = cpuSlowdownMultiplier === DEFAULT_CPU_SLOWDOWN ? undefined : { ...presets.mobileSlow4G, cpuSlowdownMultiplier };
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(throttling && { throttling }),
    });
    const audits = result.lhr.audits;
    if (result.lhr.runtimeError) console.error(`lighthouse: ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    if (traceDir) {
      mkdirSync(traceDir, { recursive: true });
      writeFileSync(
        path.join(traceDir, `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    return {
      score: Math.round(result.lhr.categories.performance.score * 100),
      fcp: audits['first-contentful-paint'].numericValue ?? NaN,
      lcp: audits['largest-contentful-paint'].numericValue ?? NaN,
      tbt: audits['total-blocking-time'].numericValue ?? NaN,
      cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
      si: audits['speed-index'].numericValue ?? NaN,
      bytes: audits['total-byte-weight'].numericValue ?? NaN,
      benchmarkIndex: result.lhr.environment?.benchmarkIndex ?? NaN,
      cpuSlowdownMultiplier,
      lhr: result.lhr,
    };
  } finally {
    await chrome.kill();
  }
}

/** What Lighthouse says about one run: the LCP element and its phases, shifts, main-thread work, the critical chain. */
function printDetails(name, lhr) {
  const a = lhr.audits;
  const items = (id) => a[id]?.details?.items ?? [];
  console.log(
    `--- ${name}: ${lhr.finalDisplayedUrl}  (Lighthouse's CPU benchmark index: ${Math.round(lhr.environment?.benchmarkIndex ?? 0)})`,
  );
  const m = items('metrics')[0] ?? {};
  console.log(
    `  observed (unthrottled): FCP ${m.observedFirstContentfulPaint} ms, LCP ${m.observedLargestContentfulPaint} ms, DCL ${m.observedDomContentLoaded} ms, load ${m.observedLoad} ms, last visual change ${m.observedLastVisualChange} ms`,
  );
  for (const table of items('largest-contentful-paint-element')) {
    for (const item of table.items ?? []) {
      if (item.node) console.log(`  LCP element: ${item.node.snippet} (${item.node.nodeLabel})`);
      else if (item.phase) console.log(`  LCP phase ${item.phase}: ${Math.round(item.timing)} ms`);
    }
  }
  for (const item of items('layout-shifts')) console.log(`  shift ${item.score?.toFixed(3)}: ${item.node?.snippet ?? ''}`);
  const bootup = items('bootup-time')
    .slice(0, 6)
    .map((i) => `${i.url.replace(base, '')} ${Math.round(i.total)} ms`);
  console.log(`  bootup: ${bootup.join(', ')}`);
  // What the transferred total is made of (network-requests: every request of the run, the service worker's too).
  const byType = {};
  for (const r of items('network-requests')) {
    const key = `${r.resourceType ?? 'Other'}${r.sessionTargetType && r.sessionTargetType !== 'page' ? ` (${r.sessionTargetType})` : ''}`;
    byType[key] = (byType[key] ?? 0) + (r.transferSize ?? 0);
  }
  console.log(
    `  transferred by type: ${Object.entries(byType)
      .sort((x, y) => y[1] - x[1])
      .map(([type, n]) => `${type} ${(n / 1024).toFixed(1)} KB`)
      .join(', ')}`,
  );
  const work = items('mainthread-work-breakdown').map((i) => `${i.groupLabel} ${Math.round(i.duration)}`);
  console.log(`  main thread: ${work.join(', ')}`);
  const longTasks = items('long-tasks')
    .slice(0, 6)
    .map((i) => `${i.url.replace(base, '')} @${Math.round(i.startTime)} ${Math.round(i.duration)} ms`);
  console.log(`  long tasks: ${longTasks.join(', ')}`);
  // Lantern counts what is requested before the observed LCP (low-priority images aside).
  const lcpAt = m.observedLargestContentfulPaint ?? Infinity;
  const requests = items('network-requests')
    .filter((r) => r.networkRequestTime <= lcpAt)
    .map(
      (r) =>
        `${Math.round(r.networkRequestTime)}-${Math.round(r.networkEndTime)} ${r.priority} ${r.resourceType} ${r.url.replace(base, '')} (${(r.transferSize / 1024).toFixed(1)} KB)`,
    );
  console.log(`  requests started before the observed LCP (unthrottled times):\n    ${requests.join('\n    ')}`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A median hides the run that missed: each run over a target says why, in a few lines (its LCP
 * phases, its longest tasks, the slowest requests before its LCP), so an odd round can be told
 * from a slower build afterwards.
 */
function explainMiss(name, index, run) {
  const misses = [
    run.score < 95 && `score ${run.score}`,
    run.lcp > 2000 && `LCP ${(run.lcp / 1000).toFixed(2)} s`,
    run.tbt >= 200 && `TBT ${Math.round(run.tbt)} ms`,
    run.cls > 0.02 && `CLS ${run.cls.toFixed(3)}`,
  ].filter(Boolean);
  if (misses.length === 0 && !process.env.EXPLAIN_ALL) return;
  const a = run.lhr.audits;
  const items = (id) => a[id]?.details?.items ?? [];
  console.log(`--- ${name}, run ${index + 1}: ${misses.join(', ')} (benchmark index ${Math.round(run.benchmarkIndex)})`);
  const phases = items('largest-contentful-paint-element')
    .flatMap((table) => table.items ?? [])
    .filter((item) => item.phase)
    .map((item) => `${item.phase} ${Math.round(item.timing)} ms`);
  const element = items('largest-contentful-paint-element')
    .flatMap((table) => table.items ?? [])
    .find((item) => item.node)?.node;
  const observed = items('metrics')[0] ?? {};
  console.log(
    `  LCP element: ${element?.snippet ?? '?'}; observed (unthrottled) FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms`,
  );
  if (phases.length) console.log(`  LCP phases: ${phases.join(', ')}`);
  const tasks = items('long-tasks')
    .slice(0, 4)
    .map((i) => `${i.url.replace(base, '')} @${Math.round(i.startTime)} ${Math.round(i.duration)} ms`);
  console.log(`  longest tasks: ${tasks.join(', ')}`);
  const lcpAt = items('metrics')[0]?.observedLargestContentfulPaint ?? Infinity;
  const slowest = items('network-requests')
    .filter((r) => r.networkRequestTime <= lcpAt)
    .sort((x, y) => y.networkEndTime - y.networkRequestTime - (x.networkEndTime - x.networkRequestTime))
    .slice(0, 3)
    .map(
      (r) =>
        `${r.url.replace(base, '')} ${Math.round(r.networkEndTime - r.networkRequestTime)} ms (${(r.transferSize / 1024).toFixed(1)} KB)`,
    );
  console.log(`  slowest requests before the observed LCP (unthrottled): ${slowest.join(', ')}`);
}

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: chromePath, args: flags.filter((f) => !f.startsWith('--headless')) });
  const weight = await firstLoadWeight(browser);
  await browser.close();
  const { list: _list, ...firstLoad } = weight;
  const results = { firstLoad, lighthouse: {} };
  for (const [name, urlPath] of await pagesToAudit()) {
    const samples = [];
    if (!onlyPages.includes(name)) continue;
    // One run first, not counted: a fresh server makes each photo's variants on first request
    // (ADR 043) — what one shopper's visit pays once, not what every visit costs.
    await lighthouseRun(base + urlPath);
    for (let i = 0; i < runs; i++) samples.push(await lighthouseRun(base + urlPath));
    if (details) printDetails(name, samples[0].lhr);
    const summary = (list) => {
      const pick = (key) => median(list.map((s) => s[key]));
      return {
        path: urlPath,
        runs,
        score: pick('score'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        si: pick('si'),
        bytes: pick('bytes'),
        benchmarkIndex: pick('benchmarkIndex'),
        cpuSlowdownMultiplier: pick('cpuSlowdownMultiplier'),
        scores: list.map((s) => s.score),
        lcps: list.map((s) => Math.round(s.lcp)),
        tbts: list.map((s) => Math.round(s.tbt)),
      };
    };
    results.lighthouse[name] = summary(samples);
    samples.forEach((run, i) => explainMiss(name, i, run));
    if (referenceIndex) {
      // The host's index is measured at the start of each run: the previous run's stands for this one's.
      const calibrated = [];
      let hostIndex = samples[samples.length - 1].benchmarkIndex;
      for (let i = 0; i < runs; i++) {
        const multiplier = Math.round(((DEFAULT_CPU_SLOWDOWN * hostIndex) / referenceIndex) * 100) / 100;
        const run = await lighthouseRun(base + urlPath, multiplier);
        calibrated.push(run);
        hostIndex = run.benchmarkIndex;
      }
      results.lighthouse[`${name}@${referenceIndex}`] = summary(calibrated);
      calibrated.forEach((run, i) => explainMiss(`${name}@${referenceIndex}`, i, run));
    }
  }
  if (asJson) console.log(JSON.stringify(results, null, 2));
  else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`home first load (gzip): JS ${kb(weight.js)}, CSS ${kb(weight.css)} in ${weight.files} files   (target JS ≤ 170 KB)`);
    console.log(`  then, once idle: JS ${kb(weight.idle.js)}, CSS ${kb(weight.idle.css)} in ${weight.idle.files} files`);
    if (details) console.log(`  ${weight.list.map((f) => `${f.file} ${kb(f.gzip)}`).join('\n  ')}`);
    console.log(
      `Lighthouse 12, mobile, simulated throttling — median of ${runs} run(s) (targets: score ≥ 95, LCP ≤ 2.0 s, TBT < 200 ms, CLS ≤ 0.02):`,
    );
    for (const [name, r] of Object.entries(results.lighthouse)) {
      console.log(
        `  ${name.padEnd(9)} score ${String(r.score).padStart(3)}  [${r.scores.join(', ')}]  FCP ${(r.fcp / 1000).toFixed(2)} s  LCP ${(r.lcp / 1000).toFixed(2)} s [${r.lcps.map((v) => (v / 1000).toFixed(2)).join(', ')}]  TBT ${Math.round(r.tbt)} ms [${r.tbts.join(', ')}]  CLS ${r.cls.toFixed(3)}  SI ${(r.si / 1000).toFixed(2)} s  ${kb(r.bytes)} transferred  (benchmark index ${Math.round(r.benchmarkIndex)}, CPU × ${r.cpuSlowdownMultiplier})   ${r.path}`,
      );
    }
  }
} finally {
  stop();
}
process.exit(0);
