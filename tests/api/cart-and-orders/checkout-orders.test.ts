/**
 * Checkout, orders and card payment (issue #5, ADR 007): the server-priced summary (delivery
 * bands per shop, vouchers, VAT contained), place-order (JSON and multipart) in one transaction,
 * idempotent retries, the last-unit race (20 shoppers, exactly one order, stock never below 0),
 * buy now, order list / details / cancel (stock restored), the dashboard, and the sandbox card
 * payment (approve and decline).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutResponseSchema } from '#contract/checkout.ts';
import { orderListResponseSchema, orderResponseSchema, placeOrderResponseSchema } from '#contract/orders.ts';
import { dashboardResponseSchema } from '#contract/auth.ts';
import { cartItems, orders, products } from '#server/db/schema.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { ADDRESS, key, makeProduct, makeShop, makeVoucher, stockOf, quickUser, shopperWithAddress } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
type Shopper = { token: string; user: { id: number }; address: number };
let ana: Shopper;
let ion: Shopper;

const shopper = (name: string): Promise<Shopper> => shopperWithAddress(t, c, name);

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  ana = await shopper('Ana Popescu');
  ion = await shopper('Ion Ionescu');
});

const clear = (userId: number) => t.db.delete(cartItems).where(eq(cartItems.userId, userId));
async function add(s: Shopper, productId: number, quantity = 1, extra: Record<string, unknown> = {}) {
  const res = await c.post('/cart/store', { product_id: productId, quantity, ...extra }, { token: s.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Two shops: A (bands 0–2 kg 15 lei, 2.001–10 kg 25 lei) and B (no bands). */
async function twoShopCart(s: Shopper) {
  await clear(s.user.id);
  const shopA = await makeShop(t);
  const shopB = await makeShop(t, []);
  const a1 = await makeProduct(t, shopA.id, { price: 120, discountPrice: 100, quantity: 5, weight: 0.8 });
  const a2 = await makeProduct(t, shopA.id, { price: 50, quantity: 5, weight: 1, sizes: [{ name: 'L', price: 5 }] });
  const b1 = await makeProduct(t, shopB.id, { price: 40, quantity: 1, weight: 3 });
  await add(s, a1.id, 2);
  await add(s, a2.id, 1, { size: a2.sizes[0]!.id });
  await add(s, b1.id, 1);
  return { shopA, shopB, a1, a2, b1 };
}

describe('POST /cart/checkout', () => {
  it('prices the selection per shop: delivery band of the summed weight, VAT contained, no client prices', async () => {
    const { shopA, shopB, a1, a2, b1 } = await twoShopCart(ana);
    const res = await c.post(
      '/cart/checkout',
      { shop_ids: [shopA.id, shopB.id], selected_products: [a1.id, a2.id, b1.id], price: 1 },
      { token: ana.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data } = checkoutResponseSchema.parse(res.json());
    // A: 2×100 + 55 = 255, weight 2.6 kg → 25 lei; B: 40, 3 kg, no band → 0.
    expect(data.checkout_items.map((g) => [g.shop_id, g.subtotal, g.weight, g.delivery_charge])).toEqual([
      [shopA.id, 255, 2.6, 25],
      [shopB.id, 40, 3, 0],
    ]);
    expect(data.checkout).toEqual({
      total_amount: 295,
      delivery_charge: 25,
      coupon_discount: 0,
      payable_amount: 320,
      order_tax_amount: 55.54,
    });
  });

  it('selected_products are product ids; shop_ids and cart_ids narrow the selection', async () => {
    const { shopA, a1, a2, b1 } = await twoShopCart(ana);
    const onlyA = await c.post('/cart/checkout', { shop_ids: [shopA.id], selected_products: [a1.id, b1.id] }, { token: ana.token });
    expect(
      onlyA.json().data.checkout_items.map((g: { products: { product_id: number }[] }) => g.products.map((p) => p.product_id)),
    ).toEqual([[a1.id]]);
    expect(onlyA.json().data.checkout).toMatchObject({ total_amount: 200, delivery_charge: 15, payable_amount: 215 });
    const cart = (await c.get('/carts', { token: ana.token })).json().data;
    const a2Line = cart.cart_items[0].products.find((p: { product_id: number }) => p.product_id === a2.id).id;
    const byLine = await c.post('/cart/checkout', { cart_ids: [a2Line] }, { token: ana.token });
    expect(byLine.json().data.checkout.total_amount).toBe(55);
    // Comma-separated ids as a form would send them.
    expect(
      (await c.post('/cart/checkout', { selected_products: `${a1.id},${a2.id}` }, { token: ana.token })).json().data.checkout.total_amount,
    ).toBe(255);
  });

  it("refuses an empty selection, products not in the cart, another user's lines and address", async () => {
    const { a1 } = await twoShopCart(ana);
    const empty = await c.post('/cart/checkout', { selected_products: [] }, { token: ion.token, lang: 'en' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Please select at least one product');
    expect((await c.post('/cart/checkout', { selected_products: [a1.id] }, { token: ion.token })).statusCode).toBe(404);
    const line = (await c.get('/carts', { token: ana.token })).json().data.cart_items[0].products[0].id;
    expect((await c.post('/cart/checkout', { cart_ids: [line] }, { token: ion.token })).statusCode).toBe(404);
    expect((await c.post('/cart/checkout', { selected_products: [a1.id], address_id: ion.address }, { token: ana.token })).statusCode).toBe(
      404,
    );
    expect((await c.post('/cart/checkout', { selected_products: ['x'] }, { token: ana.token })).statusCode).toBe(422);
  });

  it('applies a collected, valid voucher of a selected shop once its minimum is met', async () => {
    const { shopA, shopB, a1, a2 } = await twoShopCart(ana);
    const pct = await makeVoucher(t, shopA.id, { discount: 10, type: 'Percentage', min: 100 });
    const big = await makeVoucher(t, shopA.id, { discount: 30, type: 'Amount', min: 1000 });
    const expired = await makeVoucher(t, shopA.id, { discount: 5, type: 'Amount' });
    const other = await makeVoucher(t, shopB.id, { discount: 5, type: 'Amount' });
    const body = (code: string) => ({ shop_ids: [shopA.id], selected_products: [a1.id, a2.id], coupon_code: code });

    const uncollected = await c.post('/cart/checkout', body(pct.code), { token: ana.token, lang: 'en' });
    expect(uncollected.statusCode).toBe(422);
    expect(uncollected.json().errors.coupon_code).toEqual(['Collect this voucher before using it']);

    for (const v of [pct, big, expired, other])
      expect((await c.post('/vouchers-collect', { coupon_id: v.id }, { token: ana.token })).statusCode).toBe(200);
    const ok = await c.post('/cart/checkout', body(pct.code.toLowerCase()), { token: ana.token });
    expect(ok.statusCode, ok.body).toBe(200);
    // 255 − 25.50 + 25 delivery = 254.50; VAT contained 44.17.
    expect(ok.json().data.checkout).toEqual({
      total_amount: 255,
      delivery_charge: 25,
      coupon_discount: 25.5,
      payable_amount: 254.5,
      order_tax_amount: 44.17,
    });
    expect(ok.json().data.coupon_code).toBe(pct.code);

    const min = await c.post('/cart/checkout', body(big.code), { token: ana.token, lang: 'en' });
    expect(min.statusCode).toBe(422);
    expect(min.json().errors.coupon_code).toEqual(['The minimum order for this voucher is 1000.00']);

    const { vouchers } = await import('#server/db/schema.ts');
    await t.db
      .update(vouchers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(vouchers.id, expired.id));
    const exp = await c.post('/cart/checkout', body(expired.code), { token: ana.token, lang: 'en' });
    expect(exp.statusCode).toBe(422);
    expect(exp.json().errors.coupon_code).toEqual(['This voucher is not valid now']);

    const wrong = await c.post('/cart/checkout', body(other.code), { token: ana.token, lang: 'en' });
    expect(wrong.json().errors.coupon_code).toEqual(['This voucher is not for the selected shops']);
    expect((await c.post('/cart/checkout', body('NOPE-123'), { token: ana.token })).statusCode).toBe(422);
  });

  it('prices a buy-now item without reading the cart', async () => {
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { price: 80, quantity: 3, weight: 2.5 });
    const res = await c.post('/cart/checkout', { buy_now: { product_id: p.id, quantity: 1 } }, { token: ion.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.checkout).toMatchObject({ total_amount: 80, delivery_charge: 25, payable_amount: 105 });
  });
});

describe('POST /place-order', () => {
  it('creates one order per shop in one go: stock down, cart lines gone, prices fixed, history started', async () => {
    const { shopA, shopB, a1, a2, b1 } = await twoShopCart(ana);
    const other = await makeProduct(t, shopA.id, { quantity: 3 });
    await add(ana, other.id, 1); // not selected: stays in the cart
    const res = await c.post(
      '/place-order',
      {
        shop_ids: [shopA.id, shopB.id],
        selected_products: [a1.id, a2.id, b1.id],
        address_id: ana.address,
        payment_method: 'cash',
        note: 'Sunați înainte',
      },
      { token: ana.token, key: key(), lang: 'en' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = placeOrderResponseSchema.parse(res.json());
    expect(message).toBe('Order placed successfully');
    expect(data.payment_url).toBeNull();
    expect(data.orders.map((o) => [o.shop.id, o.status, o.payment_status, o.payable_amount, o.items_count])).toEqual([
      [shopA.id, 'pending', 'unpaid', 280, 3],
      [shopB.id, 'pending', 'unpaid', 40, 1],
    ]);
    expect([await stockOf(t, a1.id), await stockOf(t, a2.id), await stockOf(t, b1.id), await stockOf(t, other.id)]).toEqual([3, 4, 0, 3]);
    const cart = (await c.get('/carts', { token: ana.token })).json().data;
    expect(cart.cart_items.flatMap((g: { products: { product_id: number }[] }) => g.products.map((p) => p.product_id))).toEqual([other.id]);

    // Prices are those at purchase time, whatever happens to the product later.
    await t.db.update(products).set({ price: 999, discountPrice: 0 }).where(eq(products.id, a1.id));
    const details = orderResponseSchema.parse((await c.get(`/orders/${data.orders[0]!.id}`, { token: ana.token })).json()).data.order;
    expect(details.items.map((i) => [i.product_id, i.quantity, i.price, i.unit_price, i.line_total, i.size])).toEqual([
      [a1.id, 2, 120, 100, 200, null],
      [a2.id, 1, 55, 55, 55, a2.sizes[0]!.name],
    ]);
    expect(details).toMatchObject({
      total_amount: 255,
      delivery_charge: 25,
      order_tax_amount: 48.6,
      weight: 2.6,
      note: 'Sunați înainte',
      can_cancel: true,
      address: { name: ADDRESS.name, county: 'Cluj', postal_code: '400114', country: 'România' },
    });
    expect(details.history.map((h) => h.status)).toEqual(['pending']);
  });

  it('accepts the multipart form the spec describes', async () => {
    await clear(ion.user.id);
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { price: 10, quantity: 2 });
    await add(ion, p.id, 1);
    const boundary = '----talcioc-order';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload =
      field('shop_ids[]', String(shop.id)) +
      field('selected_products[]', String(p.id)) +
      field('address_id', String(ion.address)) +
      field('payment_method', 'cash') +
      `--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/place-order',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${ion.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orders).toHaveLength(1);
    expect(await stockOf(t, p.id)).toBe(1);
  });

  it('a retried request with the same key places once and answers the same; another body is refused', async () => {
    await clear(ion.user.id);
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { quantity: 5 });
    await add(ion, p.id, 2);
    const k = key();
    const body = { selected_products: [p.id], address_id: ion.address, payment_method: 'cash' };
    const [first, second] = await Promise.all([
      c.post('/place-order', body, { token: ion.token, key: k }),
      c.post('/place-order', body, { token: ion.token, key: k }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    const third = await c.post('/place-order', body, { token: ion.token, key: k });
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json()).toEqual(first.json());
    expect(await stockOf(t, p.id)).toBe(3);
    expect((await t.db.select().from(orders).where(eq(orders.shopId, shop.id))).length).toBe(1);
    const changed = await c.post('/place-order', { ...body, note: 'alt' }, { token: ion.token, key: k });
    expect(changed.statusCode).toBe(422);
  });

  it("refuses bad input: missing address, another user's address, unknown payment method, sold-out lines", async () => {
    await clear(ion.user.id);
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { quantity: 2 });
    await add(ion, p.id, 2);
    const missing = await c.post('/place-order', { selected_products: [p.id], payment_method: 'cash' }, { token: ion.token });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['address_id']);
    expect(
      (await c.post('/place-order', { selected_products: [p.id], address_id: ana.address, payment_method: 'cash' }, { token: ion.token }))
        .statusCode,
    ).toBe(404);
    const method = await c.post(
      '/place-order',
      { selected_products: [p.id], address_id: ion.address, payment_method: 'bitcoin' },
      { token: ion.token },
    );
    expect(Object.keys(method.json().errors)).toEqual(['payment_method']);
    await t.db.update(products).set({ quantity: 1 }).where(eq(products.id, p.id));
    const sold = await c.post(
      '/place-order',
      { selected_products: [p.id], address_id: ion.address, payment_method: 'cash' },
      { token: ion.token, lang: 'en' },
    );
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe(`${p.name} is no longer available in this quantity`);
    expect(await stockOf(t, p.id)).toBe(1);
  });

  it('20 shoppers racing for the last unit: exactly one order, stock 0, the others told which product', async () => {
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { quantity: 1, price: 75 });
    const racers = await Promise.all(Array.from({ length: 20 }, (_, i) => quickUser(t, `Cumpărător ${i}`)));
    const ready = await Promise.all(
      racers.map(async (r) => {
        const address = (await c.post('/address/store', ADDRESS, { token: r.token })).json().data.address.id as number;
        expect((await c.post('/cart/store', { product_id: p.id, quantity: 1 }, { token: r.token })).statusCode).toBe(200);
        return { token: r.token, address };
      }),
    );
    const results = await Promise.all(
      ready.map((r) =>
        c.post(
          '/place-order',
          { selected_products: [p.id], address_id: r.address, payment_method: 'cash' },
          { token: r.token, key: key(), lang: 'en' },
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(`${p.name} is no longer available`);
    expect(await stockOf(t, p.id)).toBe(0);
    expect((await t.db.select().from(orders).where(eq(orders.shopId, shop.id))).length).toBe(1);
  });
});

describe('POST /buy-now', () => {
  it('orders one item without touching the cart, ignoring client prices', async () => {
    await clear(ion.user.id);
    const shop = await makeShop(t);
    const inCart = await makeProduct(t, shop.id, { quantity: 3 });
    await add(ion, inCart.id, 1);
    const p = await makeProduct(t, shop.id, { price: 60, quantity: 2, weight: 0.4 });
    const res = await c.post(
      '/buy-now',
      { product_id: p.id, quantity: 2, address_id: ion.address, payment_method: 'cash', weight: 0, delivery_charge: 0, price: 1 },
      { token: ion.token, key: key() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orders[0]).toMatchObject({ total_amount: 120, delivery_charge: 15, payable_amount: 135 });
    expect(await stockOf(t, p.id)).toBe(0);
    expect(
      (await c.get('/carts', { token: ion.token })).json().data.cart_items[0].products.map((x: { product_id: number }) => x.product_id),
    ).toEqual([inCart.id]);
    expect(
      (await c.post('/buy-now', { product_id: p.id, quantity: 1, address_id: ion.address, payment_method: 'cash' }, { token: ion.token }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await c.post(
          '/buy-now',
          { product_id: 2_000_000_000, quantity: 1, address_id: ion.address, payment_method: 'cash' },
          { token: ion.token },
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('orders: list, details, cancel, dashboard', () => {
  it("lists own orders paginated and filtered; another user's order answers 404", async () => {
    const shop = await makeShop(t);
    const products_ = await Promise.all(Array.from({ length: 11 }, () => makeProduct(t, shop.id, { quantity: 2, price: 5 })));
    const fresh = await shopper('Maria Pop');
    for (const p of products_) {
      const r = await c.post('/buy-now', { product_id: p.id, address_id: fresh.address, payment_method: 'cash' }, { token: fresh.token });
      expect(r.statusCode, r.body).toBe(200);
    }
    const page1 = orderListResponseSchema.parse((await c.get('/orders', { token: fresh.token })).json()).data;
    expect(page1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    const page2 = (await c.get('/orders?page=2', { token: fresh.token })).json().data;
    expect(page2.data).toHaveLength(1);
    const newest = page1.data[0]!;
    expect((await c.post(`/orders/${newest.id}/cancel`, {}, { token: fresh.token })).statusCode).toBe(200);
    const cancelled = (await c.get('/orders?status=cancelled', { token: fresh.token })).json().data;
    expect(cancelled.data.map((o: { id: number }) => o.id)).toEqual([newest.id]);
    expect((await c.get('/orders?status=lost', { token: fresh.token })).statusCode).toBe(422);
    expect((await c.get('/orders?page=0', { token: fresh.token })).statusCode).toBe(422);

    expect((await c.get(`/orders/${newest.id}`, { token: ion.token })).statusCode).toBe(404);
    expect((await c.post(`/orders/${newest.id}/cancel`, {}, { token: ion.token })).statusCode).toBe(404);
    expect((await c.get('/orders', { token: ion.token })).json().data.data.map((o: { id: number }) => o.id)).not.toContain(newest.id);

    const dash = dashboardResponseSchema.parse((await c.get('/dashboard', { token: fresh.token })).json()).data;
    expect(dash.orders_by_status).toEqual({ pending: 10, cancelled: 1 });
    expect(dash.recent_orders).toHaveLength(5);
    expect(dash.recent_orders[0]).toMatchObject({ id: newest.id, status: 'cancelled', total: 20 });
  });

  it('cancel restores stock, is idempotent, and is refused once shipped', async () => {
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { quantity: 3 });
    const placed = await c.post(
      '/buy-now',
      { product_id: p.id, quantity: 2, address_id: ion.address, payment_method: 'cash' },
      { token: ion.token },
    );
    const id = placed.json().data.orders[0].id as number;
    expect(await stockOf(t, p.id)).toBe(1);
    const cancel = await c.post(`/orders/${id}/cancel`, {}, { token: ion.token, lang: 'en' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().message).toBe('Order cancelled');
    expect(cancel.json().data.order).toMatchObject({ status: 'cancelled', can_cancel: false });
    expect(cancel.json().data.order.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'cancelled']);
    expect(await stockOf(t, p.id)).toBe(3);
    const again = await c.post(`/orders/${id}/cancel`, {}, { token: ion.token });
    expect(again.statusCode).toBe(200);
    expect(await stockOf(t, p.id)).toBe(3);

    const shipped = await c.post(
      '/buy-now',
      { product_id: p.id, quantity: 1, address_id: ion.address, payment_method: 'cash' },
      { token: ion.token },
    );
    const shippedId = shipped.json().data.orders[0].id as number;
    await t.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, shippedId));
    const refused = await c.post(`/orders/${shippedId}/cancel`, {}, { token: ion.token, lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This order can no longer be cancelled');
    expect(await stockOf(t, p.id)).toBe(2);
  });
});

describe('sandbox card payment', () => {
  async function cardOrder(quantity = 1) {
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { quantity: 2, price: 30 });
    const res = await c.post(
      '/buy-now',
      { product_id: p.id, quantity, address_id: ion.address, payment_method: 'card' },
      { token: ion.token, key: key() },
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = placeOrderResponseSchema.parse(res.json()).data;
    return { p, order: data.orders[0]!, url: data.payment_url! };
  }

  it('serves a locked-down page and approves: orders paid, 303 to /payment-success', async () => {
    const { order, url } = await cardOrder();
    expect(order.payment_status).toBe('awaiting');
    expect(url).toMatch(/^\/api\/payments\/sandbox\/[0-9a-f-]{36}$/);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(`${url}/approve`);
    expect(page.body).toContain(order.number);
    expect(page.body).not.toMatch(/https?:\/\//);
    const approve = await t.app.inject({
      method: 'POST',
      url: `${url}/approve`,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`/payment-success?order=${order.number}`);
    const details = (await c.get(`/orders/${order.id}`, { token: ion.token })).json().data.order;
    expect(details).toMatchObject({ payment_status: 'paid', status: 'pending' });
    // A finished payment cannot be declined afterwards.
    const late = await t.app.inject({ method: 'POST', url: `${url}/decline` });
    expect(late.headers.location).toBe(`/payment-success?order=${order.number}`);
  });

  it('decline: payment failed, order cancelled, stock restored, 303 to /payment-failure', async () => {
    const { p, order, url } = await cardOrder(2);
    expect(await stockOf(t, p.id)).toBe(0);
    const decline = await t.app.inject({ method: 'POST', url: `${url}/decline` });
    expect(decline.statusCode).toBe(303);
    expect(decline.headers.location).toBe(`/payment-failure?order=${order.number}`);
    const details = (await c.get(`/orders/${order.id}`, { token: ion.token })).json().data.order;
    expect(details).toMatchObject({ payment_status: 'failed', status: 'cancelled' });
    expect(await stockOf(t, p.id)).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    // An order cancelled before paying is never charged: approving afterwards declines.
    const other = await cardOrder();
    expect((await c.post(`/orders/${other.order.id}/cancel`, {}, { token: ion.token })).statusCode).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: `${other.url}/approve` });
    expect(late.headers.location).toBe(`/payment-failure?order=${other.order.number}`);
    expect((await c.get(`/orders/${other.order.id}`, { token: ion.token })).json().data.order).toMatchObject({
      status: 'cancelled',
      payment_status: 'failed',
    });
    expect(await stockOf(t, other.p.id)).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/nope' })).statusCode).toBe(422);
  });
});

describe('operator command (npm run ops -- order:status)', () => {
  it('parses its arguments strictly', async () => {
    const { parseArgs } = await import('../../../scripts/ops/ops.ts');
    expect(parseArgs(['order:status', 'TLC-1', 'shipped', '--tracking', 'FAN 123'])).toEqual({
      order: 'TLC-1',
      status: 'shipped',
      tracking: 'FAN 123',
    });
    expect(() => parseArgs(['order:status', '1'])).toThrow(/usage/);
    expect(() => parseArgs(['order:status', '1', 'lost'])).toThrow(/Unknown status/);
    expect(() => parseArgs(['order:status', '1', 'confirmed', '--tracking', 'x'])).toThrow(/shipped/);
  });

  it('moves an order along valid transitions with history and tracking, and tells the hook after commit', async () => {
    const { runOrderStatus } = await import('../../../scripts/ops/ops.ts');
    const { OrderStatusEvents } = await import('#server/services/order-status.ts');
    const events = new OrderStatusEvents();
    const seen: string[] = [];
    const off = events.on((e) => {
      seen.push(`${e.orderNumber}:${e.from}->${e.to}`);
    });
    try {
      const shop = await makeShop(t);
      const p = await makeProduct(t, shop.id, { quantity: 2 });
      const placed = (
        await c.post('/buy-now', { product_id: p.id, address_id: ion.address, payment_method: 'cash' }, { token: ion.token })
      ).json().data.orders[0];
      await runOrderStatus(t.db, { order: String(placed.id), status: 'confirmed' }, events);
      await runOrderStatus(t.db, { order: placed.number, status: 'processing' }, events);
      await expect(runOrderStatus(t.db, { order: placed.number, status: 'delivered' }, events)).rejects.toThrow(
        'An order cannot go from processing to delivered.',
      );
      await runOrderStatus(t.db, { order: placed.number, status: 'shipped', tracking: 'FAN Courier 2345' }, events);
      await runOrderStatus(t.db, { order: placed.number, status: 'delivered' }, events);
      await expect(runOrderStatus(t.db, { order: 'TLC-NOPE', status: 'confirmed' }, events)).rejects.toThrow('No order TLC-NOPE.');
      const details = (await c.get(`/orders/${placed.id}`, { token: ion.token })).json().data.order;
      expect(details).toMatchObject({ status: 'delivered', tracking: 'FAN Courier 2345', can_cancel: false });
      expect(details.history.map((h: { status: string }) => h.status)).toEqual([
        'pending',
        'confirmed',
        'processing',
        'shipped',
        'delivered',
      ]);
      expect(seen).toEqual(
        ['confirmed', 'processing', 'shipped', 'delivered'].map((to, i, all) => `${placed.number}:${i ? all[i - 1] : 'pending'}->${to}`),
      );
      // An operator cancel while processing restores the stock too.
      const other = (
        await c.post('/buy-now', { product_id: p.id, address_id: ion.address, payment_method: 'cash' }, { token: ion.token })
      ).json().data.orders[0];
      expect(await stockOf(t, p.id)).toBe(0);
      await runOrderStatus(t.db, { order: other.number, status: 'processing' }, events);
      await runOrderStatus(t.db, { order: other.number, status: 'cancelled' }, events);
      expect(await stockOf(t, p.id)).toBe(1);
    } finally {
      off();
    }
  });
});
