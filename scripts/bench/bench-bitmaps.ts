/**
 * The catalog index's filter bitmaps (server/catalog-index/filter-bitmaps.ts: plain Uint32Array
 * words, ORed per attribute and ANDed across, a popcount up to the cap, the page's slots newest
 * first from the top word down) against the same work done with `roaring` (CRoaring's compressed
 * bitmaps, the well-kept library for this), on one synthetic catalog, in one process, the two
 * alternating round by round. Every answer (the capped count and the page) is compared.
 *
 *   npm install --no-save roaring@2.7.0
 *   node --import tsx scripts/bench/bench-bitmaps.ts [--slots 1000000] [--queries 400] [--rounds 6]
 *
 * `roaring` is not one of the project's packages (ADR 049 kept the hand-written bitmaps): it is
 * installed for this comparison only.
 *
 * What a list query asks of the bitmaps, as bench:index's filters do: 1–3 attributes with 1–2
 * common values each (a value held by at least 1/128 of the catalog: only those get a bitmap),
 * "in stock" half the time, the count capped at 1 001, a page of 24 at offsets 0–96, newest first
 * (the highest slots). Also the cost of keeping the bitmaps current (a product changing category)
 * and their memory.
 */
import { parseArgs } from 'node:util';
import { mulberry32 } from '#server/lib/random.ts';
import { countUpTo, eachSetBitDown, FilterBitmaps, hasBit, setBit, type FilterAttribute } from '#server/catalog-index/filter-bitmaps.ts';

const USAGE = 'usage: node --import tsx scripts/bench/bench-bitmaps.ts [--slots 1000000] [--queries 400] [--rounds 6]';
const { values } = parseArgs({
  options: {
    slots: { type: 'string', default: '1000000' },
    queries: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '6' },
  },
});

/** What this comparison uses of roaring's API (its own types are not installed with the project). */
interface RoaringBitmap32 extends Iterable<number> {
  readonly size: number;
  clone(): RoaringBitmap32;
  andInPlace(other: RoaringBitmap32): void;
  has(slot: number): boolean;
  add(slot: number): void;
  remove(slot: number): void;
  runOptimize(): void;
  getSerializationSizeInBytes(format: 'portable'): number;
}
interface RoaringModule {
  RoaringBitmap32: {
    new (values?: number[]): RoaringBitmap32;
    and(a: RoaringBitmap32, b: RoaringBitmap32): RoaringBitmap32;
    orMany(bitmaps: RoaringBitmap32[]): RoaringBitmap32;
  };
  RoaringBitmap32ReverseIterator: new (bitmap: RoaringBitmap32) => Iterable<number>;
}
// CommonJS: its named exports are properties of the default one.
const { RoaringBitmap32, RoaringBitmap32ReverseIterator } = await import('roaring' as string)
  .then((module: { default: RoaringModule }) => module.default)
  .catch(() => {
    console.error('bench-bitmaps: roaring is not installed; run `npm install --no-save roaring@2.7.0` first');
    process.exit(2);
  });
const slots = Number(values.slots);
const queryCount = Number(values.queries);
const rounds = Number(values.rounds);
if (![slots, queryCount, rounds].every((n) => Number.isInteger(n) && n > 0)) {
  console.error(USAGE);
  process.exit(2);
}
const random = mulberry32(20261129);
const pick = (n: number) => Math.floor(random() * n);
const CAP = 1000;
const PAGE = 24;

// --- a synthetic catalog: the value of each attribute per slot -------------------------------
/** Values per attribute, and how a slot draws them (skewed: the first values are the common ones). */
const ATTRIBUTES: { name: FilterAttribute; values: number; perSlot: [number, number] }[] = [
  { name: 'category', values: 12, perSlot: [1, 1] },
  { name: 'season', values: 4, perSlot: [1, 1] },
  { name: 'quality', values: 6, perSlot: [1, 1] },
  { name: 'condition', values: 5, perSlot: [1, 1] },
  { name: 'size', values: 40, perSlot: [1, 3] },
  { name: 'color', values: 20, perSlot: [1, 2] },
];
const skewed = (values: number) => Math.min(values - 1, Math.floor(values * random() * random()));
const holders = new Map<string, number[]>();
const listedSlots: number[] = [];
const stockedSlots: number[] = [];
const categoryOf = new Int32Array(slots);
for (let slot = 0; slot < slots; slot++) {
  if (random() < 0.95) listedSlots.push(slot);
  if (random() < 0.8) stockedSlots.push(slot);
  for (const { name, values, perSlot } of ATTRIBUTES) {
    const count = perSlot[0] + pick(perSlot[1] - perSlot[0] + 1);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(skewed(values));
    for (const value of chosen) {
      const key = `${name}:${value}`;
      let list = holders.get(key);
      if (!list) holders.set(key, (list = []));
      list.push(slot);
      if (name === 'category') categoryOf[slot] = value;
    }
  }
}
/** Only common values get a bitmap (filter-bitmaps.ts DENSE_SHARE). */
const common = [...holders].filter(([, list]) => list.length * 128 >= slots);

// --- the two implementations, built from the same lists -----------------------------------------
const words = (slots + 31) >>> 5;
const hand = new FilterBitmaps();
hand.ensureSlots(slots);
for (const slot of listedSlots) setBit(hand.listed, slot, true);
for (const slot of stockedSlots) setBit(hand.inStock, slot, true);
for (const [key, list] of common) {
  const [name, value] = key.split(':') as [FilterAttribute, string];
  hand.ofCommon(name, Number(value), list.length, slots, (bitmap) => {
    for (const slot of list) setBit(bitmap, slot, true);
  });
}
const roaringListed = new RoaringBitmap32(listedSlots);
const roaringStocked = new RoaringBitmap32(stockedSlots);
const roaringOf = new Map(common.map(([key, list]) => [key, new RoaringBitmap32(list)]));
for (const bitmap of [roaringListed, roaringStocked, ...roaringOf.values()]) bitmap.runOptimize();

// --- the queries -------------------------------------------------------------------------------
interface BitmapQuery {
  attributes: string[][];
  inStock: boolean;
  offset: number;
}
const commonKeys = (name: FilterAttribute) => common.map(([key]) => key).filter((key) => key.startsWith(`${name}:`));
const queries: BitmapQuery[] = Array.from({ length: queryCount }, () => {
  const names = [...ATTRIBUTES].sort(() => random() - 0.5).slice(0, 1 + pick(3));
  const attributes = names.map(({ name }) => {
    const keys = commonKeys(name);
    const wanted = 1 + pick(2);
    return [...new Set(Array.from({ length: wanted }, () => keys[pick(keys.length)]!))];
  });
  return { attributes, inStock: random() < 0.5, offset: PAGE * pick(5) };
});

interface Answer {
  total: number;
  page: number[];
}
function answerByHand(q: BitmapQuery): Answer {
  const attributes = q.attributes.map((keys) =>
    keys.map((key) => {
      const [name, value] = key.split(':') as [FilterAttribute, string];
      return hand.of(name, Number(value))!;
    }),
  );
  const m = hand.match(words, q.inStock, attributes);
  const total = countUpTo(m, words, CAP + 1);
  const page: number[] = [];
  let skipped = 0;
  eachSetBitDown(m, words, (slot) => {
    if (skipped++ < q.offset) return false;
    page.push(slot);
    return page.length === PAGE;
  });
  return { total, page };
}
function answerByRoaring(q: BitmapQuery): Answer {
  const m = q.inStock ? RoaringBitmap32.and(roaringListed, roaringStocked) : roaringListed.clone();
  for (const keys of q.attributes) {
    const values = keys.map((key) => roaringOf.get(key)!);
    m.andInPlace(values.length === 1 ? values[0]! : RoaringBitmap32.orMany(values));
  }
  const total = Math.min(m.size, CAP + 1);
  const page: number[] = [];
  let skipped = 0;
  for (const slot of new RoaringBitmap32ReverseIterator(m)) {
    if (skipped++ < q.offset) continue;
    page.push(slot);
    if (page.length === PAGE) break;
  }
  return { total, page };
}

// --- the runs ----------------------------------------------------------------------------------
const times: Record<'hand' | 'roaring', number[]> = { hand: [], roaring: [] };
let differing = 0;
for (let round = 0; round < rounds; round++) {
  // Alternate which goes first, so neither always meets the warmer caches.
  const order = round % 2 === 0 ? (['hand', 'roaring'] as const) : (['roaring', 'hand'] as const);
  const answers: Record<string, Answer[]> = {};
  for (const way of order) {
    const answer = way === 'hand' ? answerByHand : answerByRoaring;
    answers[way] = queries.map((q) => {
      const started = performance.now();
      const a = answer(q);
      times[way].push(performance.now() - started);
      return a;
    });
  }
  for (let i = 0; i < queries.length; i++) if (JSON.stringify(answers.hand![i]) !== JSON.stringify(answers.roaring![i])) differing++;
}

// Keeping them current: products moving between two common categories, and back.
const [fromKey, toKey] = common.map(([key]) => key).filter((key) => key.startsWith('category:'));
const moved = Array.from({ length: 100_000 }, () => pick(slots));
const updateMs = (way: 'hand' | 'roaring') => {
  const from = Number(fromKey!.split(':')[1]);
  const to = Number(toKey!.split(':')[1]);
  const started = performance.now();
  for (const [before, after] of [
    [from, to],
    [to, from],
  ] as const) {
    for (const slot of moved) {
      if (way === 'hand') hand.move('category', slot, before, after);
      else {
        roaringOf.get(`category:${before}`)!.remove(slot);
        roaringOf.get(`category:${after}`)!.add(slot);
      }
    }
  }
  return (performance.now() - started) / (2 * moved.length);
};
const update = { hand: updateMs('hand'), roaring: updateMs('roaring') };

// A walk in a sort's order checks each visited slot against the matches (hasBit): one lookup each.
const probes = Array.from({ length: 1_000_000 }, () => pick(slots));
const lookupNs = (way: 'hand' | 'roaring') => {
  const handBitmap = hand.listed;
  let found = 0;
  const started = performance.now();
  if (way === 'hand') for (const slot of probes) found += hasBit(handBitmap, slot) ? 1 : 0;
  else for (const slot of probes) found += roaringListed.has(slot) ? 1 : 0;
  const ns = ((performance.now() - started) * 1e6) / probes.length;
  return { ns, found };
};
const lookups = { hand: lookupNs('hand'), roaring: lookupNs('roaring') };
if (lookups.hand.found !== lookups.roaring.found) console.log('DIFFERING lookups');

const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
const handBytes = (common.length + 2) * words * 4;
const roaringBytes = [roaringListed, roaringStocked, ...roaringOf.values()].reduce(
  (n, b) => n + b.getSerializationSizeInBytes('portable'),
  0,
);
console.log(`${slots} slots, ${common.length} common values with a bitmap, ${queryCount} queries × ${rounds} rounds, alternating`);
console.log('way      query p50 ms  p95 ms  mean ms   update µs   lookup ns   bitmaps MB');
for (const way of ['hand', 'roaring'] as const) {
  const xs = times[way];
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const bytes = way === 'hand' ? handBytes : roaringBytes;
  console.log(
    `${way.padEnd(8)} ${quantile(xs, 0.5).toFixed(3).padStart(12)} ${quantile(xs, 0.95).toFixed(3).padStart(7)} ${mean.toFixed(3).padStart(8)}` +
      ` ${(update[way] * 1000).toFixed(3).padStart(11)} ${lookups[way].ns.toFixed(1).padStart(11)} ${(bytes / 1e6).toFixed(1).padStart(12)}`,
  );
}
console.log(differing === 0 ? 'every answer the same' : `DIFFERING answers: ${differing}`);
if (differing) process.exitCode = 1;
