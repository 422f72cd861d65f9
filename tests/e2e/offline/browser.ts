/**
 * The browser side of the offline journeys: one Chromium context per sequence (its own service
 * worker, IndexedDB and local storage, as one phone), its tabs, the three kinds of network, and
 * the screen reads and taps the commands need. Locators use the app's test ids and accessible
 * names (Romanian catalogue) exactly as a shopper's screen reader would find them.
 *
 * Never sleeps: every wait is on a condition (a locator, expect.poll, the service worker's state,
 * what the persister wrote to IndexedDB).
 */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { waitForServiceWorkerControl } from '../service-worker.ts';
import type { NetMode, PoolProduct } from './model.ts';

const t = (key: keyof typeof ro, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((text, [k, v]) => text.replaceAll(`{{${k}}}`, String(v)), ro[key] as string);

/** How long a tap waits for its button before the step is recorded as "could not tap". */
export const TAP_MS = 8_000;
/** How long a screen read waits for a page to show what it already has (cache or network). */
export const SCREEN_MS = 15_000;

export interface Session {
  token: string;
  user: unknown;
}

/** Waits for a browser call that may never answer (a crashed target), at most `ms`; errors are ignored. */
async function settleWithin(call: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([call.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export interface ApiProduct {
  id: number;
  name: string;
  quantity: number;
  shop_id: number;
  category_id: number;
  sizes: unknown[];
}

// ---------------------------------------------------------------------------------------------
// The server, read directly (the truth the model is compared with).

export async function serverCart(request: APIRequestContext, token: string): Promise<Map<number, number>> {
  const body = await (await request.get('/api/carts', { headers: { Authorization: `Bearer ${token}` } })).json();
  const cart = new Map<number, number>();
  for (const group of body.data.cart_items as { products: { product_id: number; quantity: number }[] }[]) {
    for (const line of group.products) cart.set(line.product_id, (cart.get(line.product_id) ?? 0) + line.quantity);
  }
  return cart;
}

export async function serverFavorites(request: APIRequestContext, token: string): Promise<Set<number>> {
  const body = await (await request.get('/api/favorite-products', { headers: { Authorization: `Bearer ${token}` } })).json();
  return new Set(body.data.product_ids as number[]);
}

/**
 * A few products every sequence can use: in stock (at least 3, so caps are reached but not at
 * once), without sizes or colours (a card add and a product-page add then make the same line),
 * whose cards are on the first grid page of their category, from two shops (shop selection).
 */
export async function findPool(browser: Browser, request: APIRequestContext, size = 4): Promise<PoolProduct[]> {
  const candidates: (ApiProduct & { categoryPath: string })[] = [];
  for (let page = 1; page <= 6 && candidates.length < 16; page++) {
    const body = await (await request.get(`/api/products/filter?in_stock=1&sort=most_sold&per_page=60&page=${page}`)).json();
    const listed = (body.data.data as ApiProduct[]).filter((p) => p.quantity >= 3 && !p.sizes.length);
    const details = await Promise.all(listed.map(async (p) => (await (await request.get(`/api/products/${p.id}`)).json()).data.product));
    listed.forEach((p, i) => {
      const d = details[i];
      if (!d.colors.length && !d.sizes.length) candidates.push({ ...p, categoryPath: `/categories/${d.category.slug}` });
    });
  }
  // Which of them the category page really shows on its first page (as the shopper sees it).
  const context = await browser.newContext();
  const page = await context.newPage();
  const pool: PoolProduct[] = [];
  try {
    for (const path of [...new Set(candidates.map((c) => c.categoryPath))]) {
      await page.goto(path);
      await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
      // A first screen's grid renders its last cards in idle time (ProductGrid): all of them in.
      await expect(page.locator('[data-testid="product-grid"][data-pending]')).toHaveCount(0, { timeout: 15_000 });
      const shown = new Set(
        await page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-product-id')))),
      );
      for (const c of candidates.filter((c) => c.categoryPath === path && shown.has(c.id))) {
        pool.push({ id: c.id, name: c.name, stock: c.quantity, shopId: c.shop_id, categoryPath: path, categoryId: c.category_id });
      }
    }
  } finally {
    await context.close();
  }
  // Two products from each of two shops when possible.
  const byShop = new Map<number, PoolProduct[]>();
  for (const p of pool) byShop.set(p.shopId, [...(byShop.get(p.shopId) ?? []), p]);
  const shops = [...byShop.values()].sort((a, b) => b.length - a.length);
  const picked = [...(shops[0] ?? []).slice(0, Math.ceil(size / 2)), ...(shops[1] ?? []).slice(0, Math.floor(size / 2))];
  for (const p of pool) if (picked.length < size && !picked.includes(p)) picked.push(p);
  if (picked.length < 2) throw new Error(`offline journeys: only ${picked.length} usable products found`);
  return picked.slice(0, size);
}

// ---------------------------------------------------------------------------------------------
// One phone: a context, its tabs, its network.

export class Phone {
  readonly tabs: Page[] = [];
  active = 0;
  net: NetMode = 'online';
  /** Requests made by the service worker itself while in lie-fi, and how many of them failed (the proof that lie-fi covers it). */
  swRequestsInLiefi = 0;
  swFailuresInLiefi = 0;
  /** Free-text observations made along the way (first symptoms), for the failure report. */
  readonly notes: string[] = [];
  private drawerOpen = new WeakSet<Page>();
  private readonly born = Date.now();
  /** The API and script requests of the sequence, for a failure's diagnosis: what ended how, and what never ended. */
  private readonly requests = new Map<import('@playwright/test').Request, string>();
  private readonly requestLog: string[] = [];
  /** Uncaught errors of the app's pages (a screen that stops following its data often starts with one). */
  readonly pageErrors: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly session: Session,
    readonly pool: PoolProduct[],
  ) {
    const at = () => `${((Date.now() - this.born) / 1000).toFixed(1)}s`;
    const watched = (r: import('@playwright/test').Request) => /\/api\/|\.js$/.test(new URL(r.url()).pathname);
    const name = (r: import('@playwright/test').Request) =>
      `${r.serviceWorker() ? 'sw ' : ''}${r.method()} ${new URL(r.url()).pathname.replace(/^\/assets\//, '')}`;
    const log = (line: string) => {
      this.requestLog.push(line);
      if (this.requestLog.length > 60) this.requestLog.shift();
    };
    context.on('request', (r) => {
      if (this.net === 'liefi' && r.serviceWorker()) this.swRequestsInLiefi++;
      if (watched(r)) this.requests.set(r, `${name(r)} from ${at()} (net ${this.net})`);
    });
    context.on('requestfailed', (r) => {
      if (this.net === 'liefi' && r.serviceWorker()) this.swFailuresInLiefi++;
      const what = this.requests.get(r);
      if (what && this.requests.delete(r) && /\/api\//.test(what)) log(`${what}: failed ${r.failure()?.errorText ?? ''} at ${at()}`);
    });
    context.on('requestfinished', (r) => {
      const what = this.requests.get(r);
      if (!what || !this.requests.delete(r) || !/\/api\//.test(what)) return;
      void r.response().then(
        (res) => log(`${what}: ${res?.status() ?? '?'} at ${at()}`),
        () => undefined,
      );
    });
    context.on('page', (page) => {
      page.on('pageerror', (error) => {
        if (this.pageErrors.length < 10) this.pageErrors.push(`${at()} ${String(error.message).slice(0, 200)}`);
      });
    });
  }

  /**
   * What a page is showing and holding, for a screen mismatch's report: the route, the heading,
   * the drawer's title, the stored cart and outbox, requests still open and the last API answers.
   * Never throws (the page may be gone).
   */
  async diagnose(page = this.page): Promise<string[]> {
    const lines: string[] = [];
    try {
      const state = await page.evaluate(async () => {
        const read = (db: string, store: string, key?: string) =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open(db);
            open.onerror = () => resolve(null);
            open.onsuccess = () => {
              const d = open.result;
              if (!d.objectStoreNames.contains(store)) return (d.close(), resolve(null));
              const os = d.transaction(store).objectStore(store);
              const req = key === undefined ? os.getAll() : os.get(key);
              req.onsuccess = () => (d.close(), resolve(req.result));
              req.onerror = () => (d.close(), resolve(null));
            };
          });
        const names = (await indexedDB.databases()).map((d) => d.name);
        const cache = names.includes('keyval-store')
          ? ((await read('keyval-store', 'keyval', 'talcioc-query-cache')) as {
              timestamp?: number;
              clientState?: { queries?: { queryHash: string; state: { status: string; dataUpdatedAt: number; data?: unknown } }[] };
            } | null)
          : null;
        const cart = cache?.clientState?.queries?.find((q) => q.queryHash === '["cart"]');
        const cartItems = (cart?.state.data as { cart_items?: { products: { product_id: number; quantity: number }[] }[] } | undefined)
          ?.cart_items;
        const outbox = names.includes('talcioc-outbox')
          ? ((await read('talcioc-outbox', 'changes')) as { kind: string; seq: number; answered?: unknown }[] | null)
          : null;
        return {
          url: location.pathname + location.search,
          heading: document.querySelector('h1')?.textContent?.slice(0, 80) ?? null,
          drawerTitle: document.querySelector('[data-testid="cart-drawer"] h2')?.textContent ?? null,
          badge: document.querySelector('[data-testid="cart-badge"]')?.textContent ?? null,
          signedIn: Boolean(localStorage.getItem('auth')),
          persistedAt: cache?.timestamp ? new Date(cache.timestamp).toISOString().slice(11, 23) : null,
          storedCart: cart
            ? `${cart.state.status} ${new Date(cart.state.dataUpdatedAt).toISOString().slice(11, 23)} ` +
              (cartItems ?? []).flatMap((g) => g.products.map((p) => `${p.product_id}×${p.quantity}`)).join(',')
            : 'none',
          outbox: outbox ? outbox.map((e) => `${e.kind}#${e.seq}${e.answered ? ' answered' : ''}`).join(', ') || 'empty' : 'no database',
          now: new Date().toISOString().slice(11, 23),
        };
      });
      lines.push(`  screen: ${JSON.stringify(state)}`);
    } catch (error) {
      lines.push(`  screen: could not read (${String(error).slice(0, 120)})`);
    }
    const ofPage = (r: import('@playwright/test').Request) => {
      try {
        return r.serviceWorker() !== null || r.frame().page() === page;
      } catch {
        return false; // a request of a worker has no frame
      }
    };
    const open = [...this.requests.entries()].filter(([r]) => ofPage(r)).map(([, what]) => what);
    lines.push(`  requests still open: ${open.length ? open.join('; ') : 'none'}`);
    lines.push(`  last API answers: ${this.requestLog.slice(-25).join('; ') || 'none'}`);
    if (this.pageErrors.length) lines.push(`  page errors: ${this.pageErrors.join('; ')}`);
    return lines;
  }

  /** A signed-in shopper's phone that has seen home, the pool's category pages and product pages online. */
  static async start(browser: Browser, baseURL: string, session: Session, pool: PoolProduct[]) {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript((auth) => localStorage.setItem('auth', JSON.stringify(auth)), {
      token: session.token,
      user: session.user,
      addresses: [],
      favoriteProducts: 0,
    });
    const phone = new Phone(context, session, pool);
    const page = await context.newPage();
    phone.tabs.push(page);
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await expect(page.getByTestId('category-buttons').getByRole('link').first()).toBeVisible({ timeout: SCREEN_MS });
    for (const path of new Set(pool.map((p) => p.categoryPath))) {
      await phone.navigate(path);
      // This category's own cards, not the previous screen's kept as placeholder while it loads
      // (seen in CI under load: the harness moved on before the category's answer arrived).
      await expect(page.locator('[aria-busy="false"] [data-testid="product-card"]').first()).toBeVisible({ timeout: SCREEN_MS });
    }
    for (const p of pool) {
      await phone.navigate(`/products/${p.id}/details`);
      await expect(page.getByRole('heading', { level: 1, name: p.name })).toBeVisible({ timeout: SCREEN_MS });
    }
    await phone.navigate('/');
    // What a shopper has seen is on the device before the journey starts (the persister writes
    // new data within ~50 ms; this waits for that write, not for a fixed time).
    await phone.persisted(page);
    return phone;
  }

  get page(): Page {
    return this.tabs[this.active]!;
  }

  async close() {
    await this.context.close().catch(() => undefined);
  }

  // --- network ----------------------------------------------------------------------------

  private abortAll = (route: import('@playwright/test').Route) => route.abort('internetdisconnected');

  async setNet(mode: NetMode) {
    if (this.net === 'liefi' && mode !== 'liefi') await this.context.unroute('**/*', this.abortAll);
    await this.context.setOffline(mode === 'offline');
    // Lie-fi: the browser says online, but nothing gets through — page requests and the service
    // worker's own fetches alike (context.route sees both; swRequestsInLiefi counts the latter).
    if (mode === 'liefi' && this.net !== 'liefi') await this.context.route('**/*', this.abortAll);
    this.net = mode;
  }

  // --- tabs ---------------------------------------------------------------------------------

  /** Waits until the app has drawn its shell for a signed-in shopper. */
  async ready(page = this.page) {
    await expect(page.locator('header')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('cart-badge')).toBeAttached({ timeout: 15_000 });
  }

  /**
   * A tap counts once the phone has it: the app writes the change to IndexedDB before the screen
   * shows it, and a shopper cannot close, reload or lose a tab within the same millisecond as the
   * tap. Before the harness destroys a page it waits for that write: a read-write transaction on
   * the outbox store completes only after every transaction started before it (IndexedDB orders
   * them), and one macrotask lets the tap's handler reach its write first.
   */
  async letTapsLand(page = this.page) {
    await page
      .evaluate(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        // Never create the database here (an empty one would break the app's own upgrade).
        const exists = (await indexedDB.databases()).some((d) => d.name === 'talcioc-outbox');
        if (!exists) return;
        await new Promise<void>((resolve) => {
          const open = indexedDB.open('talcioc-outbox');
          open.onerror = () => resolve();
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('changes')) return (db.close(), resolve());
            const tx = db.transaction('changes', 'readwrite');
            tx.oncomplete = tx.onabort = tx.onerror = () => (db.close(), resolve());
          };
        });
      })
      .catch(() => undefined);
  }

  async reload() {
    this.drawerOpen.delete(this.page);
    await this.letTapsLand();
    await this.page.reload();
    await this.ready();
  }

  async openTab(path = '/') {
    const page = await this.context.newPage();
    this.tabs.push(page);
    this.active = this.tabs.length - 1;
    await page.goto(path);
    await this.ready(page);
    return page;
  }

  /** Closes the active tab the normal way (pagehide runs) and opens a new one. */
  async reopenTab() {
    const old = this.page;
    await this.letTapsLand(old);
    await old.close();
    this.tabs.splice(this.active, 1);
    await this.openTab('/');
  }

  /** The system kills the tab (renderer crash: no pagehide, no unload) and the shopper opens the app again. */
  async killTab() {
    const old = this.page;
    for (const page of this.tabs) await this.letTapsLand(page);
    const cdp = await this.context.newCDPSession(old);
    // The 'crash' event does not always reach Playwright (seen with a second tab in lie-fi): the
    // tab is gone either way, so wait for the event or its closing, at most 10 s, then go on.
    const gone = new Promise<void>((resolve) => {
      old.once('crash', () => resolve());
      old.once('close', () => resolve());
      setTimeout(resolve, 10_000);
    });
    // Not awaited: the target dies before it can answer, and the send then neither resolves nor
    // rejects (a CI run hung 50 min on this await). The crash or close event says it is done.
    void cdp.send('Page.crash').catch(() => undefined);
    await gone;
    // Tabs of one site share a renderer process: the system's kill takes every open tab of the
    // app with it (and Chromium will not open a new page while a crashed sibling is left open).
    // Closing a crashed page is bounded too, for the same reason.
    for (const page of this.tabs) await settleWithin(page.close(), 10_000);
    this.tabs.length = 0;
    await this.openTab('/');
  }

  /** Every tab closed, then the app opened again (from the home screen icon). */
  async coldStart() {
    for (const page of this.tabs) await this.letTapsLand(page);
    for (const page of this.tabs) await page.close();
    this.tabs.length = 0;
    await this.openTab('/');
  }

  async switchTab() {
    this.active = (this.active + 1) % this.tabs.length;
    await this.page.bringToFront();
  }

  // --- navigation inside the app (client-side, as a tap on a link: no reload) --------------

  async navigate(path: string, page = this.page) {
    await this.closeDrawer(page);
    if (new URL(page.url()).pathname === path) return;
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
    await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`));
  }

  /**
   * Resolves once IndexedDB holds the query cache of every screen the journey starts from: home,
   * the pool's category grids and product pages. The app exposes no "saved" signal, so this reads
   * what the persister wrote (idb-keyval 'keyval-store' / 'talcioc-query-cache') and looks for the
   * queries by their keys.
   */
  async persisted(page = this.page) {
    const wanted = [
      '["home"]',
      ...this.pool.map((p) => `"category":${p.categoryId},"page":1,`),
      ...this.pool.map((p) => `"detail",${p.id}]`),
    ];
    await expect
      .poll(
        async () => {
          const hashes = await persistedQueryHashes(page);
          return wanted.filter((w) => !hashes.some((h) => h.includes(w)));
        },
        { timeout: 20_000, message: 'what the shopper saw online was written to IndexedDB' },
      )
      .toEqual([]);
  }

  // --- the cart drawer -----------------------------------------------------------------------

  drawer(page = this.page): Locator {
    return page.getByRole('dialog', { name: new RegExp(t('cart.my_cart')) });
  }

  async openDrawer(page = this.page) {
    if (this.drawerOpen.has(page) && (await this.drawer(page).isVisible())) return this.drawer(page);
    await page.getByTestId('cart-badge').getByRole('button').click({ timeout: TAP_MS });
    await expect(this.drawer(page)).toBeVisible();
    this.drawerOpen.add(page);
    return this.drawer(page);
  }

  async closeDrawer(page = this.page) {
    if (!this.drawerOpen.has(page)) return;
    this.drawerOpen.delete(page);
    if (!(await this.drawer(page).isVisible())) return;
    await page.keyboard.press('Escape');
    await expect(this.drawer(page)).toBeHidden();
  }

  line(productId: number, page = this.page): Locator {
    return this.drawer(page).locator(`[data-testid="cart-line"][data-product-id="${productId}"]`);
  }

  /** What the drawer shows: product → quantity (waits for the drawer, not for a particular state). */
  async screenCart(page = this.page): Promise<Map<number, number>> {
    const drawer = await this.openDrawer(page);
    const rows = await drawer
      .getByTestId('cart-line')
      .evaluateAll((lines) =>
        lines.map(
          (l) =>
            [
              Number(l.getAttribute('data-product-id')),
              Number(l.querySelector('[data-testid="line-quantity"]')?.textContent ?? 0),
            ] as const,
        ),
      );
    const cart = new Map<number, number>();
    for (const [id, q] of rows) cart.set(id, (cart.get(id) ?? 0) + q);
    return cart;
  }

  /** Product ids whose line checkbox is ticked in the drawer. */
  async screenSelection(page = this.page): Promise<Set<number>> {
    const drawer = await this.openDrawer(page);
    const ids = await drawer
      .getByTestId('cart-line')
      .evaluateAll((lines) =>
        lines
          .filter((l) => (l.querySelector('input[type="checkbox"]') as HTMLInputElement | null)?.checked)
          .map((l) => Number(l.getAttribute('data-product-id'))),
      );
    return new Set(ids);
  }

  /**
   * How many changes the app's outbox still holds (IndexedDB, shared by every tab of the origin).
   * A server that matches the model while changes still wait is a coincidence (the state before
   * an "off, on" pair), not the end of the replay: settling waits for both.
   */
  async outboxSize(page = this.page): Promise<number> {
    return page
      .evaluate(async () => {
        if (!(await indexedDB.databases()).some((d) => d.name === 'talcioc-outbox')) return 0;
        return new Promise<number>((resolve) => {
          const open = indexedDB.open('talcioc-outbox');
          open.onerror = () => resolve(-1);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('changes')) return (db.close(), resolve(0));
            const count = db.transaction('changes').objectStore('changes').count();
            count.onsuccess = () => (db.close(), resolve(count.result));
            count.onerror = () => (db.close(), resolve(-1));
          };
        });
      })
      .catch(() => -1);
  }

  /** Pending markers anywhere on the page: the cart badge's pending state and favourite dots. */
  async pendingOnScreen(page = this.page): Promise<number> {
    const cart = (await page
      .getByTestId('cart-badge')
      .getAttribute('data-pending')
      .catch(() => null))
      ? 1
      : 0;
    const hearts = await page.getByTestId('favorite-pending').count();
    return cart + hearts;
  }

  /** The favourites the wishlist shows (client-side navigation to /wishlist). */
  async screenFavorites(page = this.page): Promise<Set<number>> {
    await this.navigate('/wishlist', page);
    const list = page.getByTestId('product-card');
    await expect(list.first().or(page.getByTestId('wishlist-empty'))).toBeVisible({ timeout: SCREEN_MS });
    await expect(page.locator('[data-testid="product-grid"][data-pending]')).toHaveCount(0, { timeout: SCREEN_MS });
    const ids = await list.evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-product-id'))));
    return new Set(ids);
  }

  // --- taps ------------------------------------------------------------------------------------

  /**
   * Opens a page of the app and waits until it shows `ready`, or until it shows that it cannot
   * (the offline/error state): then the shopper could not have tapped, and the step is skipped.
   */
  async show(path: string, readyLocator: (page: Page) => Locator): Promise<boolean> {
    const page = this.page;
    await this.navigate(path, page);
    const target = readyLocator(page);
    const cannot = page.getByTestId('query-state');
    try {
      await expect(target.or(cannot).first()).toBeVisible({ timeout: SCREEN_MS });
    } catch {
      this.notes.push(`${path}: neither the content nor an offline state within ${SCREEN_MS} ms (net ${this.net})`);
      return false;
    }
    // Either may have gone again by now (a state shown for a moment, then the content): look
    // until one of them is there, bounded.
    const deadline = Date.now() + SCREEN_MS;
    for (;;) {
      if (await target.first().isVisible()) return true;
      const kind = await cannot
        .first()
        .getAttribute('data-kind', { timeout: 500 })
        .catch(() => null);
      if (kind) {
        this.notes.push(`${path}: not available (${kind}) with net ${this.net} — a page seen online should open offline`);
        return false;
      }
      if (Date.now() > deadline) {
        this.notes.push(`${path}: the content and the offline state came and went within ${SCREEN_MS} ms (net ${this.net})`);
        return false;
      }
    }
  }

  card(productId: number, page = this.page): Locator {
    return page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`);
  }

  async addFromCard(p: PoolProduct): Promise<boolean> {
    if (!(await this.show(p.categoryPath, () => this.card(p.id)))) return false;
    return this.tap(
      this.card(p.id).getByRole('button', { name: t('product.add_to_cart_named', { name: p.name }) }),
      `add ${p.id} from its card`,
    );
  }

  async addFromPage(p: PoolProduct): Promise<boolean> {
    if (!(await this.show(`/products/${p.id}/details`, (page) => page.getByRole('heading', { level: 1, name: p.name })))) return false;
    return this.tap(this.page.getByTestId('add-to-cart'), `add ${p.id} on its page`);
  }

  /** What the heart showed (aria-pressed) just before the last favourite tap; null if unread. */
  heartBeforeTap: boolean | null = null;

  async toggleFavorite(p: PoolProduct, where: 'card' | 'page'): Promise<boolean> {
    this.heartBeforeTap = null;
    let heart: Locator;
    if (where === 'card') {
      if (!(await this.show(p.categoryPath, () => this.card(p.id)))) return false;
      heart = this.card(p.id).getByTestId('favorite-toggle');
    } else {
      if (!(await this.show(`/products/${p.id}/details`, (page) => page.getByRole('heading', { level: 1, name: p.name })))) return false;
      heart = this.page.getByTestId('favorite-button');
    }
    const pressed = await heart.getAttribute('aria-pressed', { timeout: TAP_MS }).catch(() => null);
    this.heartBeforeTap = pressed === null ? null : pressed === 'true';
    return this.tap(heart, `heart ${p.id} on its ${where}`);
  }

  async lineButton(p: PoolProduct, action: 'increase' | 'decrease' | 'remove'): Promise<boolean> {
    await this.openDrawer();
    const key = action === 'increase' ? 'cart.increase' : action === 'decrease' ? 'cart.decrease' : 'cart.remove_named';
    return this.tap(this.line(p.id).getByRole('button', { name: t(key, { name: p.name }) }), `${action} ${p.id} in the drawer`);
  }

  async toggleLine(p: PoolProduct): Promise<boolean> {
    await this.openDrawer();
    return this.tap(this.line(p.id).getByRole('checkbox', { name: t('cart.select_line', { name: p.name }) }), `tick ${p.id}`);
  }

  async toggleShop(shopId: number): Promise<boolean> {
    const drawer = await this.openDrawer();
    return this.tap(
      drawer.locator(`[data-testid="cart-group"][data-shop-id="${shopId}"]`).getByRole('checkbox').first(),
      `tick shop ${shopId}`,
    );
  }

  /** Taps when the control is there and enabled; otherwise notes why the shopper could not. */
  private async tap(target: Locator, what: string): Promise<boolean> {
    try {
      // Centred first: the bottom-left notices (add-to-cart, favourites) must not cover the target.
      await target.evaluate((el) => el.scrollIntoView({ block: 'center' }), undefined, { timeout: TAP_MS });
      // The drawer's + at the stock's limit keeps the keyboard's focus: aria-disabled, not disabled.
      if ((await target.getAttribute('aria-disabled', { timeout: TAP_MS })) === 'true') throw new Error('aria-disabled');
      await target.click({ timeout: TAP_MS });
      return true;
    } catch {
      const state = (await target.count()) ? 'disabled or covered' : 'not on screen';
      this.notes.push(`could not ${what}: ${state} (net ${this.net}, tab ${this.active + 1}/${this.tabs.length})`);
      return false;
    }
  }
}

/** The query hashes of the persisted query cache (what the app will have after a reload offline). */
export function persistedQueryHashes(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            return resolve([]);
          }
          const get = db.transaction('keyval').objectStore('keyval').get('talcioc-query-cache');
          get.onsuccess = () => {
            db.close(); // never hold the app's database open (it is deleted at sign-out)
            resolve(
              ((get.result as { clientState?: { queries?: { queryHash: string }[] } } | undefined)?.clientState?.queries ?? []).map(
                (q) => q.queryHash,
              ),
            );
          };
          get.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      }),
  );
}
