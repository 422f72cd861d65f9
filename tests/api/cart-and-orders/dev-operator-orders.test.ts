/**
 * POST /api/dev/operator/orders/{id}/status (development only): walks an order through every
 * allowed step up to the asked status, each recorded in its history and told to the shopper, as
 * the operator command would; refuses what the transitions do not allow.
 */
import { describe, expect, it } from 'vitest';
import { orderResponseSchema } from '#contract/orders.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeProduct, makeShop, shopperWithAddress } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
});

async function placedOrder() {
  const s = await shopperWithAddress(t, c, 'Ana Popescu');
  const shop = await makeShop(t);
  const product = await makeProduct(t, shop.id, { price: 80, quantity: 3 });
  expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: s.token })).statusCode).toBe(200);
  const res = await c.post(
    '/place-order',
    { shop_ids: [shop.id], selected_products: [product.id], address_id: s.address, payment_method: 'cash' },
    { token: s.token, key: key() },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { s, orderId: res.json().data.orders[0].id as number };
}

describe('POST /dev/operator/orders/{id}/status', () => {
  it('moves a new order to delivered through each step, recorded and tracked', async () => {
    const { s, orderId } = await placedOrder();
    const res = await c.post(`/dev/operator/orders/${orderId}/status`, { status: 'delivered' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.steps).toEqual(['confirmed', 'processing', 'shipped', 'delivered']);
    const order = orderResponseSchema.parse((await c.get(`/orders/${orderId}`, { token: s.token })).json()).data.order;
    expect(order.status).toBe('delivered');
    expect(order.tracking).toMatch(/FAN Courier/);
  });

  it('refuses a status the order cannot reach, and an unknown order', async () => {
    const { orderId } = await placedOrder();
    expect((await c.post(`/dev/operator/orders/${orderId}/status`, { status: 'cancelled' })).statusCode).toBe(200);
    const again = await c.post(`/dev/operator/orders/${orderId}/status`, { status: 'delivered' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('An order cannot go from cancelled to delivered.');
    expect((await c.post('/dev/operator/orders/99999999/status', { status: 'delivered' })).statusCode).toBe(404);
    expect((await c.post(`/dev/operator/orders/${orderId}/status`, { status: 'lost' })).statusCode).toBe(422);
  });
});
