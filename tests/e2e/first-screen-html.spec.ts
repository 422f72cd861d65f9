/**
 * A first visit's screen is drawn by the server (ADR 044): it shows before any script has run,
 * the app takes over the very elements it drew (no second drawing, no "drawn anew" warning), a
 * tap made before the app could answer is answered once it can, and a visit the drawn screen was
 * not made for (English, or back with the app's answers on the device) gets its own screen, not
 * the drawn one beside it, and loses no tap to it.
 */
import { expect, test, type Browser, type ConsoleMessage, type Page } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import en from '#src/locales/en.json' with { type: 'json' };
import { waitForPersistedQueries } from './persisted-cache.ts';
import { typeAndPressSearchIcon } from './header-search.ts';

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CATEGORY = '/categories/imbracaminte-femei';

/**
 * Opens a page and waits for its first frame on screen. `domcontentloaded` comes before the head's
 * stylesheet has arrived (the drawn page's only inline script is above it), and until it has, the
 * browser shows nothing: a layout read then is of an unstyled page no shopper ever sees. A frame
 * callback runs only once the page can be drawn, so this waits for what she sees first.
 */
async function gotoFirstFrame(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

test('without any script, a first visit to a category page shows its title and product cards', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(CATEGORY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Îmbrăcăminte femei');
  const cards = page.getByTestId('product-card');
  expect(await cards.count()).toBeGreaterThanOrEqual(2);
  await expect(cards.first().locator('img').first()).toHaveJSProperty('complete', true);
  // The cards' links work without the app: a full page load, drawn by the server too.
  await cards.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/\d+\/details$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await context.close();
});

for (const path of ['/', CATEGORY]) {
  test(`the app takes over the drawn screen of ${path} without drawing it again`, async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.text().includes('[first-screen]')) warnings.push(message.text());
    });
    // The main element as the page's HTML has it, before any script of the app has run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { drawnMain?: Element | null }).drawnMain = document.querySelector('main');
      });
    });
    await page.goto(path);
    // Live: the header's cart button opens the cart panel.
    await page.getByTestId('cart-badge').getByRole('button').click();
    await expect(page.getByRole('dialog', { name: new RegExp(ro['cart.my_cart']) })).toBeVisible();
    const same = await page.evaluate(() => {
      const drawn = (window as { drawnMain?: Element | null }).drawnMain;
      return Boolean(drawn) && drawn === document.querySelector('main') && drawn!.isConnected;
    });
    expect(same).toBe(true);
    expect(warnings).toEqual([]);
    await context.close();
  });
}

/** A phone whose app entry script is held back until `release()`: a weak connection, the drawn screen already shown. */
async function withAppCodeHeld(browser: Browser) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { context, page, release };
}

test('a tap on a drawn button before the app has loaded is answered once it has', async ({ browser, request }) => {
  const listing = await (await request.get('/api/products/filter?in_stock=1&sort=newest&page=1')).json();
  const product = listing.data.data.find((p: { quantity: number }) => p.quantity > 0);
  const { context, page, release } = await withAppCodeHeld(browser);
  await gotoFirstFrame(page, `/products/${product.id}/details`);
  await page.getByTestId('add-to-cart').click();
  // Nothing can answer yet: no dialog.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  // Signed out, adding to the cart asks to log in first: the held tap was answered.
  await expect(page.getByText(ro['cart.login_first'])).toBeVisible();
  await expect(page.getByRole('dialog', { name: ro['auth.login_title'] })).toBeVisible();
  await context.close();
});

test('a search typed and sent before the app has loaded is searched once it has', async ({ browser }) => {
  const { context, page, release } = await withAppCodeHeld(browser);
  await gotoFirstFrame(page, '/');
  const box = page.getByRole('combobox', { name: ro['header.search'] }).filter({ visible: true }).first();
  await box.fill('rochii');
  await box.press('Enter');
  // Not sent as a form: the page stays where it is until the app can search.
  await expect(page).toHaveURL(/\/$/);
  release();
  await expect(page).toHaveURL(/\/products\?search=rochii$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await context.close();
});

test('the search icon pressed with the mouse before the app has loaded keeps the field focused, then searches', async ({ browser }) => {
  const { context, page, release } = await withAppCodeHeld(browser);
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoFirstFrame(page, '/');
  // The press does not take the focus (the phone's keyboard would drop and the header shift).
  await typeAndPressSearchIcon(page, 'mobile', 'geci');
  await expect(page).toHaveURL(/\/$/);
  release();
  await expect(page).toHaveURL(/\/products\?search=geci$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await context.close();
});

test('a shopper who chose English gets her own screen in place of the drawn Romanian one', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('locale', JSON.stringify('en')));
  const page = await context.newPage();
  await page.goto(CATEGORY);
  await expect(page.getByTestId('sort-select').locator('option').first()).toHaveText(en['sort.newest']);
  // One screen only: the drawn one is gone.
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.getByTestId('product-grid')).toHaveCount(1);
  await context.close();
});

/** Waits until the app has taken the page over (app/RootShell.tsx marks it once its first screen is committed). */
async function waitForLiveApp(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
}

test('a shopper back without a service worker: her tap waits for the app’s own screen and is answered, not lost', async ({
  browser,
  request,
}) => {
  const listing = await (await request.get('/api/products/filter?in_stock=1&sort=newest&page=1')).json();
  const product = listing.data.data.find((p: { quantity: number }) => p.quantity > 0);
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  // A first visit: the app keeps its answers on the device (IndexedDB).
  await page.goto(CATEGORY);
  await waitForLiveApp(page);
  await waitForPersistedQueries(page, ['["master"]']);
  // Back later on a weak connection: the page comes drawn by the server, the app's code is slow.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await gotoFirstFrame(page, `/products/${product.id}/details`);
  await expect(page.locator('#root').getByTestId('add-to-cart')).toHaveCount(1);
  // The app will draw her screen from her own answers, replacing the drawn one: she taps as soon
  // as the button can be tapped (on the drawn screen, the tap would go with it).
  const tap = page.getByTestId('add-to-cart').click();
  await expect(page.locator('#root')).toBeHidden();
  release();
  await tap;
  // Signed out, adding to the cart asks to log in first: the tap was answered.
  await expect(page.getByText(ro['cart.login_first'])).toBeVisible();
  await expect(page.getByRole('dialog', { name: ro['auth.login_title'] })).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
  await context.close();
});

// Failing since the merge of issues 36–38 and 40 (2026-11-28). Measured 2026-11-29 (drawn page, phone,
// scrolled to 1500 px): on 653a9dd and on main alike the middle of the screen is the best deals
// row's placeholder card — the server draws every below-the-fold row as placeholders (Deferred
// while hydrating, since 2026-11-26), and /api/home carries 12 real reductions. The app replaces
// that card when the row renders: on 653a9dd 460–680 ms after `data-app=live`, on main 60–200 ms
// after (not measured why; a candidate: the footer is now drawn and hydrated with the shell), so this
// read at `live` only passed by timing.
// Passing for good needs the rows drawn by the server (a first-load cost, ADR 042/028) or a target
// the app keeps.
test.fixme('a drawn screen scrolled before the app has loaded stays where the shopper scrolled it', async ({ browser }) => {
  const { context, page, release } = await withAppCodeHeld(browser);
  await gotoFirstFrame(page, '/');
  await page.evaluate(() => window.scrollTo(0, 1500));
  // What she looks at: the element in the middle of the screen (the app keeps the drawn elements).
  const before = await page.evaluate(() => {
    const seen = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)!;
    seen.setAttribute('data-seen', '');
    return seen.getBoundingClientRect().top;
  });
  release();
  await waitForLiveApp(page);
  const after = await page.evaluate(() => document.querySelector('[data-seen]')?.getBoundingClientRect().top ?? null);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  expect(after).not.toBeNull();
  expect(Math.abs(after! - before)).toBeLessThan(100);
  await context.close();
});

test('each page load keeps its own scroll: another page starts at the top, a reload comes back to its place', async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await waitForLiveApp(page);
  await page.evaluate(() => window.scrollTo(0, 1500));
  // Another page by its address (the scroll of the page left is saved as it goes: pagehide).
  await page.goto(CATEGORY);
  await waitForLiveApp(page);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 700));
  await page.reload();
  await waitForLiveApp(page);
  expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(700);
  await context.close();
});
