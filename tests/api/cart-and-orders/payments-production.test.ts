/**
 * Card payment in production (issue #5, ADR 007): the sandbox payment routes do not exist and,
 * with no real gateway configured yet, place-order / buy-now refuse payment_method card with a
 * per-field 422 (cash on delivery still works).
 */
import { describe, expect, it } from 'vitest';
import { addresses, sessions, users } from '#server/db/schema.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { ADDRESS, key, makeProduct, makeShop, stockOf } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let token: string;
let addressId: number;

// The SMS gateway is never called here: no codes are sent.
test.override('appOptions', { env: { NODE_ENV: 'production', SMS_GATEWAY_URL: 'http://127.0.0.1:9/v1/messages' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  const [user] = await t.db
    .insert(users)
    .values({ name: 'Ana Popescu', phone: '+40729999001', phoneCode: '+40', phoneVerifiedAt: new Date() })
    .returning();
  token = newToken();
  await t.db.insert(sessions).values({ userId: user!.id, tokenHash: hashToken(token) });
  const [address] = await t.db
    .insert(addresses)
    .values({
      userId: user!.id,
      name: ADDRESS.name,
      phone: ADDRESS.phone,
      county: ADDRESS.county,
      locality: ADDRESS.locality,
      street: ADDRESS.street,
      postalCode: ADDRESS.postal_code,
      isDefault: true,
    })
    .returning();
  addressId = address!.id;
});

describe('production', () => {
  it('has no sandbox payment routes', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await c.get(`/payments/sandbox/${id}`)).statusCode).toBe(404);
    expect((await c.post(`/payments/sandbox/${id}/approve`, {})).statusCode).toBe(404);
  });

  it('refuses card payment while no gateway is configured; cash works', async () => {
    const shop = await makeShop(t);
    const p = await makeProduct(t, shop.id, { quantity: 2 });
    const card = await c.post('/buy-now', { product_id: p.id, address_id: addressId, payment_method: 'card' }, { token, key: key() });
    expect(card.statusCode).toBe(422);
    expect(Object.keys(card.json().errors)).toEqual(['payment_method']);
    expect(await stockOf(t, p.id)).toBe(2);
    const cash = await c.post('/buy-now', { product_id: p.id, address_id: addressId, payment_method: 'cash' }, { token, key: key() });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(cash.json().data.payment_url).toBeNull();
  });
});
