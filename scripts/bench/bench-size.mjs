// First-load weight of the built app (run `npm run build` first): what index.html makes the
// browser download before the first render (entry script, its static imports, stylesheets),
// gzip-compressed as served, and the extra weight of each lazily loaded route chunk.
// Usage: node scripts/bench/bench-size.mjs [--json] [--dist DIR]
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { readCli } from '../lib/cli.mjs';
import { gzipSync } from 'node:zlib';

const USAGE = 'usage: node scripts/bench/bench-size.mjs [--json] [--dist DIR]';
const { values } = readCli(USAGE, {
  options: {
    json: { type: 'boolean', default: false },
    dist: { type: 'string', default: 'dist' },
  },
});
const dist = path.resolve(values.dist);
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`${path.relative(process.cwd(), dist) || '.'}/index.html missing: run \`npm run build\` first (or pass --dist)`);
  process.exit(1);
}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const raw = (file) => readFileSync(path.join(dist, file)).length;

const initial = new Set();
for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) initial.add(m[1]);
// Static imports of the entry chunk are fetched before it runs (modulepreload links).
const queue = [...initial].filter((f) => f.endsWith('.js'));
while (queue.length) {
  const file = queue.pop();
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    const dep = `assets/${m[1]}`;
    if (!initial.has(dep)) {
      initial.add(dep);
      queue.push(dep);
    }
  }
}

const sum = (files, f) => [...files].reduce((n, file) => n + f(file), 0);
const js = [...initial].filter((f) => f.endsWith('.js'));
const css = [...initial].filter((f) => f.endsWith('.css'));
const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.has(`assets/${f}`))
  .map((f) => ({ file: f, gzip: gz(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);
const sw = existsSync(path.join(dist, 'sw.js')) ? gz('sw.js') : 0;

const report = {
  firstLoad: {
    jsGzipKiB: +(sum(js, gz) / 1024).toFixed(1),
    cssGzipKiB: +(sum(css, gz) / 1024).toFixed(1),
    totalGzipKiB: +((sum(js, gz) + sum(css, gz) + Buffer.byteLength(html)) / 1024).toFixed(1),
    jsRawKiB: +(sum(js, raw) / 1024).toFixed(1),
    files: js.length + css.length + 1,
  },
  serviceWorkerGzipKiB: +(sw / 1024).toFixed(1),
  lazyChunks: lazy.map((c) => ({ file: c.file, gzipKiB: +(c.gzip / 1024).toFixed(1) })),
};

if (values.json) console.log(JSON.stringify(report, null, 2));
else {
  const f = report.firstLoad;
  console.log(
    `first load: ${f.totalGzipKiB} KiB gzip (JS ${f.jsGzipKiB} KiB, CSS ${f.cssGzipKiB} KiB) in ${f.files} files; JS uncompressed ${f.jsRawKiB} KiB`,
  );
  console.log(`service worker: ${report.serviceWorkerGzipKiB} KiB gzip`);
  console.log('lazy chunks (gzip):');
  for (const c of report.lazyChunks) console.log(`  ${String(c.gzipKiB).padStart(6)} KiB  ${c.file}`);
}
