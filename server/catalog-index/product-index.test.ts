/**
 * The catalog index's data structure on its own (ADR 041): random catalogs, random changes after
 * its orders were built (the "exceptions"), flash sales starting and ending, and random queries,
 * against a plain reference — filter everything, sort everything, slice — written from the SQL's
 * rules in repositories/catalog/. The database-level parity tests
 * (tests/api/catalog/catalog-index.test.ts) then check the same answers against PostgreSQL itself.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRODUCT_SORTS, type ProductSort } from '#contract/catalog-constants.ts';
import { ProductIndex, type IndexedProduct, type IndexedSale, type IndexPath, type IndexQuery, type LexemePlan } from './product-index.ts';
import { parseTsvector, WEIGHT_BITS } from '#server/lib/tsvector.ts';

describe('parseTsvector', () => {
  it('reads lexemes, positions and weights as PostgreSQL prints them (no letter: D)', () => {
    const lexemes = parseTsvector(`'geac':1A,7 'zara':2B 'it''s':3C 'piel':4,5A 'x'`);
    expect(Object.fromEntries(lexemes)).toEqual({
      geac: WEIGHT_BITS.A | WEIGHT_BITS.D,
      zara: WEIGHT_BITS.B,
      "it's": WEIGHT_BITS.C,
      piel: WEIGHT_BITS.D | WEIGHT_BITS.A,
      x: WEIGHT_BITS.D,
    });
  });

  it("reads back any vector in PostgreSQL's text form: quotes, backslashes, several positions and weights", () => {
    const letters = ['A', 'B', 'C', 'D', ''] as const;
    const bit = (letter: (typeof letters)[number]) => (letter === '' ? WEIGHT_BITS.D : WEIGHT_BITS[letter]);
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.string({ unit: fc.constantFrom('a', 'ă', 'ș', "'", '\\', ':', ',', '1', 'A', ' '), minLength: 1, maxLength: 6 }),
          { maxLength: 8 },
        ),
        fc.array(fc.array(fc.tuple(fc.integer({ min: 1, max: 16383 }), fc.constantFrom(...letters)), { maxLength: 4 }), {
          minLength: 8,
          maxLength: 8,
        }),
        (words, positions) => {
          const text = words
            .map((word, w) => {
              const quoted = `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
              const at = positions[w]!;
              return at.length ? `${quoted}:${at.map(([p, letter]) => `${p}${letter}`).join(',')}` : quoted;
            })
            .join(' ');
          const expected = Object.fromEntries(
            words.map((word, w) => [
              word,
              positions[w]!.length ? positions[w]!.reduce((mask, [, letter]) => mask | bit(letter), 0) : WEIGHT_BITS.D,
            ]),
          );
          expect(Object.fromEntries(parseTsvector(text)), text).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

const LEXEMES = ['geac', 'roch', 'zara', 'nik', 'piel', 'sport', 'pantof', 'cart'];

const productArb = (id: number): fc.Arbitrary<IndexedProduct> =>
  fc.record({
    id: fc.constant(id),
    categoryId: fc.integer({ min: 1, max: 4 }),
    shopId: fc.integer({ min: 1, max: 3 }),
    seasonId: fc.option(fc.integer({ min: 10, max: 12 }), { nil: null }),
    qualityId: fc.option(fc.integer({ min: 20, max: 22 }), { nil: null }),
    condition: fc.integer({ min: 0, max: 4 }),
    quantity: fc.integer({ min: 0, max: 3 }),
    totalSold: fc.integer({ min: 0, max: 4 }),
    // Few distinct times and prices: ties are common, as the tie-breaks must be right.
    createdUs: fc.integer({ min: 0, max: 5 }).map((t) => 1_700_000_000_000_000 + t * 1_000_000),
    priceCents: fc.integer({ min: 1, max: 8 }).map((p) => p * 500),
    sizes: fc.uniqueArray(fc.integer({ min: 30, max: 33 }), { maxLength: 2 }),
    colors: fc.uniqueArray(fc.integer({ min: 40, max: 43 }), { maxLength: 2 }),
    lexemes: fc
      .uniqueArray(fc.tuple(fc.constantFrom(...LEXEMES), fc.integer({ min: 1, max: 15 })), { maxLength: 4, selector: ([l]) => l })
      .map((pairs) => new Map(pairs)),
  });

const queryArb: fc.Arbitrary<Omit<IndexQuery, 'nowUs' | 'cap'>> = fc.record({
  filters: fc.record(
    {
      category: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
      shop: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
      season: fc.uniqueArray(fc.integer({ min: 10, max: 12 }), { minLength: 1, maxLength: 2 }),
      quality: fc.uniqueArray(fc.integer({ min: 20, max: 22 }), { minLength: 1, maxLength: 2 }),
      condition: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 2 }),
      size: fc.uniqueArray(fc.integer({ min: 30, max: 33 }), { minLength: 1, maxLength: 2 }),
      color: fc.uniqueArray(fc.integer({ min: 40, max: 43 }), { minLength: 1, maxLength: 2 }),
      inStock: fc.boolean(),
      // Often exactly a price (ties at the bounds of a price walk's range), sometimes between.
      minCents: fc.oneof(
        fc.integer({ min: 0, max: 8 }).map((p) => p * 500),
        fc.integer({ min: 0, max: 4000 }),
      ),
      maxCents: fc.oneof(
        fc.integer({ min: 2, max: 10 }).map((p) => p * 500),
        fc.integer({ min: 1000, max: 5000 }),
      ),
    },
    { requiredKeys: [] },
  ),
  search: fc.option(
    fc.array(fc.array(fc.array(fc.constantFrom(...LEXEMES, 'nimic'), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }), {
      maxLength: 2,
    }),
    { nil: undefined },
  ),
  sort: fc.constantFrom(...PRODUCT_SORTS),
  offset: fc.constantFrom(0, 0, 3, 10),
  limit: fc.constantFrom(1, 5, 24),
});

/** The SQL's answer, the slow way. */
function reference(products: Map<number, IndexedProduct>, sales: IndexedSale[], q: IndexQuery) {
  const price = (p: IndexedProduct) => {
    const running = sales
      .filter((s) => s.productId === p.id && s.startsUs <= q.nowUs && q.nowUs < s.endsUs)
      .sort((a, b) => a.saleCents - b.saleCents || a.endsUs - b.endsUs)[0];
    return running && running.saleCents > 0 ? running.saleCents : p.priceCents;
  };
  const mask = (p: IndexedProduct, lexeme: string) => p.lexemes.get(lexeme) ?? 0;
  const group = (p: IndexedProduct, g: string[][], weights: number) => g.some((alt) => alt.every((l) => (mask(p, l) & weights) !== 0));
  const f = q.filters;
  const search = q.search;
  const matches = [...products.values()].filter(
    (p) =>
      (!f.category || f.category.includes(p.categoryId)) &&
      (!f.shop || f.shop.includes(p.shopId)) &&
      (!f.season || (p.seasonId !== null && f.season.includes(p.seasonId))) &&
      (!f.quality || (p.qualityId !== null && f.quality.includes(p.qualityId))) &&
      (!f.condition || f.condition.includes(p.condition)) &&
      (!f.size || p.sizes.some((s) => f.size!.includes(s))) &&
      (!f.color || p.colors.some((c) => f.color!.includes(c))) &&
      (!f.inStock || p.quantity > 0) &&
      (f.minCents === undefined || price(p) >= f.minCents) &&
      (f.maxCents === undefined || price(p) <= f.maxCents) &&
      (!search || (search.length > 0 && search.every((g) => group(p, g, 15)))),
  );
  const rank = (p: IndexedProduct) =>
    (search!.some((g) => group(p, g, 4)) ? 4 : 0) +
    (search!.every((g) => group(p, g, 8)) ? 2 : search!.every((g) => group(p, g, 14)) ? 1 : 0);
  const newest = (a: IndexedProduct, b: IndexedProduct) => b.createdUs - a.createdUs || b.id - a.id;
  const orders: Record<ProductSort, (a: IndexedProduct, b: IndexedProduct) => number> = {
    newest,
    most_sold: (a, b) => b.totalSold - a.totalSold || newest(a, b),
    price_asc: (a, b) => price(a) - price(b) || newest(a, b),
    price_desc: (a, b) => price(b) - price(a) || newest(a, b),
    relevance: search ? (a, b) => rank(b) - rank(a) || Number(b.quantity > 0) - Number(a.quantity > 0) || newest(a, b) : newest,
  };
  const sorted = matches.sort(orders[q.sort]);
  return { ids: sorted.slice(q.offset, q.offset + q.limit).map((p) => p.id), total: Math.min(sorted.length, q.cap + 1) };
}

const HOUR = 3_600_000_000;

/** A product's words as a seller's edit leaves them: one word gone, reweighted or added (or none). */
function editedWords(lexemes: ReadonlyMap<string, number>, seed: number): ReadonlyMap<string, number> {
  if (seed % 4 === 0) return lexemes;
  const edited = new Map(lexemes);
  const lexeme = LEXEMES[seed % LEXEMES.length]!;
  if (edited.has(lexeme) && seed % 3 === 0) edited.delete(lexeme);
  else edited.set(lexeme, 1 + (seed % 15));
  return edited;
}

/** A plain product (category 1, shop 1, one in stock, 1 leu, no words) with what a test sets. */
const plainProduct = (fields: Partial<IndexedProduct> & Pick<IndexedProduct, 'id'>): IndexedProduct => ({
  categoryId: 1,
  shopId: 1,
  seasonId: null,
  qualityId: null,
  condition: 2,
  quantity: 1,
  totalSold: 0,
  createdUs: fields.id,
  priceCents: 100,
  sizes: [],
  colors: [],
  lexemes: new Map(),
  ...fields,
});

/** A product that differs from the others only by its words (and, as its id, its creation time). */
const productWithWords = (id: number, lexemes: [string, number][]): IndexedProduct => plainProduct({ id, lexemes: new Map(lexemes) });

describe('ProductIndex answers as the reference does', () => {
  it('random catalogs, changes after the orders were built, sales starting and ending, random queries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 60 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => productArb(i + 1)))),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 0, max: 1000 })), { maxLength: 12 }),
        fc.array(
          fc.record({
            productId: fc.integer({ min: 1, max: 60 }),
            saleCents: fc.constantFrom(0, 100, 700, 2500),
            startsUs: fc.integer({ min: -3, max: 2 }),
            endsUs: fc.integer({ min: -1, max: 4 }),
          }),
          { maxLength: 8 },
        ),
        fc.array(queryArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 3, 1000),
        // How a filtered list is answered: as the index chooses (a filter walks its values' lists
        // in the order), or always by candidates, or always by a walk of the whole order — the
        // same answers.
        fc.constantFrom<IndexPath>('measured', 'candidates', 'walk', 'bitmap-positions', 'bitmap-walk'),
        // Loaded in creation order, as a server loads (index-source.ts): a ranked search may then
        // stop early; changes afterwards add products out of that order and move creation times.
        fc.boolean(),
        (initial, changes, saleShapes, queries, cap, path, creationOrder) => {
          const now = 1_800_000_000_000_000;
          const sales: IndexedSale[] = saleShapes
            .filter((s) => s.endsUs > s.startsUs)
            .map((s) => ({
              productId: s.productId,
              saleCents: s.saleCents,
              startsUs: now + s.startsUs * HOUR,
              endsUs: now + s.endsUs * HOUR,
            }));
          const products = new Map(initial.map((p) => [p.id, p]));
          const index = new ProductIndex(path);
          index.upsert(creationOrder ? [...initial].sort((a, b) => a.createdUs - b.createdUs || a.id - b.id) : initial);
          index.setSales(sales);
          // Queries build the walk orders, then products change (exceptions), then more queries,
          // at times on either side of sale boundaries.
          const ask = (q: (typeof queries)[number], nowUs: number) => {
            const query: IndexQuery = { ...q, cap, nowUs };
            expect(index.query(query), JSON.stringify(query)).toEqual(reference(products, sales, query));
          };
          for (const q of queries) ask(q, now);
          for (const [id, seed] of changes) {
            if (seed % 5 === 0) {
              index.remove([id]);
              products.delete(id);
            } else {
              const old = products.get(id) ?? initial[seed % initial.length]!;
              // Sometimes one filter value alone changes (its place in the orders stays): the
              // orders' per-value lists then hold the product under its old value until rebuilt.
              const value = seed >> 3;
              const valueChange: Partial<IndexedProduct>[] = [
                { categoryId: 1 + (value % 4) },
                { shopId: 1 + (value % 3) },
                { seasonId: value % 4 === 3 ? null : 10 + (value % 3) },
                { qualityId: value % 4 === 3 ? null : 20 + (value % 3) },
                { sizes: value % 5 === 4 ? [] : [30 + (value % 4)] },
                { colors: [...new Set([40 + (value % 4), 40 + ((value >> 2) % 4)])] },
              ];
              const changed =
                seed % 4 === 1
                  ? { ...old, id, ...valueChange[(seed >> 2) % 6] }
                  : {
                      ...old,
                      id,
                      quantity: seed % 3,
                      totalSold: seed % 7,
                      priceCents: 500 * (1 + (seed % 6)),
                      createdUs: old.createdUs + (seed % 2) * 1_000_000,
                      lexemes: editedWords(old.lexemes, seed),
                    };
              index.upsert([changed]);
              products.set(id, changed);
            }
          }
          for (const q of queries) ask(q, now);
          for (const q of queries) ask(q, now + 2 * HOUR + 1);
          index.rebuildOrders();
          for (const q of queries) ask(q, now + 5 * HOUR);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a search by relevance stops reading its matches once the page cannot change, with the same answers (loaded in creation order; products added out of order and creation times moved afterwards)', () => {
    // Each word has one weight everywhere, as a shop's name or a brand has: a broad search's
    // matches then share a bucket, and its page is known after a page's worth of them.
    const weightOf: Record<string, number> = {
      geac: WEIGHT_BITS.A,
      roch: WEIGHT_BITS.A,
      zara: WEIGHT_BITS.B,
      nik: WEIGHT_BITS.B,
      piel: WEIGHT_BITS.C,
      sport: WEIGHT_BITS.C | WEIGHT_BITS.D,
      pantof: WEIGHT_BITS.D,
      cart: WEIGHT_BITS.D,
    };
    const wordsArb = fc.uniqueArray(fc.constantFrom(...LEXEMES), { minLength: 1, maxLength: 3 });
    const productOf = (id: number) =>
      fc.tuple(productArb(id), wordsArb).map(([p, words]) => ({ ...p, lexemes: new Map(words.map((w) => [w, weightOf[w]!])) }));
    const rankedArb = fc.record({
      filters: fc.record({ inStock: fc.boolean(), shop: fc.constant([1, 2]) }, { requiredKeys: [] }),
      search: fc.array(fc.array(fc.array(fc.constantFrom(...LEXEMES), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }), {
        minLength: 1,
        maxLength: 2,
      }),
      sort: fc.constant('relevance' as ProductSort),
      offset: fc.constantFrom(0, 0, 3),
      limit: fc.constantFrom(1, 5),
    });
    let stoppedEarly = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 120 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => productOf(i + 1)))),
        fc.array(fc.integer({ min: 1, max: 140 }), { maxLength: 10 }),
        fc.array(rankedArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 3, 1000),
        (initial, changed, queries, cap) => {
          const products = new Map(initial.map((p) => [p.id, p]));
          const index = new ProductIndex();
          index.upsert([...initial].sort((a, b) => a.createdUs - b.createdUs || a.id - b.id));
          const ask = (q: (typeof queries)[number]) => {
            const query: IndexQuery = { ...q, cap, nowUs: 0 };
            const answer = index.query(query);
            expect(answer, JSON.stringify(query)).toEqual(reference(products, [], query));
            if (index.lastRankedReads < index.lastFoundMatches) stoppedEarly++;
          };
          queries.forEach(ask);
          // New products (ids above the catalog's) get any creation time, existing ones a new one.
          for (const [k, id] of changed.entries()) {
            const old = products.get(id) ?? initial[k % initial.length]!;
            const next = { ...old, id, createdUs: 1_700_000_000_000_000 + (k % 6) * 1_000_000 };
            products.set(id, next);
            index.upsert([next]);
          }
          queries.forEach(ask);
        },
      ),
      { numRuns: 300 },
    );
    // The early stop really happens (else this test would prove nothing about it).
    expect(stoppedEarly).toBeGreaterThan(50);
  });

  it('newest first, a list stops reading once its page cannot change, with the same answers (filters by candidates, searches by their matches; products added out of order, moved to other values and times afterwards)', () => {
    const newestArb = fc.record({
      filters: fc.record(
        {
          category: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
          size: fc.uniqueArray(fc.integer({ min: 30, max: 33 }), { minLength: 1, maxLength: 2 }),
          inStock: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      search: fc.option(fc.constantFrom<LexemePlan>([[['geac']]], [[['roch'], ['zara']]], [[['piel']], [['sport']]]), { nil: undefined }),
      sort: fc.constant('newest' as ProductSort),
      offset: fc.constantFrom(0, 0, 3),
      limit: fc.constantFrom(1, 5),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 120 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => productArb(i + 1)))),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 140 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 4 })), {
          maxLength: 10,
        }),
        fc.array(newestArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 3, 1000),
        fc.constantFrom<IndexPath>('candidates', 'measured', 'bitmap-positions'),
        (initial, changed, queries, cap, path) => {
          const products = new Map(initial.map((p) => [p.id, p]));
          const index = new ProductIndex(path);
          index.upsert([...initial].sort((a, b) => a.createdUs - b.createdUs || a.id - b.id));
          const ask = (q: (typeof queries)[number]) => {
            const query: IndexQuery = { ...q, cap, nowUs: 0 };
            expect(index.query(query), JSON.stringify(query)).toEqual(reference(products, [], query));
          };
          queries.forEach(ask);
          // New products (ids above the catalog's) at any time; existing ones moved to another
          // time and category (their category's list then holds them out of slot order).
          for (const [k, [id, time, category]] of changed.entries()) {
            const old = products.get(id) ?? initial[k % initial.length]!;
            const next = { ...old, id, categoryId: category, createdUs: 1_700_000_000_000_000 + time * 1_000_000 };
            products.set(id, next);
            index.upsert([next]);
          }
          queries.forEach(ask);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a product's words edited after it was indexed: a removed word no longer finds it, a reweighted one ranks by its new weight", () => {
    const index = new ProductIndex();
    const product = productWithWords;
    index.upsert([
      product(1, [['geac', 8]]),
      product(2, [
        ['geac', 1],
        ['roch', 8],
      ]),
    ]);
    const find = (word: string) =>
      index.query({ filters: {}, search: [[[word]]], sort: 'relevance', offset: 0, limit: 24, cap: 1000, nowUs: 0 });
    expect(find('geac')).toEqual({ ids: [1, 2], total: 2 }); // in the name first
    index.upsert([
      product(1, [['geac', 1]]),
      product(2, [
        ['geac', 8],
        ['roch', 8],
      ]),
    ]);
    expect(find('geac')).toEqual({ ids: [2, 1], total: 2 });
    index.upsert([product(2, [['roch', 8]])]);
    expect(find('geac')).toEqual({ ids: [1], total: 1 });
    index.upsert([
      product(2, [
        ['roch', 8],
        ['geac', 4],
      ]),
    ]);
    expect(find('geac')).toEqual({ ids: [2, 1], total: 2 }); // the brand first
  });

  it("words edited meet a search of several words: a lost word's stale entry in a larger list, a gained word's entry out of order", () => {
    const product = productWithWords;
    for (const sort of ['relevance', 'newest', 'price_asc'] as const) {
      for (const path of ['measured', 'candidates', 'walk'] as const) {
        const index = new ProductIndex(path);
        // Ten jackets; 1 and 5 also say "rochie" (the rarer word: its list is read, the jackets'
        // galloped along), 7 "jachetă".
        const words = (i: number): [string, number][] =>
          i === 1 || i === 5
            ? [
                ['geac', 8],
                ['roch', 8],
              ]
            : i === 7
              ? [
                  ['geac', 1],
                  ['jachet', 1],
                ]
              : [['geac', 1]];
        index.upsert(Array.from({ length: 10 }, (_, i) => product(i + 1, words(i + 1))));
        const ask = (search: LexemePlan) => index.query({ filters: {}, search, sort, offset: 0, limit: 24, cap: 1000, nowUs: 0 });
        const dressesAndJackets: LexemePlan = [[['roch']], [['geac']]];
        const dresses: LexemePlan = [[['roch'], ['jachet']]];
        expect(ask(dressesAndJackets), `${sort} ${path}`).toEqual({ ids: [5, 1], total: 2 });
        // 5 is no longer a jacket (its entry stays in the jackets' list); 3 gains "rochie" and
        // "jachetă" (each appended after a later product's entry: both lists out of order).
        index.upsert([
          product(5, [['roch', 8]]),
          product(3, [
            ['geac', 1],
            ['roch', 1],
            ['jachet', 1],
          ]),
        ]);
        expect(ask(dressesAndJackets), `${sort} ${path}, edited`).toEqual({ ids: sort === 'relevance' ? [1, 3] : [3, 1], total: 2 });
        // Synonyms: 3 is in both lists, still one match.
        expect(ask(dresses), `${sort} ${path}, synonyms`).toEqual({ ids: sort === 'relevance' ? [5, 1, 7, 3] : [7, 5, 3, 1], total: 4 });
        index.rebuildOrders();
        expect(ask(dressesAndJackets), `${sort} ${path}, orders rebuilt`).toEqual({
          ids: sort === 'relevance' ? [1, 3] : [3, 1],
          total: 2,
        });
      }
    }
  });

  it('by relevance: rank, then in stock, then newest — across pages, and after stock changes', () => {
    const index = new ProductIndex();
    const product = (id: number, mask: number, quantity: number): IndexedProduct =>
      plainProduct({ id, quantity, createdUs: id % 7, lexemes: new Map([['geac', mask]]) });
    // 40 products: every third in the name (mask 8), every fifth sold out; created times repeat (ties by id).
    const products = Array.from({ length: 40 }, (_, i) => product(i + 1, (i + 1) % 3 === 0 ? 8 : 1, (i + 1) % 5 === 0 ? 0 : 2));
    index.upsert(products);
    const expected = (list: IndexedProduct[]) =>
      [...list]
        .sort(
          (a, b) =>
            Number(b.lexemes.get('geac') === 8) - Number(a.lexemes.get('geac') === 8) ||
            Number(b.quantity > 0) - Number(a.quantity > 0) ||
            b.createdUs - a.createdUs ||
            b.id - a.id,
        )
        .map((p) => p.id);
    const page = (offset: number, limit: number) =>
      index.query({ filters: {}, search: [[['geac']]], sort: 'relevance', offset, limit, cap: 1000, nowUs: 0 });
    for (const [offset, limit] of [
      [0, 5],
      [5, 5],
      [10, 20],
      [35, 10],
      [0, 0],
    ] as const) {
      expect(page(offset, limit)).toEqual({ ids: expected(products).slice(offset, offset + limit), total: 40 });
    }
    // Product 3 (in the name) sells out; product 5 (sold out) is restocked.
    const changed = products.map((p) => (p.id === 3 ? { ...p, quantity: 0 } : p.id === 5 ? { ...p, quantity: 1 } : p));
    index.upsert(changed.filter((p) => p.id === 3 || p.id === 5));
    expect(page(0, 40).ids).toEqual(expected(changed));
    expect(index.query({ filters: {}, search: [[['geac']]], sort: 'relevance', offset: 0, limit: 3, cap: 10, nowUs: 0 }).total).toBe(11);
  });

  it('a group of synonyms ranks a product by the best of its words; a second word is looked up in the same product', () => {
    const index = new ProductIndex();
    const product = productWithWords;
    // 1: "geacă" in the name, its synonym in the description; 2 (newer): only the synonym, in the description.
    index.upsert([
      product(1, [
        ['geac', 8],
        ['jachet', 1],
        ['piel', 1],
      ]),
      product(2, [
        ['jachet', 1],
        ['piel', 8],
      ]),
      product(3, [['piel', 8]]),
    ]);
    const ask = (search: LexemePlan) => index.query({ filters: {}, search, sort: 'relevance', offset: 0, limit: 24, cap: 1000, nowUs: 0 });
    expect(ask([[['geac'], ['jachet']]])).toEqual({ ids: [1, 2], total: 2 });
    expect(ask([[['jachet'], ['geac']]])).toEqual({ ids: [1, 2], total: 2 });
    // Two groups: both must be there; 2 has "piele" in the name but not the jacket in it.
    expect(ask([[['geac'], ['jachet']], [['piel']]])).toEqual({ ids: [2, 1], total: 2 });
    expect(ask([[['geac', 'piel']]])).toEqual({ ids: [1], total: 1 });
  });

  it('two searched words: one of them the brand ranks a product first, though the other is only in its description', () => {
    const product = productWithWords;
    const index = new ProductIndex();
    // 1: "zara" is its brand (weight B), "piele" in the description; 2 and 3 (newer): both words in the description.
    index.upsert([
      product(1, [
        ['zara', 4],
        ['piel', 1],
      ]),
      product(2, [
        ['zara', 1],
        ['piel', 1],
      ]),
      product(3, [
        ['zara', 1],
        ['piel', 1],
      ]),
    ]);
    const ask = (search: LexemePlan) => index.query({ filters: {}, search, sort: 'relevance', offset: 0, limit: 24, cap: 1000, nowUs: 0 });
    expect(ask([[['zara']], [['piel']]])).toEqual({ ids: [1, 3, 2], total: 3 });
    expect(ask([[['piel']], [['zara']]])).toEqual({ ids: [1, 3, 2], total: 3 });
  });

  it('an empty search plan (only stop words) and a word no product has find nothing', () => {
    const index = new ProductIndex();
    index.upsert([productWithWords(1, [['geac', 8]])]);
    const base = { filters: {}, sort: 'relevance' as const, offset: 0, limit: 24, cap: 1000, nowUs: 0 };
    const plan = (p: LexemePlan) => index.query({ ...base, search: p });
    expect(plan([])).toEqual({ ids: [], total: 0 });
    expect(plan([[['nimic']]])).toEqual({ ids: [], total: 0 });
    expect(plan([[['nimic'], ['geac']]])).toEqual({ ids: [1], total: 1 });
  });
});

describe('a filter value changed after the orders were built', () => {
  it.each([
    ['color', { colors: [41] }, { color: [41] }, { color: [40] }],
    ['size', { sizes: [31] }, { size: [31] }, { size: [30] }],
    ['category', { categoryId: 2 }, { category: [2] }, { category: [1] }],
    ['season', { seasonId: 11 }, { season: [11] }, { season: [10] }],
  ] as const)('finds the product under its new %s only, in every order, before and after a rebuild', (_, change, now, before) => {
    const index = new ProductIndex();
    const products = [1, 2, 3].map((id) => plainProduct({ id, colors: [40], sizes: [30], seasonId: 10 }));
    index.upsert(products);
    const ask = (filters: IndexQuery['filters'], sort: ProductSort) =>
      index.query({ filters, sort, offset: 0, limit: 24, cap: 1000, nowUs: 0 }).ids;
    for (const sort of ['newest', 'most_sold', 'price_asc', 'price_desc'] as const) ask(before, sort); // builds the orders
    index.upsert([{ ...products[1]!, ...change }]);
    for (let round = 0; round < 2; round++) {
      for (const sort of ['newest', 'most_sold', 'price_asc', 'price_desc'] as const) {
        expect(ask(now, sort)).toEqual([2]);
        expect(ask(before, sort)).toEqual([3, 1]);
      }
      index.rebuildOrders();
    }
  });
});

describe('a price range on a price order', () => {
  // Prices 5, 10, 10, 15, 20, 20, 25 lei; product 8 (10 lei) is on sale at 20 lei, product 9 was
  // added after the orders were built (15 lei): both are exceptions of a price walk.
  const products: IndexedProduct[] = [500, 1000, 1000, 1500, 2000, 2000, 2500, 1000].map((priceCents, i) =>
    plainProduct({ id: i + 1, priceCents, createdUs: 1_000 + i }),
  );
  const now = 5_000;
  const sales: IndexedSale[] = [{ productId: 8, saleCents: 2000, startsUs: 0, endsUs: 10_000 }];

  it.each(['measured', 'candidates', 'walk'] as const)(
    'keeps the products priced exactly at either bound, on sale or changed since (%s)',
    (path) => {
      const index = new ProductIndex(path);
      index.upsert(products);
      index.setSales(sales);
      const ask = (sort: 'price_asc' | 'price_desc', minCents?: number, maxCents?: number, category?: number[]) =>
        index.query({ filters: { minCents, maxCents, category }, sort, offset: 0, limit: 24, cap: 1000, nowUs: now }).ids;
      ask('price_asc'); // builds the orders
      ask('price_desc');
      index.upsert([plainProduct({ id: 9, priceCents: 1500, createdUs: 2_000 })]);
      // Ties by price: newest first.
      expect(ask('price_asc', 1000, 2000)).toEqual([3, 2, 9, 4, 8, 6, 5]);
      expect(ask('price_desc', 1000, 2000)).toEqual([8, 6, 5, 9, 4, 3, 2]);
      expect(ask('price_asc', 1000, 2000, [1])).toEqual([3, 2, 9, 4, 8, 6, 5]);
      expect(ask('price_asc', 2000)).toEqual([8, 6, 5, 7]);
      expect(ask('price_desc', undefined, 1000)).toEqual([3, 2, 1]);
      expect(ask('price_asc', 2600)).toEqual([]);
    },
  );
});

describe('filters of many candidates, and searches of many matches, answered from bitmaps', () => {
  // One or two filters (so that matches outnumber small caps), no words: the bitmaps' ways —
  // every match when they are few, newest first from the top word down, or a walk that stops at
  // the page's end once the count is known — against the reference, before and after changes
  // (values moved, products removed and re-listed, stock emptied), sales and a rebuild.
  // One attribute's values (or in stock alone), and often a price range.
  const filterArb: fc.Arbitrary<IndexQuery['filters']> = fc
    .tuple(
      fc.oneof(
        fc.record({ category: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }) }),
        fc.record({ shop: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }) }),
        fc.record({ season: fc.uniqueArray(fc.integer({ min: 10, max: 12 }), { minLength: 1, maxLength: 2 }) }),
        fc.record({ size: fc.uniqueArray(fc.integer({ min: 30, max: 33 }), { minLength: 1, maxLength: 2 }) }),
        fc.record({ color: fc.uniqueArray(fc.integer({ min: 40, max: 43 }), { minLength: 1, maxLength: 2 }) }),
        fc.record({ inStock: fc.constant(true) }),
      ),
      fc.boolean(),
      fc.option(
        fc.record(
          {
            minCents: fc.integer({ min: 0, max: 8 }).map((p) => p * 500),
            maxCents: fc.integer({ min: 2, max: 10 }).map((p) => p * 500),
          },
          { requiredKeys: [] },
        ),
        { nil: undefined },
      ),
    )
    .map(([values, inStock, price]) => ({ ...values, ...(inStock ? { inStock } : {}), ...price }));
  const filterQueryArb: fc.Arbitrary<Omit<IndexQuery, 'nowUs' | 'cap'>> = fc.record({
    filters: filterArb,
    sort: fc.constantFrom(...PRODUCT_SORTS),
    offset: fc.constantFrom(0, 2, 7),
    limit: fc.constantFrom(0, 1, 3, 24),
  });
  // A word or two (synonyms, or both required) in a price or best-selling order, mostly with no
  // filter: the search's matches then come first, and more than a small cap walk the order by a
  // bitmap of them.
  const searchQueryArb: fc.Arbitrary<Omit<IndexQuery, 'nowUs' | 'cap'>> = fc.record({
    filters: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: filterArb }),
    search: fc.oneof(
      fc.constantFrom(...LEXEMES).map((l) => [[[l]]]),
      fc.tuple(fc.constantFrom(...LEXEMES), fc.constantFrom(...LEXEMES)).map(([a, b]) => [[[a], [b]]]),
      fc.tuple(fc.constantFrom(...LEXEMES), fc.constantFrom(...LEXEMES)).map(([a, b]) => [[[a]], [[b]]]),
    ),
    sort: fc.constantFrom('most_sold' as const, 'price_asc' as const, 'price_desc' as const),
    offset: fc.constantFrom(0, 2, 7),
    limit: fc.constantFrom(0, 1, 3, 24),
  });

  it.each([
    ['filters', filterQueryArb],
    ['searches in a walked order', searchQueryArb],
  ] as const)('%s: the reference answers by every way, however the catalog changes', (_, queryArb) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 150 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => productArb(i + 1)))),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 170 }), fc.integer({ min: 0, max: 1000 })), { maxLength: 20 }),
        fc.array(queryArb, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0, 3, 10),
        fc.constantFrom<IndexPath>('measured', 'bitmap-positions', 'bitmap-walk'),
        fc.boolean(),
        (initial, changes, queries, cap, path, onSale) => {
          const now = 1_800_000_000_000_000;
          const sales: IndexedSale[] = onSale
            ? initial
                .filter((p) => p.id % 4 === 0)
                .map((p) => ({ productId: p.id, saleCents: 1500, startsUs: now - HOUR, endsUs: now + HOUR }))
            : [];
          const products = new Map(initial.map((p) => [p.id, p]));
          const index = new ProductIndex(path);
          index.upsert(initial);
          index.setSales(sales);
          const ask = (nowUs: number) => {
            for (const q of queries) {
              const query: IndexQuery = { ...q, cap, nowUs };
              expect(index.query(query), JSON.stringify(query)).toEqual(reference(products, sales, query));
            }
          };
          ask(now);
          for (const [id, seed] of changes) {
            if (seed % 6 === 0) {
              index.remove([id]);
              products.delete(id);
              continue;
            }
            const old = products.get(id) ?? initial[seed % initial.length]!;
            const value = seed >> 3;
            const changed: IndexedProduct = {
              ...old,
              id,
              categoryId: seed % 3 === 0 ? 1 + (value % 4) : old.categoryId,
              shopId: seed % 3 === 1 ? 1 + (value % 3) : old.shopId,
              sizes: seed % 5 === 2 ? [30 + (value % 4)] : old.sizes,
              colors: seed % 5 === 3 ? [] : old.colors,
              quantity: seed % 7 === 0 ? 0 : old.quantity,
              priceCents: seed % 2 ? 500 * (1 + (value % 8)) : old.priceCents,
              // A word lost, reweighted or gained: a word's bitmap keeps a lost word's bit.
              lexemes: seed % 4 === 1 ? editedWords(old.lexemes, seed >> 2) : old.lexemes,
            };
            index.upsert([changed]);
            products.set(id, changed);
          }
          ask(now);
          ask(now + 2 * HOUR);
          index.rebuildOrders();
          ask(now + 2 * HOUR);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a rare value among the filters answered from bitmaps', () => {
  it('gets a bitmap for the query only, from its list (stale entries checked), and two of them in one query do not share one', () => {
    // 400 products of size 30 and colour 40; two of size 39, two of colour 45 (rarer than 1/128 of the catalog).
    const products = new Map(
      Array.from({ length: 400 }, (_, i) => {
        const id = i + 1;
        return [id, plainProduct({ id, sizes: id === 7 || id === 300 ? [30, 39] : [30], colors: id === 7 || id === 12 ? [45] : [40] })];
      }),
    );
    for (const path of ['bitmap-positions', 'bitmap-walk', 'measured'] as const) {
      const index = new ProductIndex(path);
      index.upsert([...products.values()]);
      const check = (filters: IndexQuery['filters']) => {
        for (const sort of PRODUCT_SORTS) {
          const query: IndexQuery = { filters, sort, offset: 0, limit: 24, cap: 1000, nowUs: 0 };
          expect(index.query(query), `${path} ${JSON.stringify(query)}`).toEqual(reference(products, [], query));
        }
      };
      check({ size: [39], color: [45] });
      check({ size: [30, 39], color: [40, 45] });
      check({ size: [39] });
      // Product 7 leaves size 39 (its entry stays in the value's list) and colour 45.
      const moved = { ...products.get(7)!, sizes: [30], colors: [40] };
      index.upsert([moved]);
      products.set(7, moved);
      check({ size: [39], color: [45] });
      check({ size: [39] });
      check({ color: [45], inStock: true });
      expect(index.query({ filters: { size: [39] }, sort: 'newest', offset: 0, limit: 24, cap: 1000, nowUs: 0 }).ids).toEqual([300]);
    }
  });
});

describe('a search of common words answered from their bitmaps', () => {
  it('leaves out a product that lost the word in an edit (its bit stays), and finds one that gained it', () => {
    // 40 products say "cart" (a common word: it has a bitmap), at prices 1..40 lei.
    const products = new Map(
      Array.from({ length: 40 }, (_, i) => {
        const id = i + 1;
        return [id, plainProduct({ id, priceCents: 100 * id, lexemes: new Map([['cart', 1]]) })];
      }),
    );
    for (const path of ['bitmap-walk', 'bitmap-positions', 'measured'] as const) {
      const index = new ProductIndex(path);
      const catalog = new Map(products);
      index.upsert([...catalog.values()]);
      const ask = (sort: 'price_asc' | 'price_desc' | 'most_sold') => {
        const query: IndexQuery = { filters: {}, search: [[['cart']]], sort, offset: 0, limit: 24, cap: 3, nowUs: 0 };
        const answer = index.query(query);
        expect(answer, `${path} ${sort}`).toEqual(reference(catalog, [], query));
        return answer.ids;
      };
      expect(ask('price_asc').slice(0, 3)).toEqual([1, 2, 3]);
      // The cheapest loses the word; a new product, cheaper still, gains it in an edit.
      for (const edited of [
        { ...products.get(1)!, lexemes: new Map([['roch', 1]]) },
        plainProduct({ id: 41, priceCents: 50, lexemes: new Map([['roch', 1]]) }),
      ]) {
        index.upsert([edited]);
        catalog.set(edited.id, edited);
      }
      const gained = { ...catalog.get(41)!, lexemes: new Map([['cart', 1]]) };
      index.upsert([gained]);
      catalog.set(41, gained);
      expect(ask('price_asc').slice(0, 3)).toEqual([41, 2, 3]);
      ask('price_desc');
      ask('most_sold');
    }
  });
});
