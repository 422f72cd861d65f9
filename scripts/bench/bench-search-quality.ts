/**
 * Search quality on the judged query set (issue #13): `npm run bench:search-quality`.
 *
 *   npm run bench:search-quality                                  # the seeded catalog, PGlite
 *   npm run bench:search-quality -- --products 100000             # bench:api's synthetic catalog
 *   npm run bench:search-quality -- --database-url postgres://…/talcioc_bench --products 100000
 *   npm run --silent bench:search-quality -- --json > quality.json
 *
 * Prepares the database exactly as bench:api does (migrations, seed, synthetic products, VACUUM
 * ANALYZE; a PostgreSQL database named with "bench" or "test" is wiped first), then asks the
 * catalog repository — the code behind GET /api/products — for the first page (24) of every
 * judged query (scripts/bench/search-quality/judged-queries.ts) and reports per query and overall:
 *   - zero-result share: queries with relevant products in the catalog that answer nothing;
 *   - recall on the first page: relevant products on page 1 / min(relevant products, 24);
 *   - precision@10: relevant products among the first k / k, k = min(10, relevant products).
 * Targets (issue #13): 0 % zero-result, mean recall ≥ 0.95, mean precision@10 ≥ 0.9.
 *
 * `--set lexicon` measures instead the queries built by rule from the Romanian dictionary's forms
 * of the words of the catalog (scripts/bench/search-quality/lexicon-queries.ts, issue 40: plural,
 * articulated, diminutive, without diacritics, with cedilla letters, one typo, two words); targets
 * 0 % zero-result and mean recall ≥ 0.98 (precision is reported, not a target: such a query also
 * finds, rightly, products that only mention the word). `--set all` runs both sets, each judged
 * by its own targets.
 * `--check` exits with 1 when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { JUDGED_QUERIES, type JudgedProduct, type JudgedQuery } from './search-quality/judged-queries.ts';
import { dictionaryVersion, lexiconQueries } from './search-quality/lexicon-queries.ts';

const PAGE = 24;
const TARGETS = {
  judged: { zeroShare: 0, recall: 0.95, precision: 0.9 },
  lexicon: { zeroShare: 0, recall: 0.98, precision: 0 },
};
type QuerySet = keyof typeof TARGETS;

interface Options {
  products: number;
  databaseUrl?: string;
  force: boolean;
  json: boolean;
  check: boolean;
  sets: QuerySet[];
}

function readArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        products: { type: 'string', default: '0' },
        'database-url': { type: 'string' },
        force: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        check: { type: 'boolean', default: false },
        set: { type: 'string', default: 'judged' },
      },
    }).values;
  } catch (error) {
    // An unknown option, a missing value or a stray argument (node:util's message).
    throw new Error(`${(error as Error).message} (see the comment at the top of scripts/bench/bench-search-quality.ts)`);
  }
}

function parseOptions(argv: string[]): Options {
  const values = readArgs(argv);
  const options: Options = {
    products: Number(values.products),
    databaseUrl: values['database-url'] ?? (process.env.DATABASE_URL || undefined),
    force: values.force,
    json: values.json,
    check: values.check,
    sets: values.set === 'all' ? ['judged', 'lexicon'] : [values.set as QuerySet],
  };
  if (!['judged', 'lexicon', 'all'].includes(values.set)) throw new Error('--set must be judged, lexicon or all');
  if (!Number.isInteger(options.products) || options.products < 0 || options.products > 2_000_000)
    throw new Error('--products must be 0…2000000');
  if (options.databaseUrl && !options.force && !/bench|test/i.test(new URL(options.databaseUrl).pathname)) {
    throw new Error('the database is wiped: its name must contain "bench" or "test" (or pass --force)');
  }
  return options;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

export interface QueryResult {
  query: string;
  kind: string;
  relevant: number;
  total: number;
  didYouMean: string | null;
  recall: number;
  precision: number;
  ms: number;
  /** First products that are not relevant (for reading the report). */
  misses: string[];
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'talcioc-search-quality-'));
  const { openDatabase } = await import('#server/db/client.ts');
  const { seedIfEmpty } = await import('#server/db/seed/index.ts');
  const { synthesize, wipePostgres } = await import('./bench-api.ts');
  const { listProducts } = await import('#server/services/catalog-lists.ts');
  if (options.databaseUrl) await wipePostgres(options.databaseUrl);
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: workDir });
  try {
    const db = handle.db;
    await seedIfEmpty(db);
    if (options.products > 0) {
      log(`adding synthetic products up to ${options.products.toLocaleString('en')}…`);
      await synthesize(db, options.products);
      await db.execute(sql`VACUUM ANALYZE`);
    }
    const version = (await db.execute(sql`SELECT current_setting('server_version') AS v`)) as unknown as { rows: { v: string }[] };
    const rows = (await db.execute(sql`SELECT p.id, p.name, p.brand, c.slug AS category, p.description
      FROM products p JOIN categories c ON c.id = p.category_id WHERE p.is_active`)) as unknown as {
      rows: (JudgedProduct & { id: number })[];
    };
    const catalog = rows.rows;
    const database = `${options.databaseUrl ? 'PostgreSQL' : 'PGlite'} ${version.rows[0]!.v}`;
    log(`${catalog.length.toLocaleString('en')} active products on ${database}`);

    const reports = [];
    for (const set of options.sets) {
      const queries = set === 'judged' ? JUDGED_QUERIES : await lexiconQueries(catalog);
      log(
        set === 'judged'
          ? `${queries.length} judged queries`
          : `${queries.length} queries from the dictionary's forms (dictionary-ro ${dictionaryVersion()})`,
      );
      const results = await measure(db, catalog, queries, listProducts);
      const summary = summarise(database, catalog.length, results);
      const targets = TARGETS[set];
      const met =
        summary.zeroResultShare <= targets.zeroShare &&
        summary.meanRecall >= targets.recall &&
        summary.meanPrecisionAt10 >= targets.precision;
      reports.push({ set, summary, targets, met, results });
      if (!options.json) print(set, summary, targets, met, results);
    }
    if (options.json) process.stdout.write(`${JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2)}\n`);
    const met = reports.every((r) => r.met);
    if (options.check && !met) process.exitCode = 1;
  } finally {
    await handle.close();
    if (options.databaseUrl) await wipePostgres(options.databaseUrl);
    rmSync(workDir, { recursive: true, force: true });
  }
}

type ListProducts = typeof import('#server/services/catalog-lists.ts').listProducts;
type Db = Parameters<ListProducts>[0];

/** The first page of every query, judged against its relevant products. */
async function measure(db: Db, catalog: (JudgedProduct & { id: number })[], queries: readonly JudgedQuery[], listProducts: ListProducts) {
  const results: QueryResult[] = [];
  for (const judged of queries) {
    const relevantIds = new Set(catalog.filter(judged.relevant).map((p) => p.id));
    const started = performance.now();
    const answer = await listProducts(db, { search: judged.query, page: 1, per_page: PAGE }, { page: 1, perPage: PAGE });
    const ms = performance.now() - started;
    const page = answer.data;
    const hits = page.filter((p) => relevantIds.has(p.id)).length;
    const k = Math.min(10, relevantIds.size);
    const top = page.slice(0, k).filter((p) => relevantIds.has(p.id)).length;
    results.push({
      query: judged.query,
      kind: judged.kind,
      relevant: relevantIds.size,
      total: answer.meta.total,
      didYouMean: answer.did_you_mean,
      recall: relevantIds.size ? hits / Math.min(relevantIds.size, PAGE) : 1,
      precision: k ? top / k : 1,
      ms: Math.round(ms * 10) / 10,
      misses: page
        .slice(0, 10)
        .filter((p) => !relevantIds.has(p.id))
        .slice(0, 3)
        .map((p) => p.name),
    });
  }
  return results;
}

function summarise(database: string, products: number, results: QueryResult[]) {
  const judgedWithRelevant = results.filter((r) => r.relevant > 0);
  const mean = (list: number[]) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0);
  return {
    database,
    products,
    queries: results.length,
    queriesWithRelevant: judgedWithRelevant.length,
    zeroResultShare: judgedWithRelevant.filter((r) => r.total === 0).length / Math.max(1, judgedWithRelevant.length),
    meanRecall: mean(judgedWithRelevant.map((r) => r.recall)),
    meanPrecisionAt10: mean(judgedWithRelevant.map((r) => r.precision)),
    medianMs: [...results.map((r) => r.ms)].sort((a, b) => a - b)[Math.floor(results.length / 2)]!,
    /** Per kind of query: how many, how many found nothing, mean recall. */
    kinds: Object.fromEntries(
      [...new Set(judgedWithRelevant.map((r) => r.kind))].map((kind) => {
        const list = judgedWithRelevant.filter((r) => r.kind === kind);
        return [kind, { queries: list.length, zero: list.filter((r) => r.total === 0).length, recall: mean(list.map((r) => r.recall)) }];
      }),
    ),
  };
}

function print(
  set: QuerySet,
  summary: ReturnType<typeof summarise>,
  targets: (typeof TARGETS)[QuerySet],
  met: boolean,
  results: QueryResult[],
) {
  const f = (n: number) => n.toFixed(2);
  console.log(
    `Search quality (${set} set): ${summary.database}, ${summary.products.toLocaleString('en')} active products, ${summary.queries} queries\n`,
  );
  console.log('| query | kind | relevant | found | did you mean | recall p.1 | P@10 | ms | first misses |');
  console.log('|---|---|---:|---:|---|---:|---:|---:|---|');
  for (const r of results) {
    console.log(
      `| ${r.query} | ${r.kind} | ${r.relevant} | ${r.total} | ${r.didYouMean ?? ''} | ${f(r.recall)} | ${f(r.precision)} | ${r.ms} | ${r.misses.join('; ')} |`,
    );
  }
  console.log(
    `\nper kind: ${Object.entries(summary.kinds)
      .map(([kind, k]) => `${kind} ${k.queries} (${k.zero} found nothing, recall ${f(k.recall)})`)
      .join('; ')}`,
  );
  console.log(
    `zero-result share ${(summary.zeroResultShare * 100).toFixed(1)} % (target ${targets.zeroShare} %), mean recall on page 1 ${f(summary.meanRecall)} (≥ ${targets.recall}), ` +
      `mean precision@10 ${f(summary.meanPrecisionAt10)}${targets.precision ? ` (≥ ${targets.precision})` : ''}; median ${summary.medianMs} ms per query — targets ${met ? 'met' : 'MISSED'}\n`,
  );
}

main().catch((error) => {
  log((error as Error).stack ?? String(error));
  process.exitCode = 2;
});
