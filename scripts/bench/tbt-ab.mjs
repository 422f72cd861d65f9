// Total Blocking Time of a first visit, A against B, precise enough to see a 50 ms change on a
// noisy 2-core machine (issue 15), where Lighthouse's median of 3 moves by hundreds of ms.
//
// Each run: a fresh Chromium (no service worker, no cache, a phone's viewport), the page loaded at
// full speed with a trace of its renderer's main thread until the network is idle. The estimate
// is Lighthouse's own rule on its simulated 4× slower phone: every top-level task after the first
// contentful paint counts max(0, 4 × duration − 50 ms). The URLs are visited in turn, run after
// run, so a slow minute of the machine falls on both. Prints, per URL, the median and quartiles
// of the estimate, and the median main-thread time after the first paint.
//
// Usage: node scripts/bench/tbt-ab.mjs [--runs N] URL [URL …]   (servers must be running: `npm start`;
// two builds side by side: STATIC_DIR=<other dist> PORT=<other port> npm start)
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const { values, positionals: urls } = parseArgs({ options: { runs: { type: 'string', default: '10' } }, allowPositionals: true });
if (urls.length === 0) {
  console.error('usage: node scripts/bench/tbt-ab.mjs [--runs N] URL [URL …]');
  process.exit(2);
}
const SLOWDOWN = 4;
const runs = Number(values.runs);
const results = new Map(urls.map((url) => [url, []]));

async function visit(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // Long enough for what runs once the page is idle (the deferred parts, the service worker's registration).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2000)));
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    // The page's renderer is the one that painted it (about:blank's renderer may be in the trace too).
    const fcp = traceEvents.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) return undefined;
    const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid);
    const tasks = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ts >= fcp.ts);
    let blocking = 0;
    let time = 0;
    for (const task of tasks) {
      const ms = (task.dur ?? 0) / 1000;
      time += ms;
      blocking += Math.max(0, SLOWDOWN * ms - 50);
    }
    return { blocking, time };
  } finally {
    await browser.close();
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
for (let r = 0; r < runs; r++) {
  for (const url of urls) {
    // Now and then Chromium's trace has no paint event (Lighthouse then fails with "NO_FCP"): visit again.
    let result;
    for (let attempt = 0; attempt < 3 && !result; attempt++) result = await visit(url);
    if (!result) throw new Error(`${url}: no first contentful paint in 3 traces`);
    results.get(url).push(result);
    process.stderr.write(`run ${r + 1}/${runs} ${url}: ${result.blocking.toFixed(0)} ms\n`);
  }
}
console.log(`TBT estimate (tasks after FCP, ${SLOWDOWN}× − 50 ms), ${runs} runs each, URLs in turn:`);
for (const [url, list] of results) {
  const blocking = list.map((x) => x.blocking).sort((a, b) => a - b);
  const time = list.map((x) => x.time).sort((a, b) => a - b);
  console.log(
    `  ${url}  median ${quantile(blocking, 0.5).toFixed(0)} ms  [p25 ${quantile(blocking, 0.25).toFixed(0)}, p75 ${quantile(blocking, 0.75).toFixed(0)}]  main thread after FCP ${quantile(time, 0.5).toFixed(0)} ms at 1×`,
  );
}
