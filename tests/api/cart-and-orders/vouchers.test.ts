/**
 * Vouchers (issue #5): GET /get-vouchers?shop_id= lists the valid vouchers with is_collected,
 * POST /vouchers-collect collects (twice is fine); applying them at checkout is covered in
 * checkout-orders.test.ts (expired, uncollected, wrong shop, minimum order).
 */
import { describe, expect, it } from 'vitest';
import { voucherListResponseSchema } from '#contract/vouchers.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeShop, makeVoucher, quickUser } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let ana: { token: string; user: { id: number } };
let ion: { token: string; user: { id: number } };

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  [ana, ion] = [await quickUser(t, 'Ana Popescu'), await quickUser(t, 'Ion Ionescu')];
});

describe('vouchers', () => {
  it('needs a session', async () => {
    expect((await c.get('/get-vouchers?shop_id=1')).statusCode).toBe(401);
    expect((await c.post('/vouchers-collect', { coupon_id: 1 })).statusCode).toBe(401);
  });

  it('lists only valid vouchers of the shop; collecting flips is_collected for that user only', async () => {
    const shop = await makeShop(t);
    const valid = await makeVoucher(t, shop.id, { discount: 10, type: 'Percentage', min: 50 });
    await makeVoucher(t, shop.id, { discount: 5, type: 'Amount', startsInDays: -10, endsInDays: -1 });
    await makeVoucher(t, shop.id, { discount: 5, type: 'Amount', startsInDays: 2, endsInDays: 10 });
    const res = await c.get(`/get-vouchers?shop_id=${shop.id}`, { token: ana.token });
    expect(res.statusCode).toBe(200);
    const coupons = voucherListResponseSchema.parse(res.json()).data.coupons;
    expect(coupons).toEqual([
      {
        id: valid.id,
        shop_id: shop.id,
        code: valid.code,
        discount: 10,
        discount_type: 'Percentage',
        min_order_amount: 50,
        validity: valid.expiresAt.toISOString(),
        is_collected: false,
      },
    ]);
    const collected = await c.post('/vouchers-collect', { coupon_id: valid.id }, { token: ana.token, lang: 'en' });
    expect(collected.statusCode).toBe(200);
    expect(collected.json()).toEqual({ message: 'Voucher collected' });
    // Twice is fine, with or without a key.
    expect((await c.post('/vouchers-collect', { coupon_id: valid.id }, { token: ana.token })).statusCode).toBe(200);
    const k = key();
    expect((await c.post('/vouchers-collect', { coupon_id: valid.id }, { token: ana.token, key: k })).statusCode).toBe(200);
    expect((await c.post('/vouchers-collect', { coupon_id: valid.id }, { token: ana.token, key: k })).headers['idempotent-replayed']).toBe(
      'true',
    );

    expect((await c.get(`/get-vouchers?shop_id=${shop.id}`, { token: ana.token })).json().data.coupons[0].is_collected).toBe(true);
    expect((await c.get(`/get-vouchers?shop_id=${shop.id}`, { token: ion.token })).json().data.coupons[0].is_collected).toBe(false);
  });

  it('an empty list for a shop without vouchers; bad shop ids are per-field 422', async () => {
    const shop = await makeShop(t);
    expect((await c.get(`/get-vouchers?shop_id=${shop.id}`, { token: ana.token })).json().data.coupons).toEqual([]);
    const bad = await c.get('/get-vouchers?shop_id=abc', { token: ana.token });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['shop_id']);
  });

  it('refuses unknown and expired vouchers', async () => {
    const shop = await makeShop(t);
    const expired = await makeVoucher(t, shop.id, { discount: 5, type: 'Amount', startsInDays: -10, endsInDays: -1 });
    expect((await c.post('/vouchers-collect', { coupon_id: 99_999_999 }, { token: ana.token })).statusCode).toBe(404);
    const res = await c.post('/vouchers-collect', { coupon_id: expired.id }, { token: ana.token, lang: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This voucher is not valid now');
    expect((await c.post('/vouchers-collect', { coupon_id: -1 }, { token: ana.token })).statusCode).toBe(422);
  });
});
