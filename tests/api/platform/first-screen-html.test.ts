/**
 * A first visit's page arrives with its first screen drawn (ADR 044, server/first-screen/render.ts):
 * the build's real server bundle (built here, as `npm run build` does) renders a category page
 * from the very answers the page carries; a seller's text is escaped; and the render's bounds hold —
 * no bundle, a slow render, one already under way, a render that fails: the page as before, never an
 * error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { categories, products } from '#server/db/schema.ts';
import { SERVER_ENTRY, createFirstScreenRenderer } from '#server/first-screen/render.ts';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';

const html = `<!doctype html><html lang="ro"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" /><script>/* start-up */</script><title>Talcioc</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/router-c3.js">
    <link rel="stylesheet" crossorigin href="/assets/style-d4.css">
  </head><body><div id="root"></div></body></html>`;
let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'talcioc-first-screen-'));
  writeFileSync(path.join(dir, 'index.html'), html);
  // The real server bundle, as `npm run build` makes it (vite.config.ts, serverBundle).
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(dir, '.ssr'), '--logLevel', 'error'], {
    stdio: 'inherit',
    timeout: 120_000,
    // As `npm run build` runs it (Vitest sets NODE_ENV=test, which would make development JSX).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  t = await buildTestApp({
    env: {
      STATIC_DIR: dir,
      CATALOG_CACHE_SECONDS: '0',
      // A loaded CI machine must not make the answers or the render miss their budgets.
      FIRST_ANSWERS_MS: '5000',
      FIRST_SCREEN_HTML_MS: '5000',
    },
    serveStatic: true,
  });
}, 180_000);

afterAll(async () => {
  await t?.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const rootOf = (body: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(body)?.[1] ?? '';
function answersOf(body: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="first-answers">([\s\S]*?)<\/script>/.exec(body);
  return match ? (JSON.parse(match[1]!) as { answers: Record<string, unknown> }).answers : {};
}

describe('the first screen drawn on the server', () => {
  it('a category page arrives with its title and product cards drawn, from the answers the page carries', async () => {
    const res = await page('/categories/imbracaminte-femei');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    const [category] = await t.db.select().from(categories).where(eq(categories.slug, 'imbracaminte-femei'));
    expect(root).toContain(`>${category!.name}</h1>`);
    expect(root).toContain('data-testid="product-grid"');
    // Every product on the drawn screen is one the page's own answer lists, in its order.
    const answers = answersOf(res.body);
    const list = answers[`/products/filter?category=${category!.id}&page=1&sort=newest`] as { data: { data: { name: string }[] } };
    const names = list.data.data.slice(0, 6).map((p) => p.name);
    expect(names.length).toBeGreaterThan(0);
    let at = 0;
    for (const name of names) {
      const found = root.indexOf(escapeHtml(name), at);
      expect(found, name).toBeGreaterThan(at);
      at = found;
    }
    // In Romanian, the interface's own words (the translations the browser loads beside the code).
    expect(root).toContain('Cele mai noi');
    // No script runs from the drawn screen (the CSP's hashes cover the start-up script only).
    expect(root).not.toMatch(/<script/i);
    // The app's code is named for the start-up script, which starts it once the screen's photos are in.
    const code = /<script type="application\/json" id="app-code">([\s\S]*?)<\/script>/.exec(res.body);
    expect(JSON.parse(code![1]!)).toEqual({ entry: '/assets/index-a1.js', preload: ['/assets/react-b2.js', '/assets/router-c3.js'] });
    expect(res.body.indexOf('id="app-code"')).toBeLessThan(res.body.indexOf('/* start-up */'));
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/style-d4.css">');
  });

  it('a page without a drawn screen keeps its script tags', async () => {
    const res = await page('/cart');
    expect(res.body).toBe(html);
  });

  it("a seller's text is drawn as text, never as markup", async () => {
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .limit(1);
    const name = 'Rochie <img src=x onerror=alert(1)> $& vară';
    await t.db.update(products).set({ name }).where(eq(products.id, product!.id));
    const root = rootOf((await page(`/products/${product!.id}/details`)).body);
    expect(root).toContain('Rochie &lt;img src=x onerror=alert(1)&gt; $&amp; vară');
    expect(root).not.toContain('<img src=x');
  });

  it('a screen that is not a first screen, or a missing product, is sent without a drawn screen', async () => {
    for (const url of ['/cart', '/products', '/categories/imbracaminte-femei?sort=price_asc']) {
      expect(rootOf((await page(url)).body), url).toBe('');
    }
    const missing = await page('/products/999999/details');
    expect(missing.statusCode).toBe(200);
  });
});

describe("the render's bounds", () => {
  /** A stand-in for the bundle whose render waits for the test (the bounds are the renderer's, not the app's). */
  function standIn(source: string): string {
    const where = mkdtempSync(path.join(tmpdir(), 'talcioc-render-'));
    mkdirSync(path.join(where, '.ssr'));
    writeFileSync(path.join(where, SERVER_ENTRY), source);
    return where;
  }
  const ask = async (url: string) => ({ url });
  /** The catalog's generation as the renderer reads it (app.catalogCache.generation in the server). */
  let catalogGeneration = 0;
  const generation = () => catalogGeneration;

  it('no bundle: no drawn screen', async () => {
    const render = createFirstScreenRenderer(mkdtempSync(path.join(tmpdir(), 'talcioc-nobundle-')), ask, { generation });
    expect(await render('/')).toBeNull();
  });

  it('a render past its budget is left out, and so is a second one while it runs; a failing one is logged, not thrown', async () => {
    const where = standIn(`
      export async function renderFirstScreen(url, transport) {
        if (url === '/fails') throw new Error('boom');
        const answer = await transport('/master');
        await new Promise((resolve) => setTimeout(resolve, url === '/slow' ? 400 : 0));
        return '<p>' + url + ' ' + answer.url + '</p>';
      }`);
    const render = createFirstScreenRenderer(where, ask, { budgetMs: 100, perSecond: 100, generation });
    const fast = await render('/');
    expect(fast?.html).toBe('<p>/ /master</p>');
    expect(fast?.answers).toEqual({ '/master': { url: '/master' } });
    const slow = render('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50)); // under way
    const whileBusy = await render('/other');
    expect(whileBusy).toBeNull();
    expect(await slow).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Finished after its budget, it serves the next visit.
    expect((await render('/slow'))?.html).toBe('<p>/slow /master</p>');
    expect(await render('/fails')).toBeNull();
    rmSync(where, { recursive: true, force: true });
  });

  it('at most perSecond renders start in a second; a screen rendered serves the next visits', async () => {
    const where = standIn(`export async function renderFirstScreen(url) { return '<p>' + url + '</p>'; }`);
    const render = createFirstScreenRenderer(where, ask, { perSecond: 3, generation });
    const drawn = [];
    for (let i = 0; i < 6; i++) drawn.push(await render(`/products/${i + 1}/details`));
    expect(drawn.filter(Boolean)).toHaveLength(3);
    expect(await render('/products/1/details')).not.toBeNull();
    rmSync(where, { recursive: true, force: true });
  });

  it('a screen drawn before a catalog change is not reused (a listing taken down since is not shown)', async () => {
    const where = standIn(`export async function renderFirstScreen(url) { return '<p>' + url + '</p>'; }`);
    const render = createFirstScreenRenderer(where, ask, { perSecond: 100, reuseMs: 60_000, generation });
    const first = await render('/products/7/details');
    expect(first).not.toBeNull();
    // The same drawing while the catalog is unchanged; a new one after a change.
    expect(await render('/products/7/details')).toBe(first);
    catalogGeneration++;
    const after = await render('/products/7/details');
    expect(after).not.toBeNull();
    expect(after).not.toBe(first);
    rmSync(where, { recursive: true, force: true });
  });
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
}
