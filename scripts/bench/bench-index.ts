/**
 * The catalog index's own time (issue #13, ADR 041), on a database prepared by
 * `npm run bench:api -- --keep` (100 000 or 1 000 000 products): loads the index as a server
 * instance does, takes the requests of bench:api's search or filter scenario (same words, brands,
 * shop names, misses, filters, sorts and pages), and times ProductIndex.query alone — no HTTP, no
 * card reads.
 *
 *   npm run bench:index -- --database-url postgres://…/talcioc_bench [--scenario search|filter]
 *                          [--queries 400] [--rounds 5]
 *                          [--baseline server/catalog-index/product-index.baseline.ts]
 *
 * --baseline: another version of product-index.ts (e.g. `git show REV:server/catalog-index/
 * product-index.ts > server/catalog-index/product-index.baseline.ts`, kept beside it so its
 * imports resolve; the name is git-ignored). Both are loaded from the same rows, every answer is
 * compared (a difference is printed and makes the exit code 1), and the rounds alternate.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { openDatabase } from '#server/db/client.ts';
import { CatalogIndexSync, indexFiltersOf } from '#server/catalog-index/sync.ts';
import { ProductIndex, type IndexQuery, type LexemePlan } from '#server/catalog-index/product-index.ts';
import { indexedProductPages, loadIndexedSales } from '#server/repositories/catalog/index-source.ts';
import { resolveSort, searchPlanOf } from '#server/repositories/catalog/product-lists.ts';
import { planData, scenarios } from './bench-api.ts';
import type { ProductSort } from '#contract/catalog-constants.ts';
import { productListQuerySchema } from '#contract/catalog.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    queries: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '5' },
    scenario: { type: 'string', default: 'search' },
    baseline: { type: 'string' },
  },
});
if (!values['database-url']) throw new Error('--database-url (a database prepared by `npm run bench:api -- --keep`) is required');

interface Indexish {
  query(q: IndexQuery): { ids: number[]; total: number };
}

const handle = await openDatabase({ databaseUrl: values['database-url'], dataDir: 'memory://' });
try {
  const db = handle.db;
  const sync = new CatalogIndexSync(db, pino({ level: 'silent' }), { pollMs: 3_600_000 });
  let started = performance.now();
  await sync.catchUp();
  console.log(`index loaded: ${sync.products} products in ${Math.round(performance.now() - started)} ms`);

  // The scenario's requests, turned into index queries as the route and the repository do.
  if (values.scenario !== 'search' && values.scenario !== 'filter') throw new Error('--scenario must be search or filter');
  const urls = scenarios(await planData(db))
    .find((s) => s.name === values.scenario)!
    .paths.slice(0, Number(values.queries));
  const queries: { text: string; query: Omit<IndexQuery, 'nowUs'> }[] = [];
  for (const url of urls) {
    const params = new URL(url, 'http://x').searchParams;
    const text = params.get('search') ?? '';
    if (values.scenario === 'filter') {
      const filters = productListQuerySchema.parse(Object.fromEntries(params));
      const sort = resolveSort(filters);
      queries.push({
        text: params.toString(),
        query: { filters: indexFiltersOf(filters), sort, offset: (filters.page - 1) * 24, limit: 24, cap: 1000 },
      });
      continue;
    }
    const plan = await searchPlanOf(db, text);
    // The sync's stemming (PostgreSQL's to_tsvector per word): the words as the index sees them.
    const search: LexemePlan | undefined = plan
      ? await (sync as unknown as { lexemePlan(p: typeof plan): Promise<LexemePlan | undefined> }).lexemePlan(plan)
      : undefined;
    if (!search) continue;
    const page = Number(params.get('page') ?? 1);
    const sort = resolveSort({ sort: (params.get('sort') as ProductSort | null) ?? undefined, search: text });
    queries.push({ text, query: { filters: {}, search, sort, offset: (page - 1) * 24, limit: 24, cap: 1000 } });
  }
  const current = (sync as unknown as { index: ProductIndex }).index;
  const indexes: [string, Indexish][] = [['current', current]];

  if (values.baseline) {
    const { ProductIndex: Baseline } = (await import(path.resolve(values.baseline))) as {
      ProductIndex: new () => Indexish & { upsert(p: unknown[]): void; setSales(s: unknown[]): void; rebuildOrders(): void };
    };
    const baseline = new Baseline();
    started = performance.now();
    for await (const products of indexedProductPages(db, 5_000)) baseline.upsert(products);
    baseline.setSales(await loadIndexedSales(db));
    baseline.rebuildOrders();
    console.log(`baseline loaded in ${Math.round(performance.now() - started)} ms`);
    indexes.unshift(['baseline', baseline]);
  }

  const nowUs = Date.now() * 1000;
  let differences = 0;
  if (indexes.length > 1) {
    for (const { text, query } of queries) {
      const [a, b] = indexes.map(([, index]) => JSON.stringify(index.query({ ...query, nowUs })));
      if (a !== b) {
        differences++;
        console.log(`DIFFERENT answers for "${text}" (${query.sort}, offset ${query.offset}):\n  baseline ${a}\n  current  ${b}`);
      }
    }
  }

  const runAll = (index: Indexish) => {
    for (const { query } of queries) index.query({ ...query, nowUs });
  };
  for (const [, index] of indexes) runAll(index); // warm-up (JIT)
  const times = new Map(indexes.map(([name]) => [name, [] as number[]]));
  // The garbage collector's share of the timed rounds, per index: a large heap (one small typed
  // array per product at 1 000 000) makes each collection dearer, and a query that starts one pays it.
  const gcMs = new Map(indexes.map(([name]) => [name, 0]));
  let gcOf: string | undefined;
  const gcEntries = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (gcOf) gcMs.set(gcOf, gcMs.get(gcOf)! + entry.duration);
  });
  gcEntries.observe({ entryTypes: ['gc'] });
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, index] of indexes) {
      gcOf = name;
      const t = performance.now();
      runAll(index);
      const ms = performance.now() - t;
      // GC entries are delivered after the synchronous rounds: wait for them before the next index's.
      await new Promise((resolve) => setImmediate(resolve));
      gcOf = undefined;
      times.get(name)!.push(ms / queries.length);
    }
  }
  gcEntries.disconnect();
  console.log(
    `${queries.length} ${values.scenario === 'filter' ? 'filters' : 'searches'} (of ${urls.length} requests; the rest find nothing before the index is asked)`,
  );
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const roundsMs = list.reduce((sum, perQuery) => sum + perQuery * queries.length, 0);
    const gcShare = (100 * gcMs.get(name)!) / roundsMs;
    console.log(
      `${name.padEnd(9)} ms per query: min ${sorted[0]!.toFixed(3)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)}, max ${sorted.at(-1)!.toFixed(3)}` +
        `; garbage collection ${gcMs.get(name)!.toFixed(0)} of ${roundsMs.toFixed(0)} ms (${gcShare.toFixed(1)} %)`,
    );
  }
  // Per query (mean of 5 calls), for each index: the spread a one-at-a-time client sees.
  for (const [name, index] of indexes) {
    const each = queries
      .map(({ text, query }) => {
        const t = performance.now();
        for (let i = 0; i < 5; i++) index.query({ ...query, nowUs });
        return { text, sort: query.sort, ms: (performance.now() - t) / 5 };
      })
      .sort((a, b) => b.ms - a.ms);
    const at = (q: number) => each[Math.min(each.length - 1, Math.floor((1 - q) * each.length))]!.ms.toFixed(2);
    console.log(
      `${name.padEnd(9)} per query: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${each[0]!.ms.toFixed(2)} ms; slowest:\n` +
        each
          .slice(0, 5)
          .map((s) => `  ${s.ms.toFixed(2)} ms  ${s.sort.padEnd(10)} ${s.text}`)
          .join('\n'),
    );
  }
  await sync.close();
  if (differences) process.exitCode = 1;
} finally {
  await handle.close();
}
