/**
 * Keeps one process's catalog index (product-index.ts) current with PostgreSQL (issue #13,
 * ADR 041), so that every instance behind the proxy answers lists from memory and none serves
 * what the database no longer says for more than about a second.
 *
 * - Start: a full load in pages of LOAD_PAGE products, in the background; until it is done (and
 *   whenever the index cannot be trusted) the repository uses the SQL path — same answers, slower.
 * - Read your writes: before answering, a list request asks for the newest change's number (one
 *   primary-key lookup); when the index has not seen it, the log is read first. So a shopper who
 *   just bought the last one, on any instance, does not see it "in stock" in the next list.
 * - Follow: every POLL_MS the change log (catalog_changes, appended by triggers in the writers'
 *   own transactions) is read after the last change seen, and the products named are read again.
 *   Applying a change is idempotent (it reads the product's current row), so reading one twice is
 *   harmless. A change numbered below one already seen can still appear — its transaction took
 *   its number first and committed later — so numbers skipped over are "holes", read again until
 *   they appear or HOLE_MS has passed (a rolled-back transaction leaves a hole for good).
 * - Faults: while the log cannot be read (database restarting) lists fail as the SQL would (the
 *   head read fails); after a gap longer than the log is kept, or a burst larger than a page of
 *   changes (a bulk import), the index loads everything again (lists use SQL meanwhile).
 * - Cards: the page's product cards are kept too (an LRU of the shape the API answers), dropped
 *   when the log names their product, all of them when a NULL change comes (sales, shop or option
 *   names) or a flash sale starts or ends; a miss is read by id from the database. So a list
 *   costs the database the head read alone once its cards have been seen.
 * - Product pages (issue 36): the product page's details are kept the same way (an LRU of the
 *   API's shape), dropped when the log names the product (its row, sizes, colours, videos,
 *   pictures), all of them on a NULL change (sales, shops and their trader identity, options,
 *   categories, manufacturers: migrations 0011 and 0019) or when a flash sale starts or ends, and
 *   read after the same head read as a list. So a page shows nothing older than the log's head.
 * - Bursts (ADR 039): the head reads of concurrent requests, and their pages not kept, are read in
 *   one statement per batch (batches.ts): requests arriving while a read is in flight go together
 *   in the next one, never in the one in flight (read your writes holds).
 * - The walk orders are rebuilt when many products moved or the oldest move is old (the moved
 *   ones are exceptions until then, answered correctly but with more work).
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { Product, ProductDetails, ProductListFilters } from '#contract/catalog.ts';
import type { ProductSort } from '#contract/catalog-constants.ts';
import { conditionCode } from '#contract/item-condition.ts';
import { queryWords, type SearchPlan } from '#server/lib/search-query.ts';
import {
  catalogChangesSince,
  type CatalogChange,
  latestCatalogChange,
  loadIndexedProducts,
  indexedProductPages,
  loadIndexedSales,
  pruneCatalogChanges,
  stemWords,
} from '#server/repositories/catalog/index-source.ts';
import { listProductCardsByIds } from '#server/repositories/catalog/product-cards.ts';
import { readProductDetailsByIds } from '#server/repositories/catalog/products.ts';
import { oneBatchAtATime } from './batches.ts';
import { ProductIndex, type IndexAnswer, type IndexQuery, type LexemePlan } from './product-index.ts';

const LOAD_PAGE = 5_000;
const CHANGES_PAGE = 5_000;
const HOLE_MS = 30_000;
/** Kept in the log; an instance that could not read it for longer loads everything again. */
const KEEP_SECONDS = 600;
const PRUNE_EVERY_MS = 60_000;
const REBUILD_AFTER_CHANGES = 2_000;
const REBUILD_AFTER_MS = 30_000;
const RELOAD_OVERLAP = 1_000;

export interface CatalogIndexOptions {
  pollMs: number;
}

/** What the catalog repository asks of an index (undefined: use SQL for this request). */
export interface CatalogListIndex {
  select(
    filters: Omit<ProductListFilters, 'page'>,
    plan: SearchPlan | undefined,
    sort: ProductSort,
    page: { offset: number; limit: number },
    cap: number,
  ): Promise<IndexAnswer | undefined>;
  /** The cards of active products, in the order of `ids` (fresh copies: the caller may mark them). */
  cards(ids: readonly number[]): Promise<Product[]>;
  /**
   * A listed product's page (a fresh copy: the caller may mark it), null when it is not listed;
   * undefined when the index cannot answer now (the caller reads the database).
   */
  details(id: number): Promise<ProductDetails | null | undefined>;
}

/** Cards kept per instance: at ~0.7 KB each, about 70 MB at most. */
const MAX_CARDS = 100_000;
/** Product pages kept per instance: at ~3 KB each (description, trader, safety), about 60 MB at most. */
const MAX_DETAILS = 20_000;
/** Product pages read in one statement at most (the misses of concurrent requests, ADR 039). */
const MAX_PAGES_PER_READ = 100;

export class CatalogIndexSync implements CatalogListIndex {
  private index: ProductIndex | undefined;
  private watermark = 0;
  private readonly holes = new Map<number, number>();
  private lastReadAt = 0;
  private lastPruneAt = 0;
  private reloadNeeded = false;
  private timer: NodeJS.Timeout | undefined;
  /** Every read of the log runs after the previous one (one writer of the index at a time). */
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly stems = new LRUCache<string, string[]>({ max: 50_000 });
  private readonly cardStore = new LRUCache<number, Product>({ max: MAX_CARDS });
  /** Changes applied so far: a card read while one was applied is not kept (it may predate it). */
  private applied = 0;
  private readonly detailsStore = new LRUCache<number, ProductDetails>({ max: MAX_DETAILS });
  /** When the running sales next start or end (µs): every card's and page's price may change then. */
  private cardsValidUntil = -Infinity;
  /**
   * The change log's head, read once for the requests that arrived while the previous read was
   * in flight (ADR 039): never a read that started before a request arrived (read your writes).
   */
  private readonly heads = oneBatchAtATime<'head', number>(async (requests) => {
    const head = await latestCatalogChange(this.db);
    return requests.map(() => head);
  });
  /** Pages not kept, read in one statement for the requests that missed meanwhile (ADR 039). */
  private readonly pageReads = oneBatchAtATime<number, ProductDetails | null>(async (ids) => {
    const before = this.applied;
    const read = await readProductDetailsByIds(this.db, ids);
    // Read while a change was applied: a page may predate that change, so none is kept.
    if (before === this.applied) for (const [id, page] of read) this.detailsStore.set(id, page);
    return ids.map((id) => read.get(id) ?? null);
  }, MAX_PAGES_PER_READ);

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: CatalogIndexOptions,
  ) {}

  /**
   * Whether lists can be answered from the index: loaded, and not waiting for a full reload. Each
   * answer also reads the head of the change log first (select()), so a loaded index is never
   * behind a change committed before the request; when the database cannot be reached that read
   * fails like the SQL path would.
   */
  get ready(): boolean {
    return this.index !== undefined && !this.reloadNeeded;
  }

  get products(): number {
    return this.index?.size ?? 0;
  }

  start() {
    this.schedule(0);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    await this.chain;
  }

  /** Reads the log now, after any read in progress. */
  catchUp(): Promise<void> {
    return this.serial(() => this.tick());
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private schedule(ms: number) {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.catchUp().finally(() => this.schedule(this.options.pollMs)), ms);
    this.timer.unref();
  }

  private async tick() {
    try {
      if (!this.index || this.reloadNeeded) await this.loadAll();
      if (this.closed) return;
      await this.follow();
      if (this.reloadNeeded) await this.loadAll();
      this.lastReadAt = Date.now();
      const index = this.index!;
      if (index.pendingChanges >= REBUILD_AFTER_CHANGES || (index.pendingChanges > 0 && Date.now() - index.ordersAge > REBUILD_AFTER_MS)) {
        // In steps, requests answered between them (at 1 000 000 products one piece was ~6 s).
        await index.rebuildOrdersGradually(yieldToEvents);
      }
      if (Date.now() - this.lastPruneAt > PRUNE_EVERY_MS) {
        this.lastPruneAt = Date.now();
        await pruneCatalogChanges(this.db, KEEP_SECONDS);
      }
    } catch (error) {
      if (this.closed) return;
      this.log.warn({ err: error }, 'catalog index: could not read the catalog changes (lists use SQL until it can)');
      // Past the log's retention, changes may have been forgotten: everything is read again.
      if (this.lastReadAt && Date.now() - this.lastReadAt > (KEEP_SECONDS * 1000) / 2) this.reloadNeeded = true;
    }
  }

  private async loadAll() {
    const started = Date.now();
    const from = await latestCatalogChange(this.db);
    const index = new ProductIndex();
    for await (const products of indexedProductPages(this.db, LOAD_PAGE)) {
      index.upsert(products);
      await yieldToEvents(); // requests keep being served (by SQL) while a large catalog loads
      if (this.closed) return;
    }
    index.setSales(await loadIndexedSales(this.db));
    // Every walk order built before the index is used: built on a first request, each cost that
    // request ~1.5 s at 1 000 000 products (bench:api's filter max 1 920 ms).
    await index.buildOrdersGradually(yieldToEvents);
    if (this.closed) return;
    this.index = index;
    this.applied++;
    this.forgetAll();
    // The last changes before the load are read again: a transaction that had taken its number
    // but not committed when the load read the products is then applied (or becomes a hole).
    this.watermark = Math.max(0, from - RELOAD_OVERLAP);
    this.holes.clear();
    this.reloadNeeded = false;
    this.log.info({ products: index.size, ms: Date.now() - started }, 'catalog index loaded');
  }

  private async follow() {
    const now = Date.now();
    const from = this.holes.size ? Math.min(this.watermark, ...this.holes.keys()) - 1 : this.watermark;
    const changes = await catalogChangesSince(this.db, from, CHANGES_PAGE + 1);
    if (changes.length > CHANGES_PAGE) {
      // A bulk change: reading everything again is cheaper than product by product (the next
      // tick does it; lists use SQL meanwhile).
      this.reloadNeeded = true;
      return;
    }
    const fresh = changes.filter((change) => change.seq > this.watermark || this.holes.has(change.seq));
    const seen = new Set(changes.map((change) => change.seq));
    const highest = changes.length ? Math.max(this.watermark, changes.at(-1)!.seq) : this.watermark;
    if (fresh.length) await this.apply(fresh);
    // Only now, with the changes applied: a request that finds the log's head at the watermark
    // answers from the index without waiting (select()). Moved before the reads above, it let a
    // request answer in the window of those reads from products not yet updated — a list that
    // disagreed with the SQL right after a write, seen under load in CI.
    for (let seq = this.watermark + 1; seq < highest; seq++) if (!seen.has(seq)) this.holes.set(seq, now);
    for (const [seq, since] of this.holes) if (seen.has(seq) || now - since > HOLE_MS) this.holes.delete(seq);
    this.watermark = highest;
  }

  /** Reads again the products (and sales) the changes name, and puts them in the index. */
  private async apply(changes: readonly CatalogChange[]) {
    const index = this.index!;
    this.applied++;
    if (changes.some((change) => change.productId === null)) {
      index.setSales(await loadIndexedSales(this.db));
      this.forgetAll();
    }
    const ids = [...new Set(changes.flatMap((change) => (change.productId === null ? [] : [change.productId])))];
    for (const id of ids) {
      this.cardStore.delete(id);
      this.detailsStore.delete(id);
    }
    if (ids.length) {
      const current = await loadIndexedProducts(this.db, ids);
      const listed = new Set(current.map((p) => p.id));
      index.upsert(current);
      index.remove(ids.filter((id) => !listed.has(id)));
    }
  }

  /** The plan's words as lexemes; undefined when a word is split by the parser (the index cannot match phrases). */
  private async lexemePlan(plan: SearchPlan): Promise<LexemePlan | undefined> {
    const words = [...new Set(plan.groups.flat(2))].filter((word) => queryWords([word]).length);
    const missing = words.filter((word) => !this.stems.has(word));
    if (missing.length) for (const [word, lexemes] of await stemWords(this.db, missing)) this.stems.set(word, lexemes);
    const lexemes = new Map(words.map((word) => [word, this.stems.get(word)]));
    if ([...lexemes.values()].some((l) => l === undefined || l.length > 1)) return undefined;
    // As to_tsquery: stop words leave their alternative; an emptied alternative leaves its group;
    // an emptied group leaves the query.
    return plan.groups
      .map((group) =>
        group.map((alternative) => queryWords(alternative).flatMap((word) => lexemes.get(word)!)).filter((alt) => alt.length > 0),
      )
      .filter((group) => group.length > 0);
  }

  /** Every kept card and page (a NULL change, a full load). */
  private forgetAll() {
    this.cardStore.clear();
    this.detailsStore.clear();
    this.cardsValidUntil = -Infinity;
  }

  /** Forgets the kept cards and pages once a running sale started or ended since they were read. */
  private expireAtSaleBoundary() {
    const nowUs = Date.now() * 1000;
    if (this.index && nowUs >= this.cardsValidUntil) {
      this.cardStore.clear();
      this.detailsStore.clear();
      this.cardsValidUntil = this.index.pricesValidUntil(nowUs);
    }
  }

  async cards(ids: readonly number[]): Promise<Product[]> {
    this.expireAtSaleBoundary();
    const missing = ids.filter((id) => !this.cardStore.has(id));
    if (missing.length) {
      const before = this.applied;
      const read = await listProductCardsByIds(this.db, missing);
      if (before === this.applied) for (const card of read) this.cardStore.set(card.id, card);
      const byId = new Map(read.map((card) => [card.id, card]));
      return ids.flatMap((id) => {
        const card = this.cardStore.get(id) ?? byId.get(id);
        return card ? [{ ...card }] : [];
      });
    }
    return ids.flatMap((id) => {
      const card = this.cardStore.get(id);
      return card ? [{ ...card }] : [];
    });
  }

  async details(id: number): Promise<ProductDetails | null | undefined> {
    if (!(await this.current())) return undefined;
    this.expireAtSaleBoundary();
    const page = this.detailsStore.get(id) ?? (await this.pageReads.load(id));
    return page && { ...page };
  }

  /**
   * Read your writes: whether the index can answer now, having read the log up to its head (one
   * primary-key lookup when nothing changed). False while it is loading or must load again.
   */
  private async current(): Promise<boolean> {
    if (!this.ready) return false;
    if ((await this.heads.load('head')) > this.watermark) await this.serial(() => this.follow());
    this.lastReadAt = Date.now();
    return this.ready;
  }

  async select(
    filters: Omit<ProductListFilters, 'page'>,
    plan: SearchPlan | undefined,
    sort: ProductSort,
    page: { offset: number; limit: number },
    cap: number,
  ): Promise<IndexAnswer | undefined> {
    if (!(await this.current())) return undefined;
    const search = plan ? await this.lexemePlan(plan) : undefined;
    if (plan && !search) return undefined;
    const index = this.index!;
    return index.query({
      filters: indexFiltersOf(filters),
      search,
      sort,
      offset: page.offset,
      limit: page.limit,
      cap,
      nowUs: Date.now() * 1000,
    });
  }
}

/** The list request's filters as the index reads them (also used by scripts/bench/bench-index.ts). */
export function indexFiltersOf(filters: Omit<ProductListFilters, 'page'>): IndexQuery['filters'] {
  return {
    category: filters.category,
    shop: filters.shop,
    season: filters.season,
    quality: filters.quality,
    condition: filters.condition?.map(conditionCode),
    size: filters.size,
    color: filters.color,
    inStock: filters.in_stock === '1',
    // Prices are whole bani in the index; a bound with more decimals is rounded inwards.
    minCents: filters.min_price === undefined ? undefined : Math.ceil(filters.min_price * 100 - 1e-6),
    maxCents: filters.max_price === undefined ? undefined : Math.floor(filters.max_price * 100 + 1e-6),
  };
}
