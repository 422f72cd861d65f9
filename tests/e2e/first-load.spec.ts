/**
 * A first visit needs no round trip for its first screen's data (ADR 026): the page arrives with
 * the answers, the start-up script preloads the largest photo from them, and the app takes them
 * instead of asking. Only the interface's messages (fetched beside the code) and the connectivity
 * probe go to the API. A later navigation inside the app asks the network as before.
 */
import { expect, test, type Page } from '@playwright/test';

/** The API requests a page makes, as path + query. */
function recordApiRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname + url.search);
  });
  return seen;
}
/** Lighthouse's phone: a mobile layout viewport, which is 980 px wide until the viewport meta tag is read. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Photos (by their content key) fetched at more than one width: a preload that picked another width than the page shows. */
function fetchedTwice(urls: string[]) {
  const widths = new Map<string, Set<string>>();
  for (const url of urls) {
    const m = /\/media\/img\/v1\/([0-9a-f]{32})\/(\d+)\./.exec(url);
    if (m) widths.set(m[1]!, (widths.get(m[1]!) ?? new Set()).add(m[2]!));
  }
  return [...widths].filter(([, set]) => set.size > 1).map(([key, set]) => `${key}: ${[...set].join(', ')}`);
}

const dataRequests = (seen: string[]) => seen.filter((url) => !url.startsWith('/api/translations/') && !url.startsWith('/api/health'));

for (const [name, path, ready] of [
  ['home', '/', 'banners'],
  ['category', '/categories/imbracaminte-femei', 'product-card'],
] as const) {
  test(`a first visit to the ${name} page shows its first screen without asking the API for its data`, async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block', ...PHONE });
    const page = await context.newPage();
    const seen = recordApiRequests(page);
    const photos: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'image' && request.url().includes('/media/img/') && photos.push(request.url()),
    );
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible();
    await expect(page.getByTestId(ready).first().locator('img').first()).toHaveJSProperty('complete', true);
    expect(dataRequests(seen)).toEqual([]);
    expect(photos.length).toBeGreaterThan(0);
    expect(fetchedTwice(photos)).toEqual([]);
    await context.close();
  });
}

test('a first visit to a product page shows it without asking the API; the next screen asks as usual', async ({ browser, request }) => {
  const listing = await (await request.get('/api/products/filter?sort=newest&page=1')).json();
  const product = listing.data.data.find((p: { quantity: number }) => p.quantity > 0);
  const context = await browser.newContext({ serviceWorkers: 'block', ...PHONE });
  const page = await context.newPage();
  const seen = recordApiRequests(page);
  const photos: string[] = [];
  page.on('request', (request) => request.resourceType() === 'image' && photos.push(request.url()));
  await page.goto(`/products/${product.id}/details`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(product.name);
  await expect(page.getByTestId('gallery-image').first()).toHaveJSProperty('complete', true);
  expect(dataRequests(seen)).toEqual([]);
  // The preloaded main photo is no wider than the one the gallery shows (not a desktop width
  // chosen before the viewport was known). Its 160 px thumbnail may come too.
  const shown = await page
    .getByTestId('gallery-image')
    .first()
    .evaluate((img: HTMLImageElement) => img.currentSrc);
  const [, key, width] = /\/media\/img\/v1\/([0-9a-f]{32})\/(\d+)\./.exec(shown)!;
  const wider = photos.filter((url) => url.includes(`/${key}/`) && Number(/\/(\d+)\.\w+$/.exec(url)![1]) > Number(width));
  expect(wider).toEqual([]);
  // Inside the app, a category of the header's strip: its data comes from the network.
  await page.getByTestId('category-buttons').getByRole('link').first().click();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(dataRequests(seen).some((url) => url.startsWith('/api/products/filter'))).toBe(true);
  await context.close();
});
