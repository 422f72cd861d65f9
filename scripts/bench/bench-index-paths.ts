/**
 * The catalog index's choice between its two ways of answering a list (issue #13, ADR 041), on a
 * database prepared by `npm run bench:api -- --keep`: for each of bench:api's filter (or search)
 * requests, the time of the index's own choice, of checking every candidate, and of walking the
 * order (the choice forced each way), the answers compared (a difference is printed). Prints the
 * p50 / p95 / mean of the choice against the better of the two per query ("oracle") and how often
 * the other way was more than 30 % cheaper — the figures ORDERED_VISIT_COST was set from.
 *
 *   node --max-old-space-size=12000 --import tsx scripts/bench/bench-index-paths.ts postgres://…/talcioc_bench1m [filter|search]
 *
 * It reaches into the index's store (a measuring tool, not a client of the index): its `path` forces
 * every list one way, and its `onChoice` hook sees — and for the walk, overrides — each choice the
 * cost model (server/catalog-index/cost-model.ts) makes.
 */
import pino from 'pino';
import { openDatabase } from '#server/db/client.ts';
import { CatalogIndexSync, indexFiltersOf } from '#server/catalog-index/sync.ts';
import type { IndexQuery, LexemePlan, ProductIndex } from '#server/catalog-index/product-index.ts';
import type { IndexStore } from '#server/catalog-index/store.ts';
import type { ProductSort } from '#contract/catalog-constants.ts';
import { resolveSort, searchPlanOf } from '#server/repositories/catalog/product-lists.ts';
import { planData, scenarios } from './bench-api.ts';
import { productListQuerySchema } from '#contract/catalog.ts';
const handle = await openDatabase({ databaseUrl: process.argv[2]!, dataDir: 'memory://' });
const sync = new CatalogIndexSync(handle.db, pino({ level: 'silent' }), { pollMs: 3_600_000 });
await sync.catchUp();
// Private members, measured from outside.
const store = (sync as unknown as { index: { store: IndexStore } }).index.store;
const index = (sync as unknown as { index: ProductIndex }).index;
const queries: { name: string; q: Omit<IndexQuery, 'nowUs'> }[] = [];
const scenario = process.argv[3] ?? 'filter';
for (const path of scenarios(await planData(handle.db))
  .find((s) => s.name === scenario)!
  .paths.slice(0, 400)) {
  const params = new URL(path, 'http://x').searchParams;
  if (scenario === 'filter') {
    const filters = productListQuerySchema.parse(Object.fromEntries(params));
    queries.push({
      name: String(params),
      q: { filters: indexFiltersOf(filters), sort: resolveSort(filters), offset: (filters.page - 1) * 24, limit: 24, cap: 1000 },
    });
  } else {
    const text = params.get('search') ?? '';
    const plan = await searchPlanOf(handle.db, text);
    const search = plan
      ? await (sync as unknown as { lexemePlan(p: typeof plan): Promise<LexemePlan | undefined> }).lexemePlan(plan)
      : undefined;
    if (!search) continue;
    const page = Number(params.get('page') ?? 1);
    const sort = resolveSort({ sort: (params.get('sort') as ProductSort | null) ?? undefined, search: text });
    queries.push({ name: `${sort} ${text} p${page}`, q: { filters: {}, search, sort, offset: (page - 1) * 24, limit: 24, cap: 1000 } });
  }
}
const nowUs = Date.now() * 1000;
let chose = '';
let forceWalk = false;
store.onChoice = (candidatesCheaper) => {
  chose = candidatesCheaper ? 'cand' : 'walk';
  return forceWalk ? false : candidatesCheaper;
};
const time = (q: Omit<IndexQuery, 'nowUs'>, mode: string) => {
  store.path = mode === 'cand' ? 'candidates' : 'measured';
  forceWalk = mode === 'walk';
  let best = Infinity;
  let ans = '';
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    ans = JSON.stringify(index.query({ ...q, nowUs }));
    best = Math.min(best, performance.now() - t);
  }
  forceWalk = false;
  return { best, ans };
};
for (const { q } of queries) time(q, 'measured');
const rows = queries.map(({ name, q }) => {
  chose = '-';
  const m = time(q, 'measured');
  const how = chose;
  const c = time(q, 'cand');
  const w = time(q, 'walk');
  if (c.ans !== m.ans || w.ans !== m.ans) console.log('DIFF', name);
  return { name, how, m: m.best, c: c.best, w: w.best };
});
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
console.log(
  'measured p50/p95/mean',
  pct(
    rows.map((r) => r.m),
    0.5,
  ).toFixed(2),
  pct(
    rows.map((r) => r.m),
    0.95,
  ).toFixed(2),
  (rows.reduce((s, r) => s + r.m, 0) / rows.length).toFixed(2),
);
console.log(
  'oracle   p50/p95/mean',
  pct(
    rows.map((r) => Math.min(r.c, r.w)),
    0.5,
  ).toFixed(2),
  pct(
    rows.map((r) => Math.min(r.c, r.w)),
    0.95,
  ).toFixed(2),
  (rows.reduce((s, r) => s + Math.min(r.c, r.w), 0) / rows.length).toFixed(2),
);
console.log('choices:', JSON.stringify(rows.reduce((a: Record<string, number>, r) => ((a[r.how] = (a[r.how] ?? 0) + 1), a), {})));
const wrong = rows.filter((r) => (r.how === 'cand' && r.w < r.c * 0.7) || (r.how === 'walk' && r.c < r.w * 0.7));
console.log('wrong choices (other path < 70 %):', wrong.length);
for (const r of rows.sort((a, b) => b.m - a.m).slice(0, 25))
  console.log(`${r.m.toFixed(2).padStart(6)} [${r.how}] cand ${r.c.toFixed(2).padStart(6)} walk ${r.w.toFixed(2).padStart(6)}  ${r.name}`);
await sync.close();
await handle.close();
