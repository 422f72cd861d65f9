/**
 * One list request at a time, inside one process (no HTTP): the SQL path against the in-process
 * catalog index (ADR 041) on the same database, for a few requests that span the cost range —
 * the whole catalog, a common filter, a common and a very common word, two words.
 *
 *   node --import tsx scripts/bench/bench-list-queries.ts --database-url postgres://…/talcioc_bench [--runs 20]
 *
 * Use a database prepared by `npm run bench:api -- --keep` (it is only read). Prints, per request,
 * the median milliseconds of `listProducts()` (choice of the page, count and cards) each way.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/client.ts';
import { CatalogIndexSync } from '#server/catalog-index/sync.ts';
import { listProducts } from '#server/services/catalog-lists.ts';
import { productListQuerySchema, type ProductListQuery } from '#contract/catalog.ts';

const USAGE = 'usage: node --import tsx scripts/bench/bench-list-queries.ts --database-url postgres://…/talcioc_bench [--runs 20]';
function readOptions() {
  try {
    return parseArgs({ options: { 'database-url': { type: 'string' }, runs: { type: 'string', default: '20' } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const values = readOptions();
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
const runs = Number(values.runs);
if (!databaseUrl) {
  console.error(USAGE);
  process.exit(2);
}

const REQUESTS: ProductListQuery[] = [
  {},
  { season: '1' },
  { category: '2', sort: 'price_asc', in_stock: '1' },
  { color: '10', sort: 'most_sold' },
  { search: 'geaca' },
  { search: 'garderoba' },
  { search: 'pantofi sport' },
  { search: 'gaeca' },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const quiet = { info: () => undefined, warn: (...a: unknown[]) => console.warn(...a) } as never;

const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
const index = new CatalogIndexSync(handle.db, quiet, { pollMs: 1_000 });
try {
  const loading = Date.now();
  index.start();
  while (!index.ready) await new Promise((r) => setTimeout(r, 100));
  console.log(
    `catalog index: ${index.products.toLocaleString('en')} products loaded in ${((Date.now() - loading) / 1000).toFixed(1)} s; median of ${runs} calls each`,
  );
  console.log('| request | SQL ms | index ms | total (capped at 1 000) |');
  console.log('|---|---:|---:|---:|');
  for (const query of REQUESTS) {
    const filters = productListQuerySchema.parse(query);
    const page = { page: 1, perPage: 24 };
    const time = async (withIndex: boolean) => {
      const ms: number[] = [];
      let total = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const answer = await listProducts(handle.db, filters, page, withIndex ? index : undefined);
        ms.push(performance.now() - started);
        total = answer.meta.total;
      }
      return { ms: median(ms), total };
    };
    await time(false); // warm both
    const sql = await time(false);
    const fromIndex = await time(true);
    console.log(
      `| ${new URLSearchParams(query as Record<string, string>).toString() || '(all)'} | ${sql.ms.toFixed(2)} | ${fromIndex.ms.toFixed(2)} | ${fromIndex.total} |`,
    );
  }
} finally {
  await index.close();
  await handle.close();
}
