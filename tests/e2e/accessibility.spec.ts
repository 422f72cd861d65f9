/**
 * WCAG 2.1 AA on every screen (issue 37 §3; EN 301 549 v3.2.1, Legea 232/2022): axe-core over
 * every route of the router (tests/e2e/routes.ts reads them from the route objects, so a new
 * route fails the suite until it is visited here) at 375 and 1280 px, signed out for public
 * screens and signed in for the account's; reflow at 320 CSS px on every route (1.4.10); text
 * spacing (1.4.12) on key screens; and notices that never cover an open drawer (1280 px).
 * The dialogs and drawers are audited in accessibility-dialogs.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appRoutes, type AppRoute } from './routes.ts';
import { axeViolations, horizontalOverflow, TEXT_SPACING_CSS } from './a11y.ts';
import { createVerifiedUser, signIn } from './users.ts';
import ro from '#src/locales/ro.json' with { type: 'json' };

interface Fixture {
  productId: number;
  shopId: number;
  categorySlug: string;
  flashSaleId: number;
  orderId: number;
  addressId: number;
  ticketNumber: string;
  session: Awaited<ReturnType<typeof createVerifiedUser>>;
}

/**
 * The address each route of the router is visited at. A route missing here fails the first test:
 * add its visit (and the screen passes axe) before the route ships.
 */
const VISITS: Record<string, (f: Fixture) => string> = {
  '/': () => '/',
  '/deletion-policy': () => '/deletion-policy',
  '/shops': () => '/shops',
  '/shops/:id': (f) => `/shops/${f.shopId}`,
  '/shops/:id/categories/:slug': (f) => `/shops/${f.shopId}/categories/${f.categorySlug}`,
  '/products': () => '/products?search=geaca',
  '/products/:id/details': (f) => `/products/${f.productId}/details`,
  '/categories': () => '/categories',
  '/categories/:slug': (f) => `/categories/${f.categorySlug}`,
  '/most-popular': () => '/most-popular',
  '/best-deal': () => '/best-deal',
  '/flash-sale/:id': (f) => `/flash-sale/${f.flashSaleId}`,
  '/checkout': () => '/checkout',
  '/buynow': (f) => `/buynow?product_id=${f.productId}&quantity=1`,
  '/filtered-products': () => '/filtered-products',
  '/support': () => '/support',
  '/terms-and-conditions': () => '/terms-and-conditions',
  '/privacy-policy': () => '/privacy-policy',
  '/about-us': () => '/about-us',
  '/contact-us': () => '/contact-us',
  '/payment-success': (f) => `/payment-success?order=${f.orderId}`,
  '/payment-failure': (f) => `/payment-failure?order=${f.orderId}`,
  '/shop/register': () => '/shop/register',
  '/accessibility': () => '/accessibility',
  '/reviews-verified': () => '/reviews-verified',
  '/ranking': () => '/ranking',
  '/withdrawal-form': () => '/withdrawal-form',
  '/:slug': () => '/livrare-si-retur',
  '/dashboard': () => '/dashboard',
  '/notifications': () => '/notifications',
  '/order-history': () => '/order-history',
  '/order-history/:id': (f) => `/order-history/${f.orderId}`,
  '/wishlist': () => '/wishlist',
  '/profile': () => '/profile',
  '/manage-address': () => '/manage-address',
  '/manage-address/new': () => '/manage-address/new',
  '/manage-address/:id/edit': (f) => `/manage-address/${f.addressId}/edit`,
  '/change-password': () => '/change-password',
  '/support-tickets': () => '/support-tickets',
  '/support-ticket/:ticketNumber': (f) => `/support-ticket/${f.ticketNumber}`,
  '*': () => '/nu-exista/deloc',
};

/** Screens that need a shopper: the account's, and the ones about her cart and orders. */
const SIGNED_IN_PUBLIC = new Set(['/checkout', '/buynow', '/payment-success', '/payment-failure']);
const needsShopper = (route: AppRoute) => route.layout === 'account' || SIGNED_IN_PUBLIC.has(route.path);

async function makeFixture(request: APIRequestContext): Promise<Fixture> {
  const home = (await (await request.get('/api/home')).json()).data;
  const product = home.most_popular[0];
  const categories = (await (await request.get('/api/categories')).json()).data.categories;
  const session = await createVerifiedUser(request, 'Andreea Acces');
  const auth = { Authorization: `Bearer ${session.token}` };
  const body = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=20')).json();
  const inStock = (body.data.data as { id: number; quantity: number }[]).filter((p) => p.quantity >= 3);
  for (const p of inStock.slice(0, 2)) {
    const added = await request.post('/api/cart/store', { data: { product_id: p.id, quantity: 1 }, headers: auth });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const address = await request.post('/api/address/store', {
    data: {
      name: 'Andreea Acces',
      phone: '0721000444',
      county: 'Cluj',
      locality: 'Cluj-Napoca',
      street: 'Str. Memorandumului 12',
      postal_code: '400114',
      type: 'home',
      is_default: true,
    },
    headers: auth,
  });
  expect(address.ok(), await address.text()).toBe(true);
  const addressId = (await (await request.get('/api/addresses', { headers: auth })).json()).data.addresses?.[0]?.id;
  // One line ordered (an order to show), one left in the cart (a checkout to show).
  const cart = (await (await request.get('/api/carts', { headers: auth })).json()).data as { cart_items: { products: { id: number }[] }[] };
  const firstLine = cart.cart_items[0]!.products[0]!.id;
  const placed = await request.post('/api/place-order', {
    data: { address_id: addressId, payment_method: 'cash', cart_ids: [firstLine] },
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orders = (await (await request.get('/api/orders', { headers: auth })).json()).data;
  const orderId = orders.data[0].id as number;
  const ticket = await request.post('/api/support-tickets', {
    data: { subject: 'Colet întârziat', priority: 'high', message: 'Comanda mea nu a ajuns încă.' },
    headers: auth,
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  return {
    productId: product.id,
    shopId: product.shop_id,
    categorySlug: categories[0].slug,
    flashSaleId: home.flash_sales?.[0]?.id ?? 1,
    orderId,
    addressId,
    ticketNumber: (await ticket.json()).data.ticket.ticket_number,
    session,
  };
}

/** The screen is the app's, settled: committed by the app, requests done, no skeleton left. */
async function settled(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .mantine-Skeleton-root')).toHaveCount(0);
}

/**
 * The screen is the app's and its content is in place — without waiting for the network to go
 * quiet, which a screen that keeps a request open (the notices' polling, a photo retried) may
 * never do at 320 px. Photos and skeletons reserve their boxes, so the widths are final.
 */
async function laidOut(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  await expect(page.locator('main')).not.toBeEmpty();
  await expect(page.locator('main .mantine-Skeleton-root')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

let routes: AppRoute[];
let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  routes = await appRoutes();
  fixture = await makeFixture(request);
});

test('the suite visits every route of the router', () => {
  expect(routes.length).toBeGreaterThan(30);
  const missing = routes.filter((r) => !VISITS[r.path]).map((r) => r.path);
  expect(missing, 'routes added to src/app/router.tsx without a visit in accessibility.spec.ts').toEqual([]);
});

for (const width of [375, 1280]) {
  for (const signedIn of [false, true]) {
    test(`axe: no WCAG 2.1 A/AA violation nor target under 24 px on every ${signedIn ? 'signed-in' : 'public'} route at ${width} px`, async ({
      page,
    }) => {
      // axe walks every node of each page: ~10 s a page on 2 busy cores.
      test.setTimeout(20 * 60_000);
      await page.setViewportSize({ width, height: 900 });
      if (signedIn) await signIn(page, fixture.session);
      const report: Record<string, string[]> = {};
      for (const route of routes.filter((r) => needsShopper(r) === signedIn)) {
        const url = VISITS[route.path]!(fixture);
        await page.goto(url);
        await settled(page);
        report[url] = await axeViolations(page);
      }
      expect(Object.keys(report).length).toBeGreaterThan(0);
      expect(Object.fromEntries(Object.entries(report).filter(([, v]) => v.length))).toEqual({});
    });
  }
}

test('reflow: no route scrolls sideways at 320 CSS px (1.4.10, 400 % zoom of 1280 px)', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page, fixture.session);
  const report: Record<string, string[]> = {};
  for (const route of routes) {
    const url = VISITS[route.path]!(fixture);
    await page.goto(url);
    await laidOut(page);
    report[url] = await horizontalOverflow(page);
  }
  expect(Object.fromEntries(Object.entries(report).filter(([, v]) => v.length))).toEqual({});
});

test('text spacing (1.4.12): with the bookmarklet applied, key screens keep their text in their boxes and still reflow', async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const url of ['/', `/products/${fixture.productId}/details`, '/filtered-products', '/contact-us', '/accessibility']) {
    await page.goto(url);
    await settled(page);
    await page.addStyleTag({ content: TEXT_SPACING_CSS });
    const clipped = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of Array.from(document.querySelectorAll('main button, main a, main h1, main h2, main h3, main p, main label'))) {
        const style = getComputedStyle(el);
        // Visually hidden text (a screen reader's heading) is clipped on purpose.
        if (style.overflow === 'visible' || (el as HTMLElement).offsetParent === null || el.getBoundingClientRect().width <= 1) continue;
        // Text cut off by its own box (ellipsis aside: the whole text stays in the title/name).
        if (el.scrollHeight > el.clientHeight + 2 && style.textOverflow !== 'ellipsis' && !style.webkitLineClamp.match(/\d/))
          out.push(`${el.tagName.toLowerCase()}: ${(el.textContent ?? '').slice(0, 40)}`);
      }
      return out.slice(0, 5);
    });
    expect(clipped, url).toEqual([]);
    expect(await horizontalOverflow(page), url).toEqual([]);
  }
});

test('at 1280 px a notice never covers the open cart drawer, and leaves even with the pointer resting on it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await settled(page);
  await page.getByTestId('login-button').click();
  const login = page.getByRole('dialog', { name: ro['auth.login_title'] });
  await login.getByTestId('phone-field').fill(fixture.session.phone);
  await login.getByTestId('login-password').fill('parola-sigura-2026');
  await login.getByTestId('login-submit').click();
  const notice = page.locator('.mantine-Notification-root', { hasText: ro['auth.login_successful'] });
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: /coș/i }).first().click();
  const drawer = page.locator('.mantine-Drawer-content');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button').first()).toBeVisible();
  const [n, d] = [await notice.boundingBox(), await drawer.boundingBox()];
  expect(n!.x + n!.width, 'the notice ends left of the drawer').toBeLessThanOrEqual(d!.x);
  // The pointer rests on it: it pauses, but leaves within its time plus the 5 s grace.
  await notice.hover();
  await expect(notice).toBeHidden({ timeout: 15_000 });
});
