/**
 * Checkout and orders of issue #5 in Chromium against the real server: cash on delivery from
 * the cart to the order history and a cancellation; the sandbox card page approving and
 * declining.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { createVerifiedUser, signIn } from './users.ts';

interface ApiProduct {
  id: number;
  name: string;
  quantity: number;
  shop_id: number;
}

async function shopperWithCart(page: Page, request: APIRequestContext, skip: number) {
  const session = await createVerifiedUser(request, 'Elena Comandă');
  const body = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=60')).json();
  const product = (body.data.data as ApiProduct[]).filter((p) => p.quantity >= 2)[skip]!;
  const added = await request.post('/api/cart/store', {
    data: { product_id: product.id, quantity: 1 },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const address = await request.post('/api/address/store', {
    data: {
      name: 'Elena Comandă',
      phone: '0721000333',
      county: 'Cluj',
      locality: 'Cluj-Napoca',
      street: 'Str. Memorandumului 10',
      postal_code: '400114',
      type: 'home',
      is_default: true,
    },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(address.ok(), await address.text()).toBe(true);
  await signIn(page, session);
  return { session, product };
}

async function stockOf(request: APIRequestContext, id: number) {
  return (await (await request.get(`/api/products/${id}`)).json()).data.product.quantity as number;
}

test('cash on delivery: checkout → order in history → cancel restores stock', async ({ page, request }) => {
  const { product } = await shopperWithCart(page, request, 3);
  const before = await stockOf(request, product.id);
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-group')).toHaveCount(1);
  await expect(page.getByTestId('checkout-summary')).toBeVisible();
  await page.getByTestId('payment-cash').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByTestId('payment-success')).toBeVisible();
  expect(await stockOf(request, product.id)).toBe(before - 1);

  await page.goto('/order-history');
  const row = page.getByTestId('order-row').first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('order-item')).toContainText(product.name);
  await page.getByTestId('cancel-order').click();
  await page.getByRole('dialog').getByRole('button', { name: ro['common.yes'] }).click();
  await expect(page.getByTestId('order-status').first()).toHaveAttribute('data-status', 'cancelled');
  expect(await stockOf(request, product.id)).toBe(before);
});

for (const outcome of ['approve', 'decline'] as const) {
  test(`card payment in the sandbox: ${outcome}`, async ({ page, request }) => {
    const { product } = await shopperWithCart(page, request, outcome === 'approve' ? 4 : 5);
    const before = await stockOf(request, product.id);
    await page.goto('/checkout');
    await page.getByTestId('payment-card').click();
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
    await page.getByRole('button', { name: outcome === 'approve' ? /aprob|approve/i : /refuz|decline/i }).click();
    if (outcome === 'approve') {
      await expect(page).toHaveURL(/\/payment-success\?order=/);
      expect(await stockOf(request, product.id)).toBe(before - 1);
    } else {
      await expect(page).toHaveURL(/\/payment-failure\?order=/);
      await expect(page.getByTestId('payment-failure')).toBeVisible();
      expect(await stockOf(request, product.id)).toBe(before);
    }
  });
}

test('buy now from the product page: the cart stays as it is, the order is placed for that item', async ({ page, request }) => {
  const { session, product: inCart } = await shopperWithCart(page, request, 6);
  const body = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=60')).json();
  const product = (body.data.data as ApiProduct[]).filter((p) => p.quantity >= 2 && p.id !== inCart.id)[7]!;
  const before = await stockOf(request, product.id);
  await page.goto(`/products/${product.id}/details`);
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(/\/buynow$/);
  await expect(page.getByTestId('checkout-group')).toContainText(product.name);
  await page.getByTestId('payment-cash').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  expect(await stockOf(request, product.id)).toBe(before - 1);
  // The cart still holds only what was there before.
  const cart = await (await request.get('/api/carts', { headers: { Authorization: `Bearer ${session.token}` } })).json();
  expect(cart.data.cart_items.flatMap((g: { products: { product_id: number }[] }) => g.products.map((p) => p.product_id))).toEqual([
    inCart.id,
  ]);
});

test('buy now with no address: an address typed offline is kept, saved as the default once online; the buy-now item goes after the order', async ({
  page,
  context,
  request,
}) => {
  const session = await createVerifiedUser(request, 'Ioana Fără Adresă');
  await signIn(page, session);
  const body = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=60')).json();
  const product = (body.data.data as ApiProduct[]).filter((p) => p.quantity >= 2)[9]!;
  await page.goto(`/products/${product.id}/details`);
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(/\/buynow$/);
  const form = page.getByTestId('address-form');
  await expect(form).toBeVisible();

  await context.setOffline(true);
  await form.getByLabel(ro['address.name']).fill('Ioana Fără Adresă');
  await form.getByLabel(ro['address.phone']).fill('0722 111 444');
  await form.getByRole('combobox', { name: ro['address.county'] }).fill('Iași');
  await page.getByRole('option', { name: 'Iași' }).click();
  await form.getByLabel(ro['address.locality']).fill('Iași');
  await form.getByLabel(ro['address.street']).fill('Bd. Copou 11');
  await form.getByLabel(ro['address.postal_code']).fill('700506');
  await form.getByRole('button', { name: ro['address.save'] }).click();
  await expect(form.getByRole('alert')).toHaveText(ro['checkout.action_offline']);
  await expect(page.getByTestId('address-draft')).toBeVisible();
  await expect(page.getByTestId('place-order')).toBeDisabled();

  await context.setOffline(false);
  // Saved as the default without another tap, and chosen for the order.
  await expect(page.getByTestId('address-option')).toHaveCount(1, { timeout: 15_000 });
  const addresses = await (await request.get('/api/addresses', { headers: { Authorization: `Bearer ${session.token}` } })).json();
  expect(addresses.data.addresses).toMatchObject([{ street: 'Bd. Copou 11', postal_code: '700506', is_default: true }]);
  await page.getByTestId('payment-cash').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  const basket = await page.evaluate(() => JSON.parse(localStorage.getItem('basket') ?? '{}'));
  expect(basket).toMatchObject({ buyNow: null, coupon_code: null, pendingAddress: null });
});
