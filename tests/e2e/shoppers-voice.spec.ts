/**
 * Issue 37 in the browser: a shopper reviews a delivered order (written offline, sent when the
 * connection is back, shown as waiting until then) and finds it on the shop page; anyone reports a
 * listing and gets a reference. Screenshots at 375 and 1280 px into .tmp/, axe on the new screens.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, signIn } from './users.ts';

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await page.screenshot({ path: `.tmp/voice-${name}-${width}.png`, fullPage: false });
  }
}

test('a delivered order is reviewed offline, sent when back online, and shown on the shop page', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const shopper = await createVerifiedUser(request, 'Ioana Mărginean');
  const auth = { Authorization: `Bearer ${shopper.token}` };
  const address = await request.post('/api/address/store', {
    headers: auth,
    data: {
      name: 'Ioana',
      phone: '0722123456',
      county: 'Cluj',
      locality: 'Cluj-Napoca',
      street: 'Str. Horea 1',
      postal_code: '400001',
      type: 'home',
    },
  });
  expect(address.ok()).toBe(true);
  const list = await (await request.get('/api/products/filter?sort=newest&in_stock=1')).json();
  const product = list.data.data.find((p: { quantity: number; has_size?: boolean }) => p.quantity > 0) as { id: number; shop_id: number };
  const details = (await (await request.get(`/api/products/${product.id}`)).json()).data.product;
  const stored = await request.post('/api/cart/store', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { product_id: product.id, quantity: 1, size: details.sizes?.[0]?.id, color: details.colors?.[0]?.id },
  });
  expect(stored.ok(), await stored.text()).toBe(true);
  const placed = await request.post('/api/place-order', {
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
    data: { selected_products: [product.id], address_id: (await address.json()).data.address.id, payment_method: 'cash' },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = (await placed.json()).data.orders[0].id as number;
  expect((await request.post(`/api/dev/operator/orders/${orderId}/status`, { data: { status: 'delivered' } })).ok()).toBe(true);

  await signIn(page, shopper);
  await page.goto(`/order-history/${orderId}`);
  const form = page.getByTestId('review-form');
  await expect(form).toBeVisible();
  await shoot(page, 'review-form');
  expect(await seriousViolations(page, '[data-testid="review-form"]')).toEqual([]);

  await context.setOffline(true);
  await form.getByTestId('review-rating').locator('label').nth(3).click();
  const text = `Geaca a venit bine împachetată, exact ca în poze. ${Date.now()}`;
  await page.getByTestId('review-text').fill(text);
  await page.getByTestId('review-submit').click();
  await expect(page.getByTestId('review-waiting')).toBeVisible();
  await shoot(page, 'review-waiting');
  await context.setOffline(false);
  await expect(page.getByTestId('review-published')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('order-review')).toContainText(text);

  await page.goto(`/shops/${details.shop.id}?reviews=1#reviews`);
  const reviews = page.getByTestId('shop-reviews');
  await expect(reviews.getByTestId('review').first()).toContainText(text);
  await expect(reviews.getByTestId('review').first()).toContainText('Ioana M.');
  await expect(reviews.getByTestId('review').first()).toContainText('Cumpărare verificată');
  await reviews.scrollIntoViewIfNeeded();
  await shoot(page, 'shop-reviews');
  expect(await seriousViolations(page, '[data-testid="shop-reviews"]')).toEqual([]);
});

test('anyone reports a listing and gets a reference', async ({ page, request }) => {
  test.setTimeout(90_000);
  const list = await (await request.get('/api/products/filter?sort=newest')).json();
  const product = list.data.data[1] as { id: number; name: string };
  await page.goto(`/products/${product.id}/details`);
  await page.getByTestId('report-product').click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await page.getByTestId('report-submit').click();
  await expect(modal.getByText('Confirmă că raportarea este făcută cu bună-credință.')).toBeVisible();
  await page.getByTestId('report-reason').click();
  await page.getByRole('option', { name: 'Bunuri ilegale sau contrafăcute' }).click();
  await page.getByTestId('report-explanation').fill('Produsul pare o copie a unui model de firmă, vândută ca originală.');
  await page.getByTestId('report-name').fill('Elena Dinu');
  await page.getByTestId('report-email').fill('elena.dinu@example.ro');
  await page.getByTestId('report-good-faith').check();
  await shoot(page, 'report-form');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.getByTestId('report-submit').click();
  await expect(page.getByTestId('report-reference')).toContainText(/R-[0-9A-HJKMNP-TV-Z]{8}/);
  await shoot(page, 'report-done');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
});
