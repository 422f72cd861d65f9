/**
 * Cart changes under parallel requests (issue 14, ADR 016): 10 increments, 10 decrements and 10
 * stores of one shopper at once all answer 200 and all count — on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL, where reading a line before locking lost updates.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems } from '#server/db/schema.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { signUp } from '../harness/auth-helpers.ts';
import { client } from '../harness/cart-call.ts';
import { makeProduct, makeShop } from '../harness/cart-fixtures.ts';

const N = 10;
let t: TestApp;
let c: ReturnType<typeof client>;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
});

async function linesOf(userId: number, productId: number) {
  return t.db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

describe(`${N} parallel cart changes of one shopper`, () => {
  it('increments from 1 end at 1 + N, decrements back to 1, every answer 200', async () => {
    const { token, user } = await signUp(t);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 100 });
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token })).statusCode).toBe(200);

    const up = await Promise.all(Array.from({ length: N }, () => c.post('/cart/increment', { product_id: product.id }, { token })));
    expect(up.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect((await linesOf(user.id, product.id)).map((l) => l.quantity)).toEqual([1 + N]);

    const down = await Promise.all(Array.from({ length: N }, () => c.post('/cart/decrement', { product_id: product.id }, { token })));
    expect(down.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect((await linesOf(user.id, product.id)).map((l) => l.quantity)).toEqual([1]);
  });

  it('stores of a product not yet in the cart make one line with every unit', async () => {
    const { token, user } = await signUp(t);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 100 });
    const stored = await Promise.all(
      Array.from({ length: N }, () => c.post('/cart/store', { product_id: product.id, quantity: 2 }, { token })),
    );
    expect(stored.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    expect((await linesOf(user.id, product.id)).map((l) => l.quantity)).toEqual([2 * N]);
  });

  it('increments never pass the stock: exactly the units left succeed, the rest answer 422', async () => {
    const { token, user } = await signUp(t);
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id, { quantity: 5 });
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token })).statusCode).toBe(200);
    const up = await Promise.all(Array.from({ length: N }, () => c.post('/cart/increment', { product_id: product.id }, { token })));
    const statuses = up.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(4).fill(200), ...Array(N - 4).fill(422)]);
    expect((await linesOf(user.id, product.id)).map((l) => l.quantity)).toEqual([5]);
  });
});
