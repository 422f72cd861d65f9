/**
 * API load benchmark at a real catalog's size (issue #3, docs/performance.md).
 *
 *   npm run bench:api -- [--products 100000] [--duration 10] [--warmup 3] [--connections 50]
 *                        [--database-url postgres://…/talcioc_bench] [--no-cache] [--force] [--keep] [--json]
 *                        [--data-dir DIR [--reuse]]
 *
 * 1. Prepares the database: embedded PGlite in a temporary DATA_DIR (default), or PostgreSQL when
 *    --database-url / DATABASE_URL is given. That database is WIPED (schemas public and drizzle),
 *    so its name must contain "bench" or "test" (or pass --force). It is migrated and seeded as
 *    the server would (openDatabase, seedIfEmpty), then grown to --products synthetic products
 *    by multiplying the seeded ones with set-based INSERT … SELECT (names varied with Romanian
 *    descriptors, brands of the same category, prices, stock, dates, season, quality, sizes,
 *    colours, images, a few flash-sale entries); search_text is composed from folded parts and
 *    then checked row by row against productSearchText() (any difference is rewritten with
 *    refreshProductSearchText()). Then VACUUM ANALYZE, as autovacuum would have done.
 * 2. Starts the real server (node --import tsx server/server.ts) on 127.0.0.1 and a free port with
 *    NODE_ENV=test and LOG_LEVEL=warn. Why test: in production the rate limiter (300 a minute,
 *    server/app.ts) also counts loopback and no setting turns it off, while outside production
 *    127.0.0.1 is on its allow list, so the benchmark is never throttled. Nothing else on the
 *    request path depends on NODE_ENV (only trustProxy, which loopback does not use). The anonymous
 *    catalog's response micro-cache (ADR 045) is on with the server's CATALOG_CACHE_SECONDS (default
 *    10 s); --no-cache starts the server with CATALOG_CACHE_SECONDS=0, i.e. every request reaches
 *    the database.
 * 3. A second process (this file with --worker) fires the load with autocannon: per scenario a
 *    warm-up (not measured), then a fixed duration with N keep-alive connections, each sending its
 *    next request as soon as the previous answer has been read (autocannon's closed loop), the
 *    scenario's paths handed out in turn across the connections. Scenarios: health (baseline),
 *    filter (mixed filters, sorts, pages 1-5), search (1-3 mixed terms, some misses), product
 *    details (random active ids), suggest (the header box's suggestions as a shopper types), the
 *    shop mix (Zipf; sent with a browser's Accept-Encoding, as a shop's traffic is, so its answers
 *    come compressed; the others ask for plain JSON). Latencies are measured per request (send →
 *    last byte); answers with `X-Cache: HIT` are counted.
 * 4. Prints p50/p95/p99 latency, requests/s, non-2xx, errors, the cache hit ratio and p95 / health
 *    p95 (--json: JSON on stdout, progress on stderr). The server, the worker and the temporary data are removed at
 *    the end, also on failure or Ctrl-C; with --keep the prepared database is left in place.
 *    PGlite with --data-dir DIR: the catalog is prepared in DIR (new or empty) and kept there; a
 *    later run with --data-dir DIR --reuse measures it again without preparing it.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { mulberry32 } from '#server/lib/random.ts';

const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT), '../..');

// ----------------------------------------------------------------------------------------------
// Options

interface Options {
  products: number;
  databaseUrl?: string;
  force: boolean;
  duration: number;
  warmup: number;
  connections: number;
  json: boolean;
  keep: boolean;
  /** Off with --no-cache: the server runs with CATALOG_CACHE_SECONDS=0. */
  cache: boolean;
  /** --catalog-index on|off|both (default on): the server's CATALOG_INDEX; both runs off, then on. */
  catalogIndex: 'on' | 'off' | 'both';
  /** --instances N: server processes (WEB_CONCURRENCY, PostgreSQL only). */
  instances: number;
  /** --reuse: a database kept by --keep that already holds --products products is measured as it is. */
  reuse: boolean;
  /** --data-dir DIR: PGlite's data directory, kept (instead of a temporary one); with --reuse, measured again. */
  dataDir?: string;
  /** --cpu-prof DIR: each server process writes a V8 CPU profile into DIR when it stops. */
  cpuProfDir?: string;
  /** --only filter,shop: the scenarios whose names start with one of these (health, the baseline, always runs). */
  only?: string[];
}

const USAGE = `usage: npm run bench:api -- [--products N] [--duration S] [--warmup S] [--connections N]
                          [--database-url postgres://…] [--no-cache] [--catalog-index on|off|both] [--instances N] [--force] [--keep] [--reuse] [--data-dir DIR] [--cpu-prof DIR] [--only NAME,…] [--json]`;

/** node:util parseArgs: an unknown option, an option without its value or a stray argument is an error, with the usage. */
function readArgs(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        products: { type: 'string', default: '100000' },
        duration: { type: 'string', default: '10' },
        warmup: { type: 'string', default: '3' },
        connections: { type: 'string', default: '50' },
        'database-url': { type: 'string' },
        'no-cache': { type: 'boolean', default: false },
        'catalog-index': { type: 'string', default: 'on' },
        instances: { type: 'string', default: '1' },
        force: { type: 'boolean', default: false },
        keep: { type: 'boolean', default: false },
        reuse: { type: 'boolean', default: false },
        'data-dir': { type: 'string' },
        'cpu-prof': { type: 'string' },
        only: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
}

function parseOptions(argv: string[]): Options {
  const values = readArgs(argv);
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (name: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    if (value === undefined || !Number.isFinite(n) || n < min || n > max)
      throw new Error(`${name} must be a number from ${min} to ${max}\n${USAGE}`);
    return n;
  };
  const catalogIndex = values['catalog-index'];
  if (catalogIndex !== 'on' && catalogIndex !== 'off' && catalogIndex !== 'both')
    throw new Error(`--catalog-index must be on, off or both\n${USAGE}`);
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const options: Options = {
    products: Math.round(number('--products', values.products, 0, 5_000_000)),
    databaseUrl: databaseUrl?.trim() || undefined,
    force: values.force,
    duration: number('--duration', values.duration, 1, 600),
    warmup: number('--warmup', values.warmup, 0, 120),
    connections: Math.round(number('--connections', values.connections, 1, 1000)),
    json: values.json,
    keep: values.keep,
    cache: !values['no-cache'],
    catalogIndex,
    instances: Math.round(number('--instances', values.instances, 1, 16)),
    reuse: values.reuse,
    dataDir: values['data-dir'] === undefined ? undefined : path.resolve(values['data-dir']),
    cpuProfDir: values['cpu-prof'] === undefined ? undefined : path.resolve(values['cpu-prof']),
    only: values.only
      ?.split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  };
  if (options.reuse && !options.databaseUrl && !options.dataDir)
    throw new Error(`--reuse needs --database-url (a PostgreSQL database kept by --keep) or --data-dir (PGlite)\n${USAGE}`);
  if (options.dataDir && options.databaseUrl) throw new Error(`--data-dir is for PGlite: not with --database-url\n${USAGE}`);
  if (options.databaseUrl) {
    let name: string;
    try {
      const url = new URL(options.databaseUrl);
      if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error();
      name = decodeURIComponent(url.pathname.replace(/^\//, ''));
    } catch {
      throw new Error('--database-url must be a postgres:// or postgresql:// URL');
    }
    if (!/bench|test/i.test(name) && !options.force) {
      throw new Error(
        `refusing to wipe database "${name || '(default)'}": the benchmark drops and recreates its schemas. ` +
          'Use a dedicated database whose name contains "bench" or "test", or pass --force.',
      );
    }
  }
  return options;
}

const log = (message: string) => process.stderr.write(`bench:api: ${message}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ----------------------------------------------------------------------------------------------
// Synthetic catalog

type WordKind = 'style' | 'nuance' | 'extra';

const CLOTHES = {
  style: [
    'stil vintage',
    'stil retro',
    'stil casual',
    'stil elegant',
    'stil boho',
    'croială clasică',
    'croială lejeră',
    'croială modernă',
    'ediție limitată',
    'colecția primăvară-vară',
    'colecția toamnă-iarnă',
  ],
  nuance: [
    'nuanță de albastru',
    'nuanță de verde',
    'nuanță de gri',
    'nuanță de roșu',
    'nuanță de bej',
    'nuanță de mov',
    'nuanță pastel',
    'nuanță închisă',
    'nuanță deschisă',
  ],
  extra: [
    'mărimea XS',
    'mărimea S',
    'mărimea M',
    'mărimea L',
    'mărimea XL',
    'import Italia',
    'import Germania',
    'import Franța',
    'fabricat în România',
    'stare impecabilă',
    'preț negociabil',
  ],
};
const WORDS: Record<string, Record<WordKind, string[]>> = {
  'imbracaminte-femei': CLOTHES,
  'imbracaminte-barbati': CLOTHES,
  accesorii: {
    ...CLOTHES,
    extra: [
      'lucrat manual',
      'import Italia',
      'import Franța',
      'fabricat în România',
      'stare impecabilă',
      'preț negociabil',
      'ideal pentru cadou',
    ],
  },
  incaltaminte: {
    style: [
      'stil casual',
      'stil elegant',
      'stil sport',
      'model clasic',
      'ediție limitată',
      'colecția toamnă-iarnă',
      'colecția primăvară-vară',
    ],
    nuance: CLOTHES.nuance,
    extra: [
      'mărimea 37',
      'mărimea 38',
      'mărimea 39',
      'mărimea 40',
      'mărimea 41',
      'mărimea 42',
      'mărimea 43',
      'import Italia',
      'fabricat în România',
      'stare impecabilă',
      'preț negociabil',
    ],
  },
  copii: {
    style: ['stil casual', 'model clasic', 'colecția primăvară-vară', 'colecția toamnă-iarnă', 'ediție limitată'],
    nuance: ['nuanță pastel', 'nuanță de roz', 'nuanță de albastru', 'nuanță de verde', 'culori vii'],
    extra: ['pentru fetițe', 'pentru băieței', 'unisex', 'import Italia', 'stare impecabilă', 'preț negociabil'],
  },
  jucarii: {
    style: ['set complet', 'ediție de colecție', 'model clasic', 'variantă de călătorie'],
    nuance: ['culori vii', 'nuanțe pastel'],
    extra: ['pentru 3-5 ani', 'pentru 6-8 ani', 'pentru 8+ ani', 'stare impecabilă', 'ideal pentru cadou'],
  },
  'casa-si-gradina': {
    style: [
      'stil vintage',
      'stil retro',
      'stil rustic',
      'stil scandinav',
      'stil industrial',
      "din anii '80",
      "din anii '90",
      'lucrat manual',
    ],
    nuance: ['nuanță de verde', 'nuanță de albastru', 'nuanță crem', 'nuanță de maro', 'nuanță aurie'],
    extra: ['import Germania', 'import Austria', 'fabricat în România', 'stare impecabilă', 'preț negociabil', 'ideal pentru cadou'],
  },
  carti: {
    style: ['exemplar de colecție', 'ediție cartonată', 'ediție de buzunar', 'cu autograf', 'cu ex libris'],
    nuance: [],
    extra: ['preț negociabil', 'ideal pentru cadou', 'stare impecabilă', 'set de două volume'],
  },
  electronice: {
    style: ['variantă europeană', 'versiune globală', 'model 2019', 'model 2020', 'model 2021', 'model 2022', 'model 2023'],
    nuance: ['culoare neagră', 'culoare albă', 'culoare gri', 'culoare argintie', 'culoare aurie', 'culoare albastră'],
    extra: ['cu garanție', 'cu factură', 'cutie originală', 'stare impecabilă', 'preț negociabil'],
  },
  sport: {
    style: ['model de antrenament', 'model de competiție', 'stil sport', 'ediție limitată'],
    nuance: CLOTHES.nuance,
    extra: ['import Germania', 'stare impecabilă', 'preț negociabil', 'ideal pentru începători'],
  },
};
WORDS.bucatarie = WORDS['casa-si-gradina']!;
WORDS.decoratiuni = WORDS['casa-si-gradina']!;
WORDS.telefoane = { ...WORDS.electronice!, extra: [...WORDS.electronice!.extra, 'decodat', 'dual SIM'] };

/** Search terms a shopper types: with and without diacritics, brands, shop names, some misses. */
const SEARCH_WORDS = [
  'rochie',
  'rochii',
  'geacă',
  'geaca',
  'GEACĂ',
  'palton',
  'pulover',
  'bluză',
  'bluza',
  'fustă',
  'fusta',
  'blugi',
  'cămașă',
  'camasa',
  'pantofi',
  'adidași',
  'adidasi',
  'ghete',
  'cizme',
  'sandale',
  'tricou',
  'sacou',
  'carte',
  'roman',
  'jucărie',
  'lego',
  'păpușă',
  'telefon',
  'laptop',
  'căști',
  'tabletă',
  'bicicletă',
  'minge',
  'cană',
  'tigaie',
  'vază',
  'lampă',
  'covor',
  'ceas',
  'poșetă',
  'piele',
  'lână',
  'lana',
  'mătase',
  'bumbac',
  'denim',
  'vintage',
  'retro',
  'elegant',
  'negru',
  'neagră',
  'albastru',
  'roșie',
  'rosie',
  'verde',
  'bej',
  'nuanță',
  'mărimea',
  'import',
  'italia',
  'românia',
  'colecție',
  'ediție',
  'iarnă',
  'vară',
  'copii',
  'fetițe',
  'şal',
  'ţara',
  'şosete',
];
const MISSES = ['xilofonzz', 'qwertyuiop', 'submarin', 'frigider', 'zzzgeaca', 'tractorul', 'ciocolată'];

export interface PlanData {
  version: string;
  seeded: number;
  total: number;
  active: number;
  seasons: number[];
  qualities: number[];
  sizes: number[];
  colors: number[];
  categories: number[];
  shops: { id: number; name: string }[];
  brands: string[];
  productIds: number[];
}

type Database = import('#server/db/client.ts').Database;

/** Hash-based uniform number in [0, 1) per new product and salt: deterministic, no session state. */
const rnd = (salt: number) => sql.raw(`((hashint8(m.new_id::bigint * 1009 + ${salt}) & 2147483647)::float8 / 2147483648.0)`);

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function synthesize(db: Database, target: number): Promise<{ added: number; fixedSearchText: number }> {
  const { searchDocument, productSearchText } = await import('#server/lib/search-text.ts');
  const { refreshProductSearchText } = await import('#server/repositories/catalog/search-text-refresh.ts');

  const [{ n: seeded, max_id: maxSeedId }] = (await rows<{ n: number; max_id: number }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(max(id), 0)::int AS max_id FROM products`,
  )) as [{ n: number; max_id: number }];
  const need = target - seeded;
  if (need <= 0) return { added: 0, fixedSearchText: 0 };

  const options = await rows<{ id: number; kind: string }>(db, sql`SELECT id, kind FROM attribute_options ORDER BY position, id`);
  const ids = (kind: string) => options.filter((o) => o.kind === kind).map((o) => o.id);
  const seasons = ids('season');
  const qualities = ids('quality');
  const colors = ids('color');
  if (seasons.length !== 4 || qualities.length !== 4 || !colors.length)
    throw new Error('unexpected attribute options: is this the seeded database?');

  // Word lists per category, in the form the app stores them (searchDocument(): folded, base forms).
  const categoryRows = await rows<{ id: number; slug: string }>(db, sql`SELECT id, slug FROM categories`);
  const brandRows = await rows<{ category_id: number; brand: string }>(
    db,
    sql`SELECT DISTINCT category_id, brand FROM products WHERE brand IS NOT NULL ORDER BY category_id, brand`,
  );
  const words: { kind: string; grp: number; idx: number; word: string; folded: string; n: number }[] = [];
  for (const category of categoryRows) {
    const lists = WORDS[category.slug] ?? CLOTHES;
    for (const kind of ['style', 'nuance', 'extra'] as const) {
      lists[kind].forEach((word, idx) =>
        words.push({ kind, grp: category.id, idx, word, folded: searchDocument(word), n: lists[kind].length }),
      );
    }
    const brands = brandRows.filter((b) => b.category_id === category.id).map((b) => b.brand);
    brands.forEach((word, idx) =>
      words.push({ kind: 'brand', grp: category.id, idx, word, folded: searchDocument(word), n: brands.length }),
    );
  }

  await db.execute(sql`DROP TABLE IF EXISTS bench_map, bench_words`);
  await db.execute(
    sql`CREATE TABLE bench_words (kind text NOT NULL, grp integer NOT NULL, idx integer NOT NULL, word text NOT NULL, folded text NOT NULL, n integer NOT NULL)`,
  );
  for (let i = 0; i < words.length; i += 200) {
    const values = words
      .slice(i, i + 200)
      .map((w) => sql`(${w.kind}, ${w.grp}::integer, ${w.idx}::integer, ${w.word}, ${w.folded}, ${w.n}::integer)`);
    await db.execute(sql`INSERT INTO bench_words VALUES ${sql.join(values, sql`, `)}`);
  }
  // Which seeded product each new one copies; ids taken from the products sequence.
  const copies = Math.ceil(need / seeded);
  await db.execute(sql`CREATE TABLE bench_map AS
    SELECT nextval('products_id_seq')::integer AS new_id, s.src_id FROM (
      SELECT p.id AS src_id FROM products p CROSS JOIN generate_series(1, ${copies}::integer) g(n)
      WHERE p.id <= ${maxSeedId}::integer ORDER BY g.n, p.id LIMIT ${need}::integer
    ) s`);
  await db.execute(sql`ALTER TABLE bench_map ADD PRIMARY KEY (new_id)`);

  const [q1, q2, q3, q4] = qualities as [number, number, number, number];
  const seasonArray = sql`ARRAY[${sql.join(
    seasons.map((id) => sql`${id}::integer`),
    sql`, `,
  )}]`;
  const colorArray = sql`ARRAY[${sql.join(
    colors.map((id) => sql`${id}::integer`),
    sql`, `,
  )}]`;

  // One set-based insert. The name gets up to three descriptors (a colour nuance only when the
  // product has no colour of its own) and sometimes another brand of its category, in the brand
  // column and in the name. search_text is the seed's parts (split_part of its search_text) with
  // the descriptors and brand in searchDocument() form, in productSearchText()'s layout: name,
  // brand, category, shop, description, one per line (checked row by row below).
  await db.execute(sql`
    WITH v AS MATERIALIZED (
      SELECT m.new_id, p.shop_id, p.category_id, p.name, p.slug, p.brand, p.description, p.weight, p.season_id, p.search_text, p.thumbnail, p.thumbnail_key,
        p.condition, p.condition_notes, p.manufacturer_id, p.product_identifier, p.safety_warnings,
        NOT EXISTS (SELECT 1 FROM product_colors c WHERE c.product_id = p.id) AS colourless,
        greatest(5, round(p.price * (0.6 + ${rnd(1)} * 0.9))) - (CASE WHEN ${rnd(2)} < 0.5 THEN 0.01 ELSE 0 END) AS new_price,
        ${rnd(3)} AS r_disc, ${rnd(4)} AS r_disc_pct, ${rnd(5)} AS r_qty, ${rnd(6)} AS r_qty_n, ${rnd(7)} AS r_sold,
        ${rnd(8)} AS r_season, ${rnd(9)} AS r_season_pick, ${rnd(10)} AS r_quality, ${rnd(11)} AS r_active, ${rnd(12)} AS r_age,
        ${rnd(13)} AS r_style, ${rnd(14)} AS r_style_pick, ${rnd(15)} AS r_nuance, ${rnd(16)} AS r_nuance_pick,
        ${rnd(17)} AS r_extra, ${rnd(18)} AS r_extra_pick, ${rnd(19)} AS r_brand, ${rnd(20)} AS r_brand_pick
      FROM bench_map m JOIN products p ON p.id = m.src_id
    ), q AS (
      SELECT v.*,
        CASE WHEN r_qty < 0.08 THEN 0 WHEN r_qty < 0.65 THEN 1 WHEN r_qty < 0.95 THEN 2 + floor(r_qty_n * 7)::int ELSE 10 + floor(r_qty_n * 11)::int END AS quantity
      FROM v
    )
    INSERT INTO products (id, shop_id, category_id, name, slug, brand, description, thumbnail, thumbnail_key, price, discount_price, quantity,
      total_sold, weight, season_id, quality_id, is_active, created_at, search_text,
      condition, condition_notes, manufacturer_id, product_identifier, safety_warnings)
    SELECT q.new_id, q.shop_id, q.category_id,
      CASE WHEN b.word IS NULL THEN q.name ELSE replace(q.name, q.brand, b.word) END
        || coalesce(', ' || st.word, '') || coalesce(', ' || nu.word, '') || coalesce(', ' || ex.word, ''),
      q.slug || '-' || q.new_id,
      coalesce(b.word, q.brand),
      q.description,
      -- The seeded product's photos (issue 15): the same images, stored once, shared by its copies.
      q.thumbnail,
      q.thumbnail_key,
      q.new_price,
      CASE WHEN q.r_disc < 0.35 THEN round(q.new_price * (0.55 + q.r_disc_pct * 0.35)) - 0.01 ELSE 0 END,
      q.quantity,
      CASE WHEN q.quantity = 0 THEN 1 + floor(q.r_sold * 60)::int ELSE floor(q.r_sold * q.r_sold * 61)::int END,
      q.weight,
      CASE WHEN q.season_id IS NULL THEN NULL WHEN q.r_season < 0.7 THEN q.season_id ELSE (${seasonArray})[1 + floor(q.r_season_pick * 4)::int] END,
      CASE WHEN q.r_quality < 0.12 THEN ${q1}::integer WHEN q.r_quality < 0.45 THEN ${q2}::integer WHEN q.r_quality < 0.8 THEN ${q3}::integer ELSE ${q4}::integer END,
      q.r_active >= 0.03,
      now() - (q.r_age * q.r_age * 730) * interval '1 day',
      CASE WHEN b.word IS NULL THEN split_part(q.search_text, chr(10), 1)
        ELSE replace(split_part(q.search_text, chr(10), 1), split_part(q.search_text, chr(10), 2), b.folded) END
        || coalesce(' ' || st.folded, '') || coalesce(' ' || nu.folded, '') || coalesce(' ' || ex.folded, '')
        || chr(10) || coalesce(b.folded, split_part(q.search_text, chr(10), 2))
        || chr(10) || split_part(q.search_text, chr(10), 3)
        || chr(10) || split_part(q.search_text, chr(10), 4)
        || chr(10) || split_part(q.search_text, chr(10), 5),
      q.condition, q.condition_notes, q.manufacturer_id, q.product_identifier, q.safety_warnings
    FROM q
    LEFT JOIN bench_words st ON st.kind = 'style' AND st.grp = q.category_id AND q.r_style < 0.5 AND st.idx = floor(q.r_style_pick * st.n)::int
    LEFT JOIN bench_words nu ON nu.kind = 'nuance' AND nu.grp = q.category_id AND q.colourless AND q.r_nuance < 0.5
      AND nu.idx = floor(q.r_nuance_pick * nu.n)::int
    LEFT JOIN bench_words ex ON ex.kind = 'extra' AND ex.grp = q.category_id AND q.r_extra < 0.35 AND ex.idx = floor(q.r_extra_pick * ex.n)::int
    LEFT JOIN bench_words b ON b.kind = 'brand' AND b.grp = q.category_id AND q.brand IS NOT NULL AND q.r_brand < 0.25
      AND b.idx = floor(q.r_brand_pick * b.n)::int
  `);

  // Options, images and a few running flash-sale entries, copied or drawn per new product.
  await db.execute(sql`INSERT INTO product_sizes (product_id, size_id, price)
    SELECT m.new_id, s.size_id, s.price FROM bench_map m JOIN product_sizes s ON s.product_id = m.src_id
    WHERE ((hashint8(m.new_id::bigint * 1009 + 100 + s.size_id) & 2147483647)::float8 / 2147483648.0) < 0.8`);
  await db.execute(sql`INSERT INTO product_colors (product_id, color_id)
    SELECT m.new_id, c.color_id FROM bench_map m JOIN product_colors c ON c.product_id = m.src_id
    UNION
    SELECT m.new_id, (${colorArray})[1 + floor(${rnd(21)} * ${colors.length}::integer)::int] FROM bench_map m WHERE ${rnd(22)} < 0.15
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO product_images (product_id, url, image_key, position)
    SELECT m.new_id, i.url, i.image_key, i.position
    FROM bench_map m JOIN product_images i ON i.product_id = m.src_id`);
  await db.execute(sql`INSERT INTO flash_sale_products (flash_sale_id, product_id, sale_price)
    SELECT fs.id, p.id, greatest(0.99, round(p.effective_price * 0.7) - 0.01)
    FROM bench_map m JOIN products p ON p.id = m.new_id
    CROSS JOIN (SELECT id FROM flash_sales WHERE starts_at <= now() AND ends_at > now() ORDER BY id LIMIT 1) fs
    WHERE p.quantity > 0 AND p.is_active AND ${rnd(23)} < 0.003`);
  await db.execute(sql`DROP TABLE bench_map, bench_words`);

  // search_text must be exactly what the app writes: compare every new row with productSearchText().
  const wrong: number[] = [];
  for (let after = maxSeedId; ;) {
    const batch = await rows<{
      id: number;
      name: string;
      brand: string | null;
      shop_name: string;
      category_name: string;
      description: string;
      search_text: string;
    }>(
      db,
      sql`SELECT p.id, p.name, p.brand, s.name AS shop_name, c.name AS category_name, p.description, p.search_text
          FROM products p JOIN shops s ON s.id = p.shop_id JOIN categories c ON c.id = p.category_id
          WHERE p.id > ${after}::integer ORDER BY p.id LIMIT 20000`,
    );
    if (!batch.length) break;
    for (const row of batch) {
      const expected = productSearchText({
        name: row.name,
        brand: row.brand,
        categoryName: row.category_name,
        shopName: row.shop_name,
        description: row.description,
      });
      if (expected !== row.search_text) wrong.push(row.id);
    }
    after = batch[batch.length - 1]!.id;
  }
  if (wrong.length) await refreshProductSearchText(db, { productIds: wrong });
  return { added: need, fixedSearchText: wrong.length };
}

export async function planData(db: Database): Promise<PlanData> {
  const [info] = await rows<{ version: string; total: number; active: number }>(
    db,
    sql`SELECT current_setting('server_version') AS version,
          (SELECT count(*)::int FROM products) AS total,
          (SELECT count(*)::int FROM products WHERE is_active) AS active`,
  );
  const options = await rows<{ id: number; kind: string }>(db, sql`SELECT id, kind FROM attribute_options ORDER BY position, id`);
  const ids = (kind: string) => options.filter((o) => o.kind === kind).map((o) => o.id);
  return {
    version: info!.version,
    seeded: 0, // known only while preparing; main() fills it in
    total: info!.total,
    active: info!.active,
    seasons: ids('season'),
    qualities: ids('quality'),
    sizes: ids('size'),
    colors: ids('color'),
    categories: (await rows<{ id: number }>(db, sql`SELECT id FROM categories ORDER BY id`)).map((r) => r.id),
    shops: await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM shops ORDER BY id`),
    brands: (await rows<{ brand: string }>(db, sql`SELECT DISTINCT brand FROM products WHERE brand IS NOT NULL ORDER BY brand`)).map(
      (r) => r.brand,
    ),
    productIds: (await rows<{ id: number }>(db, sql`SELECT id FROM products WHERE is_active ORDER BY hashint4(id) LIMIT 5000`)).map(
      (r) => r.id,
    ),
  };
}

/** Runs `work` with a plain node-postgres client on `url` (closed after). */
async function withPgClient<T>(url: string, work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** How many products a PostgreSQL database holds; -1 when it has no catalog (--reuse). */
async function productsIn(url: string): Promise<number> {
  return withPgClient(url, async (client) => {
    // Two queries: a statement naming a missing table fails as it is planned, CASE or not.
    const { rows: exists } = await client.query<{ table: string | null }>("SELECT to_regclass('public.products')::text AS table");
    if (!exists[0]!.table) return -1;
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    return rows[0]!.n;
  });
}

/** How many products a PGlite data directory holds; -1 when it holds no database (--reuse --data-dir). */
async function pgliteProductsIn(dir: string): Promise<number> {
  if (!existsSync(path.join(dir, 'pglite', 'PG_VERSION'))) return -1;
  const { openDatabase } = await import('#server/db/client.ts');
  const handle = await openDatabase({ dataDir: dir });
  try {
    const [{ n }] = (await rows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM products`)) as [{ n: number }];
    return n;
  } finally {
    await handle.close();
  }
}

/** Drops what migrations and the seed created (as tests/api/harness/test-app.ts does for the API tests). */
export async function wipePostgres(url: string) {
  await withPgClient(url, async (client) => {
    await client.query('SET client_min_messages TO warning');
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  });
}

// ----------------------------------------------------------------------------------------------
// Request mixes

interface Scenario {
  name: string;
  paths: string[];
  /** Request headers besides `accept: application/json`. */
  headers?: Record<string, string>;
}

/** What every browser sends (Chromium's header): the shop mix is browsers' traffic, so its answers come compressed. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export function scenarios(data: PlanData, count = 3000): Scenario[] {
  // A fixed seed: every run replays the same requests.
  const rng = mulberry32(20260117);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)]!;
  const some = (items: readonly number[]) => {
    const n = rng() < 0.7 ? 1 : 2;
    return [...new Set(Array.from({ length: n }, () => pick(items)))].join(',');
  };
  const page = () => pick([1, 1, 1, 1, 2, 2, 3, 4, 5]);

  const filter = Array.from({ length: count }, () => {
    const q = new URLSearchParams();
    const keys: [string, readonly number[], number][] = [
      ['category', data.categories, 0.4],
      ['season', data.seasons, 0.3],
      ['quality', data.qualities, 0.3],
      ['size', data.sizes, 0.25],
      ['color', data.colors, 0.25],
      ['shop', data.shops.map((s) => s.id), 0.2],
    ];
    for (const [key, values, chance] of keys) if (rng() < chance) q.set(key, some(values));
    if (rng() < 0.3) {
      const min = pick([0, 0, 20, 50, 100]);
      q.set('min_price', String(min));
      q.set('max_price', String(min + pick([50, 100, 200, 500])));
    }
    if (rng() < 0.3) q.set('in_stock', '1');
    const sort = pick(['', '', 'newest', 'price_asc', 'price_desc', 'most_sold']);
    if (sort) q.set('sort', sort);
    const p = page();
    if (p > 1) q.set('page', String(p));
    return `/api/products/filter?${q}`;
  });

  const shopWords = data.shops.flatMap((s) => s.name.split(/\s+/).filter((w) => w.length >= 3));
  const term = () => {
    const roll = rng();
    if (roll < 0.6) return pick(SEARCH_WORDS);
    if (roll < 0.8) return pick(data.brands);
    if (roll < 0.93) return pick(shopWords);
    return pick(MISSES);
  };
  const search = Array.from({ length: count }, () => {
    const n = pick([1, 1, 1, 2, 2, 3]);
    const q = new URLSearchParams({ search: Array.from({ length: n }, term).join(' ') });
    if (rng() < 0.2) q.set('sort', pick(['newest', 'price_asc', 'price_desc', 'most_sold']));
    if (rng() < 0.15) q.set('page', '2');
    return `/api/products?${q}`;
  });

  const details = Array.from({ length: count }, () => `/api/products/${pick(data.productIds)}`);
  // The header's box as a shopper types (issue 13): each word's first 2..n letters, as the
  // debounced requests arrive, sometimes after a first whole word.
  const suggest = Array.from({ length: count }, () => {
    const word = term();
    const typed = word.slice(0, 2 + Math.floor(rng() * Math.max(1, word.length - 1)));
    return `/api/search/suggestions?${new URLSearchParams({ q: rng() < 0.2 ? `${pick(SEARCH_WORDS)} ${typed}` : typed })}`;
  });
  return [
    { name: 'health', paths: ['/api/health'] },
    { name: 'filter', paths: filter },
    { name: 'search', paths: search },
    { name: 'details', paths: details },
    { name: 'suggest', paths: suggest },
    {
      name: 'shop mix (Zipf)',
      paths: zipfMix(rng, [...filter, ...search], count * 4),
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    },
  ];
}

/** Zipf's exponent of the shop mix: the k-th most asked request is asked ∝ 1 / k^s. */
export const ZIPF_EXPONENT = 1;

/**
 * Traffic shaped like a real shop's (issue 13): the same distinct filter and search requests as
 * the other scenarios, ranked — first pages before later ones, otherwise in their random order —
 * and drawn with Zipf's law, so a few queries and first pages come again and again and a long
 * tail comes once or never. Measured with the response cache on (its point: p95 ≤ 30 ms).
 */
export function zipfMix(rng: () => number, distinct: string[], draws: number, exponent = ZIPF_EXPONENT): string[] {
  const ranked = [...new Set(distinct)].sort((a, b) => Number(/[?&]page=/.test(a)) - Number(/[?&]page=/.test(b)));
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= ranked.length; k++) cumulative.push((total += 1 / k ** exponent));
  return Array.from({ length: draws }, () => {
    const target = rng() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return ranked[lo]!;
  });
}

// ----------------------------------------------------------------------------------------------
// Load worker (second process)

export interface WorkerPlan {
  port: number;
  connections: number;
  duration: number;
  warmup: number;
  scenarios: Scenario[];
}

export interface ScenarioResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  non2xx: number;
  errors: number;
  /** Answers with `X-Cache: HIT` (the server's response micro-cache, ADR 045). */
  hits: number;
  /** hits / requests, 0–1. */
  hitRatio: number;
  /** This scenario's p95 divided by health's p95 in the same run. */
  p95VsHealth?: number;
  /** CPU time (user + system) of the server process during the measured run, per request. */
  serverCpuMsPerRequest?: number;
  /** CPU time of the local PostgreSQL processes during the measured run, per request. */
  databaseCpuMsPerRequest?: number;
}

/** One request's status (the checks before the load: the server's health, each scenario's first path). */
function request(agent: http.Agent, port: number, pathname: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathname, agent, headers: { accept: 'application/json' }, timeout: 10_000 },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out after 10 s')));
    req.on('error', reject);
    req.end();
  });
}

type Autocannon = typeof import('autocannon');

/**
 * One closed-loop run by autocannon: plan.connections keep-alive connections, each sending its
 * next request as soon as the previous answer has been read, for `seconds`. The scenario's paths
 * are handed out in turn across all connections (one shared cursor, from the first path at every
 * run), as a single request whose setupRequest picks the next path.
 *
 * Latencies: autocannon's own histogram records whole milliseconds (1 ms is its lowest
 * discernible value) and has no p95 (it reports p50, p90, p97_5, p99…), so every response's time
 * (autocannon's per-request measure, send → last byte, in fractional ms) is collected from the
 * instance's `response` event and summarise() takes the same nearest-rank percentiles as before.
 * `X-Cache: HIT` answers are counted from the request's onResponse hook, which sees the headers.
 */
function drive(autocannon: Autocannon, plan: WorkerPlan, scenario: Scenario, seconds: number) {
  const latencies: number[] = [];
  let hits = 0;
  let next = 0;
  const started = performance.now();
  return new Promise<{ latencies: number[]; non2xx: number; errors: number; hits: number; elapsed: number }>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${plan.port}`,
        connections: plan.connections,
        duration: seconds,
        timeout: 10,
        headers: { accept: 'application/json', ...scenario.headers },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: scenario.paths[next++ % scenario.paths.length]! }),
            onResponse: (_status, _body, _context, headers = {}) => {
              // Header names as the server wrote them: compared without case.
              for (const name in headers) if (name.toLowerCase() === 'x-cache' && headers[name] === 'HIT') hits++;
            },
          },
        ],
      },
      (error, result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        // errors: connection errors and 10 s timeouts.
        else resolve({ latencies, non2xx: result.non2xx, errors: result.errors, hits, elapsed: performance.now() - started });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function summarise(name: string, run: Awaited<ReturnType<typeof drive>>): ScenarioResult {
  const sorted = Float64Array.from(run.latencies).sort();
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    requests: sorted.length,
    rps: Math.round((sorted.length / run.elapsed) * 1000),
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted.length ? sorted[sorted.length - 1]! : NaN),
    mean: round(sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1)),
    non2xx: run.non2xx,
    errors: run.errors,
    hits: run.hits,
    hitRatio: sorted.length ? Math.round((run.hits / sorted.length) * 1000) / 1000 : 0,
  };
}

/** Runs the scenarios one after the other against 127.0.0.1:port: warm-up, then the measured run. */
export async function runLoad(
  plan: WorkerPlan,
  onScenario?: (name: string) => void,
  /** Called as the measured run starts and ends (the main process samples CPU times then). */
  onMeasure?: (name: string, phase: 'start' | 'end') => Promise<void>,
): Promise<ScenarioResult[]> {
  // Loaded here, not at the top: bench-index and bench-search-quality import this file for its data helpers only.
  const { default: autocannon } = await import('autocannon');
  const results: ScenarioResult[] = [];
  for (const scenario of plan.scenarios) {
    if (plan.warmup > 0) await drive(autocannon, plan, scenario, plan.warmup);
    await onMeasure?.(scenario.name, 'start');
    const measured = await drive(autocannon, plan, scenario, plan.duration);
    await onMeasure?.(scenario.name, 'end');
    results.push(summarise(scenario.name, measured));
    onScenario?.(scenario.name);
  }
  return results;
}

async function worker() {
  const [plan] = (await once(process, 'message')) as [WorkerPlan];
  // The main process samples the server's and the database's CPU time as each measured run
  // starts and ends; the worker waits for its acknowledgement so the samples bracket the run.
  let acknowledged: (() => void) | undefined;
  process.on('message', (message: { measured?: true }) => {
    if (message.measured) acknowledged?.();
  });
  const onMeasure = (name: string, phase: 'start' | 'end') =>
    new Promise<void>((resolve) => {
      acknowledged = resolve;
      process.send!({ measure: { name, phase } });
    });
  const results = await runLoad(plan, (name) => process.send!({ progress: name }), onMeasure);
  process.send!({ results }, () => process.exit(0));
}

// ----------------------------------------------------------------------------------------------
// Orchestration

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function stopChild(child: ChildProcess | undefined, name: string) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    log(`${name} did not stop in 15 s: killing it`);
    child.kill('SIGKILL');
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

async function waitForHealth(port: number, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const agent = new http.Agent({ keepAlive: false });
  try {
    while (Date.now() < deadline) {
      if (server.exitCode !== null || server.signalCode !== null)
        throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before answering`);
      const status = await request(agent, port, '/api/health').then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the server did not answer /api/health within ${seconds(timeoutMs)}`);
  } finally {
    agent.destroy();
  }
}

/** User + system CPU time (ms) of these processes, from /proc (Linux); processes gone count 0. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone, or not Linux
    }
  }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Pids of the direct children of `pid` (the server's cluster workers). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((child) => {
        try {
          return Number(readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/** Pids of the processes with this command name (the local PostgreSQL's backends). */
function processesNamed(name: string): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/** Waits until /api/health/ready says the catalog index is loaded (lists are then chosen from memory). */
async function waitForCatalogIndex(port: number, timeoutMs: number, instances = 1) {
  const deadline = Date.now() + timeoutMs;
  const started = Date.now();
  // With several server processes each answer comes from one of them (round robin): ask until
  // enough answers in a row say ready.
  let inARow = 0;
  while (Date.now() < deadline) {
    const body = await new Promise<string>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/health/ready' }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(text));
        })
        .on('error', () => resolve(''));
    });
    inARow = body.includes('"catalog_index":"ready"') ? inARow + 1 : 0;
    if (inARow >= 3 * instances) {
      log(`catalog index loaded in ${seconds(Date.now() - started)}${instances > 1 ? ` (${instances} server processes)` : ''}`);
      return;
    }
    if (!inARow) await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the catalog index did not load within ${seconds(timeoutMs)}`);
}

function printTable(report: Report) {
  const { database } = report;
  const lines = [
    `Talcioc API benchmark: ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${database.version}, ` +
      `${report.products.total.toLocaleString('en')} products (${report.products.active.toLocaleString('en')} active), ` +
      `${report.connections} connections, ${report.duration} s per scenario after ${report.warmup} s warm-up, ` +
      `response cache ${report.cache.seconds ? `on (${report.cache.seconds} s)` : 'off (--no-cache)'}, catalog index ${report.catalogIndex}, ${report.instances} server process${report.instances > 1 ? 'es' : ''}`,
    `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}); prepared in ${report.prepareSeconds} s`,
    '',
    '| scenario | req/s | p50 ms | p95 ms | p99 ms | max ms | non-2xx | errors | cache hits | p95 / health p95 | server CPU ms/req | database CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.scenarios.map(
      (s) =>
        `| ${s.name} | ${s.rps} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(1)} | ${s.non2xx} | ${s.errors} | ` +
        `${(s.hitRatio * 100).toFixed(1)} % | ${s.p95VsHealth?.toFixed(1) ?? '–'} | ${s.serverCpuMsPerRequest?.toFixed(2) ?? '–'} | ${s.databaseCpuMsPerRequest?.toFixed(2) ?? '–'} |`,
    ),
  ];
  const target = report.scenarios.filter((s) => s.name === 'filter' || s.name === 'search');
  if (database.kind === 'postgres' && target.length) {
    const met = target.every((s) => s.p95 < TARGET_P95_MS);
    lines.push(
      '',
      `issue #3 target on PostgreSQL (filter and search p95 < ${TARGET_P95_MS} ms): ${met ? 'met' : 'missed'} (${target.map((s) => `${s.name} ${s.p95.toFixed(1)} ms`).join(', ')})`,
    );
    if (!report.cache.seconds) {
      const ok = target.every((s) => s.rps >= 600 && s.p95 <= 120);
      lines.push(
        `issue #13 target, cache off (filter and search ≥ 600 req/s each, p95 ≤ 120 ms): ${ok ? 'met' : 'missed'} (${target.map((s) => `${s.name} ${s.rps} req/s, p95 ${s.p95.toFixed(1)} ms`).join('; ')})`,
      );
    }
  }
  const suggest = report.scenarios.find((s) => s.name === 'suggest');
  if (suggest && report.connections === 1)
    lines.push(
      `issue #13 target (suggestions p95 ≤ 20 ms, one request at a time): ${suggest.p95 <= 20 ? 'met' : 'missed'} (p95 ${suggest.p95.toFixed(1)} ms)`,
    );
  const mix = report.scenarios.find((s) => s.name.startsWith('shop mix'));
  if (database.kind === 'postgres' && mix && report.cache.seconds) {
    lines.push(
      `issue #13 target, cache on (the Zipf shop mix p95 ≤ 30 ms): ${mix.p95 <= 30 ? 'met' : 'missed'} (${mix.rps} req/s, p95 ${mix.p95.toFixed(1)} ms, ${(mix.hitRatio * 100).toFixed(1)} % cache hits)`,
    );
  }
  console.log(lines.join('\n'));
}

/** Issue #3: filter and search p95 under 30 ms on PostgreSQL with 100 000 products, 50 connections. */
const TARGET_P95_MS = 30;

interface Report {
  database: { kind: 'pglite' | 'postgres'; version: string };
  products: { requested: number; seeded: number; total: number; active: number; searchTextRewritten: number };
  connections: number;
  duration: number;
  warmup: number;
  node: string;
  cpus: number;
  prepareSeconds: number;
  /** The server's CATALOG_CACHE_SECONDS (0: --no-cache). */
  cache: { seconds: number };
  /** Whether lists were chosen by the in-process catalog index (ADR 041) or by SQL. */
  catalogIndex: 'on' | 'off';
  /** Server processes (WEB_CONCURRENCY). */
  instances: number;
  scenarios: ScenarioResult[];
}

async function main() {
  let options: Options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    log((error as Error).message);
    process.exitCode = 2;
    return;
  }
  const cleanups: { name: string; run: () => Promise<void> }[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups.reverse()) {
        try {
          await step.run();
        } catch (error) {
          log(`cleanup (${step.name}) failed: ${(error as Error).message}`);
        }
      }
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  // Everything is bounded: preparation, server start, then each scenario plus slack.
  const budgetMs = (15 * 60 + (options.catalogIndex === 'both' ? 2 : 1) * (8 * 60 + 5 * (options.warmup + options.duration + 30))) * 1000;
  const watchdog = setTimeout(() => {
    log(`gave up after ${seconds(budgetMs)}`);
    void cleanup().finally(() => process.exit(1));
  }, budgetMs);

  // --data-dir: PGlite's catalog in a directory of the caller's, kept (a 100 000-product catalog
  // takes ~5 minutes to prepare on PGlite); the server's logs go to a temporary directory then.
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'talcioc-bench-api-'));
  const dataDir = options.dataDir ?? workDir;
  cleanups.push({
    name: 'temporary directory',
    run: async () => {
      if (options.keep && !options.databaseUrl && !options.dataDir) log(`kept the PGlite data directory ${workDir}`);
      else rmSync(workDir, { recursive: true, force: true });
    },
  });

  try {
    // 1. Database
    const started = performance.now();
    const kind = options.databaseUrl ? 'postgres' : 'pglite';
    // --reuse: a database this script prepared and kept (--keep), with the catalog size asked for,
    // is measured as it is — a 1 000 000-product catalog takes ~9 minutes to prepare.
    const reused =
      options.reuse && (options.databaseUrl ? await productsIn(options.databaseUrl) : await pgliteProductsIn(dataDir)) === options.products;
    if (!options.databaseUrl && options.dataDir && !reused && readdirSync(dataDir, { withFileTypes: true }).length)
      throw new Error(`--data-dir ${dataDir} is not empty and not reused: give an empty or new directory`);
    if (options.reuse)
      log(
        reused
          ? 'reusing the kept database as it is (--reuse)'
          : `--reuse: the database does not hold ${options.products} products; preparing it`,
      );
    if (options.databaseUrl) {
      if (!reused) {
        log(`wiping and migrating ${options.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}`);
        await wipePostgres(options.databaseUrl);
      }
      cleanups.push({
        name: 'benchmark database',
        run: async () => {
          if (options.keep) log('kept the prepared PostgreSQL database (--keep)');
          else await wipePostgres(options.databaseUrl!);
        },
      });
    } else log(`PGlite in ${dataDir}`);
    const { openDatabase } = await import('#server/db/client.ts');
    const { seedIfEmpty } = await import('#server/db/seed/index.ts');
    const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
    let data: PlanData;
    let fixed = 0;
    try {
      if (reused) data = await planData(handle.db);
      else {
        await seedIfEmpty(handle.db);
        const [{ n: seeded }] = (await rows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM products`)) as [{ n: number }];
        log(`seeded ${seeded} products; adding ${Math.max(0, options.products - seeded).toLocaleString('en')}`);
        const t0 = performance.now();
        const added = await synthesize(handle.db, options.products);
        fixed = added.fixedSearchText;
        log(`inserted in ${seconds(performance.now() - t0)} (search_text rows rewritten by refreshProductSearchText: ${fixed})`);
        // The seed's own change log (a row per inserted product): a server prunes it after ten
        // minutes, and a measurement that ran into that prune (a 1 000 000-row DELETE) measured it.
        await handle.db.execute(sql`DELETE FROM catalog_changes`);
        const t1 = performance.now();
        await handle.db.execute(sql`VACUUM ANALYZE`);
        log(`VACUUM ANALYZE in ${seconds(performance.now() - t1)}`);
        data = await planData(handle.db);
        data.seeded = seeded;
      }
    } finally {
      await handle.close();
    }
    const prepareSeconds = Math.round((performance.now() - started) / 100) / 10;

    // 2. Server (per variant: the catalog index off, then on, with --catalog-index both)
    const { readEnv } = await import('#server/env.ts');
    const cacheSeconds = options.cache ? readEnv({ CATALOG_CACHE_SECONDS: process.env.CATALOG_CACHE_SECONDS }).CATALOG_CACHE_SECONDS : 0;
    const variants = options.catalogIndex === 'both' ? (['off', 'on'] as const) : ([options.catalogIndex] as const);
    for (const variant of variants) {
      const port = await freePort();
      const serverLog = path.join(workDir, `server-${variant}.log`);
      const out = createWriteStream(serverLog);
      const profile = options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir] : [];
      const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/server.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: options.databaseUrl ?? '',
          DATA_DIR: dataDir,
          STATIC_DIR: path.join(workDir, 'no-static'),
          // The response micro-cache (ADR 045): the server's setting, or off with --no-cache.
          CATALOG_CACHE_SECONDS: String(cacheSeconds),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.pipe(out);
      server.stderr!.pipe(out);
      cleanups.push({ name: 'server', run: () => stopChild(server, 'the server') });
      log(`starting the server on 127.0.0.1:${port}`);
      try {
        await waitForHealth(port, server, 180_000);
        if (variant === 'on') await waitForCatalogIndex(port, 300_000, options.databaseUrl ? options.instances : 1);
      } catch (error) {
        log(`server output:\n${readFileSync(serverLog, 'utf8').slice(-4000)}`);
        throw error;
      }

      // 3. Load, from a second process
      const plan: WorkerPlan = {
        port,
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
        // Filtered after all are made: a scenario's requests are the same whichever others run.
        scenarios: scenarios(data).filter(
          (s) => s.name === 'health' || !options.only || options.only.some((name) => s.name.toLowerCase().startsWith(name)),
        ),
      };
      const sanity = new http.Agent({ keepAlive: false });
      for (const scenario of plan.scenarios) {
        const { status } = await request(sanity, port, scenario.paths[0]!);
        if (status !== 200) throw new Error(`${scenario.paths[0]} answered ${status}: refusing to benchmark errors`);
      }
      sanity.destroy();
      log(
        `load: ${plan.scenarios.map((s) => s.name).join(', ')}; ${options.warmup} s warm-up + ${options.duration} s each, ${options.connections} connections`,
      );
      const load = fork(SCRIPT, ['--worker'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      cleanups.push({ name: 'load worker', run: () => stopChild(load, 'the load worker') });
      const cpuAtStart = new Map<string, { server: number; database: number }>();
      const cpuUsed = new Map<string, { server: number; database: number }>();
      const results = await new Promise<ScenarioResult[]>((resolve, reject) => {
        load.on(
          'message',
          (message: { progress?: string; results?: ScenarioResult[]; measure?: { name: string; phase: 'start' | 'end' } }) => {
            if (message.measure) {
              const { name, phase } = message.measure;
              const now = { server: cpuMs([server.pid!, ...childrenOf(server.pid!)]), database: cpuMs(processesNamed('postgres')) };
              if (phase === 'start') cpuAtStart.set(name, now);
              else {
                const start = cpuAtStart.get(name)!;
                cpuUsed.set(name, { server: now.server - start.server, database: now.database - start.database });
              }
              load.send({ measured: true });
            }
            if (message.progress) log(`  ${message.progress} done`);
            if (message.results) resolve(message.results);
          },
        );
        load.once('exit', (code) => reject(new Error(`the load worker exited (${code}) without results`)));
        load.once('error', reject);
        load.send(plan);
      });
      const health = results.find((r) => r.name === 'health')!;
      for (const result of results) {
        result.p95VsHealth = Math.round((result.p95 / health.p95) * 10) / 10;
        const used = cpuUsed.get(result.name);
        if (used && result.requests) {
          result.serverCpuMsPerRequest = Math.round((used.server / result.requests) * 100) / 100;
          // Only meaningful when PostgreSQL runs on this machine (PGlite runs inside the server).
          result.databaseCpuMsPerRequest =
            kind === 'postgres' && used.database > 0 ? Math.round((used.database / result.requests) * 100) / 100 : undefined;
        }
      }
      if (server.exitCode !== null) throw new Error('the server stopped during the benchmark');

      const report: Report = {
        database: { kind, version: data.version },
        products: { requested: options.products, seeded: data.seeded, total: data.total, active: data.active, searchTextRewritten: fixed },
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
        node: process.version,
        cpus: os.cpus().length,
        prepareSeconds,
        cache: { seconds: cacheSeconds },
        catalogIndex: variant,
        instances: options.databaseUrl ? options.instances : 1,
        scenarios: results,
      };
      const serverWarnings = readFileSync(serverLog, 'utf8')
        .split('\n')
        .filter((l) => l.trim() && !l.includes('no built app found'));
      if (serverWarnings.length) log(`server logged ${serverWarnings.length} line(s), e.g.: ${serverWarnings[0]!.slice(0, 300)}`);
      if (options.json) console.log(JSON.stringify(report, null, 2));
      else printTable(report);
      // The next variant gets the machine to itself.
      await stopChild(load, 'the load worker');
      await stopChild(server, 'the server');
    }
  } catch (error) {
    log(`failed: ${(error as Error).stack ?? error}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
    clearTimeout(watchdog);
  }
}

// Run only when executed (the helpers above can be imported, e.g. to replay the request mixes).
if (process.argv[1] && path.resolve(process.argv[1]) === SCRIPT) {
  if (process.argv.includes('--worker')) await worker();
  else await main();
}
