/**
 * The cart API (issue #5, product §7, ADR 007): GET /carts, POST /cart/store, increment, decrement,
 * delete — shapes, stock caps, the quantity-1 second-hand rule, buy-now validation, bad input,
 * isolation between users, and Idempotency-Key retries. One app for the file.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cartResponseSchema } from '#contract/cart.ts';
import { cartItems, idempotencyKeys, products } from '#server/db/schema.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeProduct, makeShop, quickUser } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let ana: { token: string; user: { id: number } };
let ion: { token: string; user: { id: number } };

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  [ana, ion] = [await quickUser(t, 'Ana Popescu'), await quickUser(t, 'Ion Ionescu')];
});

const lines = async (userId: number) => t.db.select().from(cartItems).where(eq(cartItems.userId, userId));
const clear = async (userId: number) => t.db.delete(cartItems).where(eq(cartItems.userId, userId));

describe('GET /carts', () => {
  it('needs a session', async () => {
    expect((await c.get('/carts')).statusCode).toBe(401);
    expect((await c.post('/cart/store', { product_id: 1, quantity: 1 })).statusCode).toBe(401);
  });

  it('answers an empty cart in the contract shape', async () => {
    const res = await c.get('/carts', { token: ion.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = cartResponseSchema.parse(res.json());
    expect(body.data).toMatchObject({ total: 0, cart_items: [] });
  });
});

describe('POST /cart/store', () => {
  it('adds a line with every cart-product field, grouped by shop, priced by the server', async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, {
      price: 120,
      discountPrice: 90,
      quantity: 4,
      weight: 0.8,
      sizes: [{ name: 'M', price: 10 }],
      colors: ['Roșu'],
    });
    const res = await c.post(
      '/cart/store',
      { product_id: product.id, quantity: 2, size: product.sizes[0]!.id, color: product.colors[0]!.id, unit: 'buc', price: 1 },
      { token: ana.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = cartResponseSchema.parse(res.json());
    expect(message).toBe('Produs adăugat în coș');
    expect(data.cart_items).toHaveLength(1);
    const group = data.cart_items[0]!;
    expect(group).toMatchObject({ id: shop.id, shop_id: shop.id, shop_name: shop.name, shop_rating: 4.5 });
    const line = group.products[0]!;
    expect(line).toMatchObject({
      product_id: product.id,
      name: product.name,
      brand: 'Zara',
      price: 130,
      discount_price: 100,
      // A discount typed in at listing announces no reduction (issue 36, ADR 030): as on its card.
      discount_percentage: 0,
      quantity: 2,
      size: { id: product.sizes[0]!.id, name: product.sizes[0]!.name },
      unit: { name: 'buc' },
      color: { id: product.colors[0]!.id, name: product.colors[0]!.name },
      shop: { id: shop.id },
      delivery_weights: [
        { min_weight: 0, max_weight: 2, price: 15 },
        { min_weight: 2.001, max_weight: 10, price: 25 },
      ],
      variant: { weight: 0.8 },
      stock: 4,
      line_total: 200,
    });
    expect(line.id).toBe((await lines(ana.user.id))[0]!.id);
    expect(data.total).toBe(200);
  });

  it('adds to the same line for the same size and colour, a new line for another size; stock caps the sum', async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, {
      price: 50,
      quantity: 3,
      sizes: [
        { name: 'S', price: 0 },
        { name: 'L', price: 5 },
      ],
    });
    const [s, l] = product.sizes;
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1, size: s!.id }, { token: ana.token })).statusCode).toBe(200);
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1, size: s!.id }, { token: ana.token })).statusCode).toBe(200);
    const res = await c.post('/cart/store', { product_id: product.id, quantity: 1, size: l!.id }, { token: ana.token });
    expect(res.statusCode).toBe(200);
    const data = cartResponseSchema.parse(res.json()).data;
    expect(data.cart_items[0]!.products.map((p) => [p.size?.id, p.quantity, p.line_total])).toEqual([
      [s!.id, 2, 100],
      [l!.id, 1, 55],
    ]);
    expect(data.total).toBe(155);
    const over = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, lang: 'en' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(`Only 0 of ${product.name} available`);
    expect(over.json().errors.quantity).toHaveLength(1);
  });

  it('refuses a second add of a quantity-1 second-hand item with a clear message', async () => {
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 1 });
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token })).statusCode).toBe(200);
    const again = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, lang: 'en' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(`${product.name} is a single item and is already in your cart`);
    const ro = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token });
    expect(ro.json().message).toBe(`${product.name} este un articol unic și este deja în coșul tău`);
    expect((await lines(ana.user.id)).filter((l) => l.productId === product.id)).toHaveLength(1);
  });

  it('refuses out-of-stock, inactive and unknown products, wrong sizes and colours', async () => {
    const shop = await makeShop(t);
    const none = await makeProduct(t, shop.id, { quantity: 0 });
    const hidden = await makeProduct(t, shop.id, { isActive: false });
    const other = await makeProduct(t, shop.id, { sizes: [{ name: 'XL', price: 0 }], colors: ['Verde'] });
    const sized = await makeProduct(t, shop.id, { sizes: [{ name: 'XS', price: 0 }] });
    const res0 = await c.post('/cart/store', { product_id: none.id, quantity: 1 }, { token: ana.token, lang: 'en' });
    expect(res0.statusCode).toBe(422);
    expect(res0.json().message).toBe(`${none.name} is out of stock`);
    expect((await c.post('/cart/store', { product_id: hidden.id, quantity: 1 }, { token: ana.token })).statusCode).toBe(404);
    expect((await c.post('/cart/store', { product_id: 2_000_000_000, quantity: 1 }, { token: ana.token })).statusCode).toBe(404);
    const size = await c.post('/cart/store', { product_id: sized.id, quantity: 1, size: other.sizes[0]!.id }, { token: ana.token });
    expect(size.statusCode).toBe(422);
    expect(Object.keys(size.json().errors)).toEqual(['size']);
    const color = await c.post('/cart/store', { product_id: sized.id, quantity: 1, color: other.colors[0]!.id }, { token: ana.token });
    expect(color.statusCode).toBe(422);
    expect(Object.keys(color.json().errors)).toEqual(['color']);
  });

  it.each([
    ['negative', -1],
    ['zero', 0],
    ['fraction', 1.5],
    ['huge', 1_000_000],
    ['text', 'doi'],
  ])('refuses a %s quantity per field', async (_name, quantity) => {
    const res = await c.post('/cart/store', { product_id: 1, quantity }, { token: ana.token, lang: 'en' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['quantity']);
  });

  it('refuses a bad product id per field', async () => {
    for (const product_id of [-3, 'abc', 0, 99_999_999_999]) {
      const res = await c.post('/cart/store', { product_id, quantity: 1 }, { token: ana.token });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['product_id']);
    }
  });

  it('buy now validates and answers the cart without changing it', async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 2 });
    const res = await c.post('/cart/store', { product_id: product.id, quantity: 2, is_buy_now: 1 }, { token: ana.token, lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Product ready to buy');
    expect(res.json().data.cart_items).toEqual([]);
    expect(await lines(ana.user.id)).toHaveLength(0);
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 3, is_buy_now: true }, { token: ana.token })).statusCode).toBe(
      422,
    );
  });
});

describe('increment, decrement, delete', () => {
  it('increments up to stock, decrements, and removes the line at quantity 1 with "product removed from cart"', async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 2, price: 10 });
    await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token });
    const inc = await c.post('/cart/increment', { product_id: product.id }, { token: ana.token });
    expect(inc.statusCode).toBe(200);
    expect(inc.json().data.cart_items[0].products[0].quantity).toBe(2);
    expect(inc.json().data.total).toBe(20);
    const capped = await c.post('/cart/increment', { product_id: product.id }, { token: ana.token });
    expect(capped.statusCode).toBe(422);
    const dec = await c.post('/cart/decrement', { product_id: product.id }, { token: ana.token });
    expect(dec.json().data).toMatchObject({ removed: false, total: 10 });
    const gone = await c.post('/cart/decrement', { product_id: product.id }, { token: ana.token, lang: 'en' });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({
      message: 'product removed from cart',
      data: { removed: true, message_key: 'cart.product_removed', total: 0, cart_items: [] },
    });
    const ro = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token });
    expect(ro.statusCode).toBe(200);
    expect((await c.post('/cart/decrement', { product_id: product.id }, { token: ana.token })).json().message).toBe(
      'produs eliminat din coș',
    );
  });

  it('acts on one line with cart_id; delete without it removes every line of the product', async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, {
      quantity: 9,
      sizes: [
        { name: 'S', price: 0 },
        { name: 'M', price: 0 },
      ],
    });
    await c.post('/cart/store', { product_id: product.id, quantity: 1, size: product.sizes[0]!.id }, { token: ana.token });
    const res = await c.post('/cart/store', { product_id: product.id, quantity: 1, size: product.sizes[1]!.id }, { token: ana.token });
    const [first, second] = res.json().data.cart_items[0].products as { id: number }[];
    const inc = await c.post('/cart/increment', { product_id: product.id, cart_id: first!.id }, { token: ana.token });
    expect(inc.json().data.cart_items[0].products.map((p: { quantity: number }) => p.quantity)).toEqual([2, 1]);
    const del = await c.post('/cart/delete', { product_id: product.id, cart_id: second!.id }, { token: ana.token });
    expect(del.json().data.cart_items[0].products).toHaveLength(1);
    await c.post('/cart/store', { product_id: product.id, quantity: 1, size: product.sizes[1]!.id }, { token: ana.token });
    const all = await c.post('/cart/delete', { product_id: product.id }, { token: ana.token });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.cart_items).toEqual([]);
  });

  it("another user's line ids and products not in the cart answer 404", async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 5 });
    const res = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token });
    const lineId = res.json().data.cart_items[0].products[0].id as number;
    for (const path of ['/cart/increment', '/cart/decrement', '/cart/delete']) {
      expect((await c.post(path, { product_id: product.id, cart_id: lineId }, { token: ion.token })).statusCode).toBe(404);
      expect((await c.post(path, { product_id: product.id }, { token: ion.token })).statusCode).toBe(404);
      expect((await c.post(path, { product_id: 'x' }, { token: ion.token })).statusCode).toBe(422);
    }
    expect((await lines(ana.user.id))[0]!.quantity).toBe(1);
    expect((await c.get('/carts', { token: ion.token })).json().data.cart_items).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key and body answers the same and applies once', async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 10, price: 7 });
    const k = key();
    const first = await c.post('/cart/store', { product_id: product.id, quantity: 2 }, { token: ana.token, key: k });
    expect(first.statusCode).toBe(200);
    const retry = await c.post('/cart/store', { quantity: 2, product_id: product.id }, { token: ana.token, key: k });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await lines(ana.user.id))[0]!.quantity).toBe(2);

    const inc = key();
    const a = await c.post('/cart/increment', { product_id: product.id }, { token: ana.token, key: inc });
    const b = await c.post('/cart/increment', { product_id: product.id }, { token: ana.token, key: inc });
    expect(b.json()).toEqual(a.json());
    expect((await lines(ana.user.id))[0]!.quantity).toBe(3);

    const dec = key();
    await Promise.all([1, 2, 3].map(() => c.post('/cart/decrement', { product_id: product.id }, { token: ana.token, key: dec })));
    expect((await lines(ana.user.id))[0]!.quantity).toBe(2);
  });

  it('the same key with a different body answers 422; keys are per user; a bad key is refused', async () => {
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 10 });
    const k = key();
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, key: k })).statusCode).toBe(200);
    const other = await c.post('/cart/store', { product_id: product.id, quantity: 3 }, { token: ana.token, key: k, lang: 'en' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    const path = await c.post('/cart/increment', { product_id: product.id }, { token: ana.token, key: k });
    expect(path.statusCode).toBe(422);
    // Another user may use the same key value: keys are per user.
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ion.token, key: k })).statusCode).toBe(200);
    const bad = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, key: 'not-a-uuid' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['Idempotency-Key']);
  });

  it('an error is not stored: the retry runs again', async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 1 });
    await t.db.update(products).set({ quantity: 0 }).where(eq(products.id, product.id));
    const k = key();
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, key: k })).statusCode).toBe(422);
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, ana.user.id), eq(idempotencyKeys.key, k))),
    ).toHaveLength(0);
    await t.db.update(products).set({ quantity: 1 }).where(eq(products.id, product.id));
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, key: k })).statusCode).toBe(200);
  });

  it('a key is kept a week (an offline phone may send again days later), then forgotten', async () => {
    await clear(ana.user.id);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 10 });
    const k = key();
    await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, key: k });
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 6 * 24 * 3_600_000) })
      .where(eq(idempotencyKeys.key, k));
    const replayed = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, key: k });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 3_600_000 - 3_600_000) })
      .where(eq(idempotencyKeys.key, k));
    const again = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: ana.token, key: k });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect((await lines(ana.user.id))[0]!.quantity).toBe(2);
  });
});
