// Where a first visit's main thread goes (issue 15, TBT): Chromium at 4× CPU slowdown (DevTools
// throttling, as a slow phone), no service worker, fresh profile, a trace of the page's renderer
// until the network is idle. Prints the time per trace event (self time, averaged over the runs)
// and every task over 50 ms with what it spent its time on (module evaluation, style, layout, …),
// and Σ(task − 50 ms), the blocking time of the observed run.
// Usage: node scripts/bench/trace-first-load.mjs URL [runs]   (a server must be running: `npm start`)
import { chromium } from '@playwright/test';

const url = process.argv[2];
if (!url) {
  console.error('usage: node scripts/bench/trace-first-load.mjs URL [runs]');
  process.exit(2);
}
const runs = Number(process.argv[3] ?? 2);
const sums = new Map();
const longTasks = [];
for (let r = 0; r < runs; r++) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.6, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'loading'],
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const buf = await browser.stopTracing();
  await browser.close();
  const { traceEvents } = JSON.parse(buf.toString());
  const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m) => traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length;
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  const evs = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  // top-level tasks and self time per event name (nesting by stack)
  const stack = [];
  for (const e of evs) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const node = { e, end: e.ts + (e.dur ?? 0), child: 0 };
    if (stack.length) stack[stack.length - 1].child += e.dur ?? 0;
    stack.push(node);
    e._node = node;
    if (e.name === 'RunTask' && (e.dur ?? 0) > 50_000 && stack.length === 1)
      longTasks.push({ run: r, ms: e.dur / 1000, ts: e.ts, end: e.ts + e.dur, parts: new Map() });
  }
  for (const e of evs) {
    const s = ((e.dur ?? 0) - e._node.child) / 1000;
    const name =
      e.name === 'FunctionCall' || e.name === 'EvaluateScript' ? `${e.name} ${(e.args?.data?.url ?? '').split('/').pop()}` : e.name;
    sums.set(name, (sums.get(name) ?? 0) + s / runs);
    const lt = longTasks.find((t) => t.run === r && e.ts >= t.ts && e.ts < t.end);
    if (lt && e.name !== 'RunTask') lt.parts.set(name, (lt.parts.get(name) ?? 0) + s);
  }
}
for (const [k, v] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(1).padStart(8), k);
let t0 = new Map();
for (const t of longTasks) if (!t0.has(t.run)) t0.set(t.run, t.ts);
for (const t of longTasks)
  console.log(
    `run ${t.run} @${((t.ts - t0.get(t.run)) / 1000).toFixed(0)} ${t.ms.toFixed(0)} ms: ` +
      [...t.parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(' | '),
  );
const tbt = (run) => longTasks.filter((t) => t.run === run).reduce((s, t) => s + t.ms - 50, 0);
console.log(
  'sum(ms-50) per run:',
  [...t0.keys()]
    .map(tbt)
    .map((v) => v.toFixed(0))
    .join(' '),
);
