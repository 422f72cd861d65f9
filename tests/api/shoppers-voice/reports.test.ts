/**
 * Reports of illegal content (issue 37, DSA art. 16–17, ADR 033): per-field 422s, a reference and
 * an acknowledgement e-mail, limits per address (a forged X-Forwarded-For does not escape them) and
 * per account, and the operator's decisions: a removed listing leaves lists and search at once and
 * answers 410, a cart line holding it says so, a removed review stops counting; reporter and shop
 * are told. The two-instance case is reports-instances.test.ts (PostgreSQL).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORT_REFERENCE_PATTERN } from '#contract/reports.ts';
import { contentReports, products, shopReviews, shops } from '#server/db/schema.ts';
import { REPORT_LIMITS } from '#server/services/report-service.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, deliverQueued, newIp } from '../harness/auth-helpers.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeProduct, makeShop, quickUser, shopperWithAddress } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let a: ReturnType<typeof api>;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  a = api(t);
});

const report = (targetType: string, targetId: number, extra: Record<string, unknown> = {}) => ({
  target_type: targetType,
  target_id: targetId,
  reason: 'illegal',
  explanation: 'Geanta este o copie a unui model de firmă, vândută ca originală.',
  name: 'Elena Dinu',
  email: 'Elena.Dinu@example.ro',
  good_faith: true,
  ...extra,
});

async function outboxFor(recipient: string) {
  await deliverQueued(t);
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` });
  return res.json().data.messages as { body: string }[];
}

async function listed(product: { id: number; shopId: number }, query = '') {
  const res = await c.get(`/products?shop=${product.shopId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.data as { id: number }[]).some((p) => p.id === product.id);
}

describe('POST /reports', () => {
  it('answers each wrong field by name, and stores nothing', async () => {
    const shop = await makeShop(t);
    const res = await a.post(
      '/reports',
      { target_type: 'user', target_id: 0, reason: 'boring', explanation: 'scurt', name: '', email: 'nu-e-email', good_faith: false },
      { ip: newIp() },
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'email',
      'explanation',
      'good_faith',
      'name',
      'reason',
      'target_id',
      'target_type',
    ]);
    expect(res.json().errors.good_faith).toEqual(['Confirmă că raportarea este făcută cu bună-credință.']);
    const english = await a.post('/reports', report('shop', shop.id, { good_faith: undefined }), { ip: newIp(), lang: 'en' });
    expect(english.json().errors).toEqual({ good_faith: ['Confirm that you make this report in good faith.'] });
    const missing = await a.post('/reports', report('product', 99999999), { ip: newIp() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.target_id).toEqual(['Conținutul raportat nu mai există sau a fost deja eliminat.']);
    expect(await t.db.select().from(contentReports).where(eq(contentReports.shopId, shop.id))).toEqual([]);
  });

  it('takes a report from anyone: 201 with a reference, and an acknowledgement e-mail', async () => {
    const shop = await makeShop(t);
    const product = await makeProduct(t, shop.id);
    const res = await a.post('/reports', report('product', product.id), { ip: newIp() });
    expect(res.statusCode, res.body).toBe(201);
    const reference = res.json().data.report.reference as string;
    expect(reference).toMatch(REPORT_REFERENCE_PATTERN);
    expect(res.json().message).toBe(`Am primit raportarea. Numărul ei de referință este ${reference}.`);
    const [row] = await t.db.select().from(contentReports).where(eq(contentReports.reference, reference));
    expect(row).toMatchObject({
      targetType: 'product',
      targetId: product.id,
      shopId: shop.id,
      reporterEmail: 'elena.dinu@example.ro',
      reporterUserId: null,
    });
    const mail = await outboxFor('elena.dinu@example.ro');
    expect(mail.some((m) => m.body.includes(reference) && m.body.includes(product.name))).toBe(true);
    // Signed in: linked to the account.
    const s = await quickUser(t);
    const mine = await a.post('/reports', report('shop', shop.id), { ip: newIp(), token: s.token });
    expect(mine.statusCode).toBe(201);
    const [linked] = await t.db.select().from(contentReports).where(eq(contentReports.reference, mine.json().data.report.reference));
    expect(linked!.reporterUserId).toBe(s.user.id);
  });

  it('limits per address: a forged X-Forwarded-For does not escape it', async () => {
    const shop = await makeShop(t);
    const ip = newIp();
    for (let i = 0; i < REPORT_LIMITS.ip.max; i++) {
      const res = await a.post('/reports', report('shop', shop.id), { ip, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await a.post('/reports', report('shop', shop.id), { ip, headers: { 'x-forwarded-for': '198.51.100.77' } });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await a.post('/reports', report('shop', shop.id), { ip: newIp() })).statusCode).toBe(201);
  });

  it('limits per account, whatever the address', async () => {
    const shop = await makeShop(t);
    const s = await quickUser(t);
    for (let i = 0; i < REPORT_LIMITS.user.max; i++)
      expect((await a.post('/reports', report('shop', shop.id), { ip: newIp(), token: s.token })).statusCode).toBe(201);
    expect((await a.post('/reports', report('shop', shop.id), { ip: newIp(), token: s.token })).statusCode).toBe(429);
  });
});

describe('decisions', () => {
  const decide = (reference: string, decision: string, reason = 'Contrafacere dovedită de titularul mărcii.') =>
    c.post(`/dev/operator/reports/${reference}/decision`, { decision, reason });

  it('remove: the listing leaves lists and search at once, answers 410, and a cart line says so', async () => {
    const shop = await makeShop(t);
    await t.db.update(shops).set({ email: 'magazin@example.ro' }).where(eq(shops.id, shop.id));
    const product = await makeProduct(t, shop.id);
    const s = await shopperWithAddress(t, c);
    expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: s.token, key: key() })).statusCode).toBe(200);
    expect(await listed(product)).toBe(true);
    // Searchable by a word of its own (test products have no search text of their own).
    await t.db.update(products).set({ searchText: 'geanta contrafacuta' }).where(eq(products.id, product.id));
    const search = `&search=${encodeURIComponent('geantă contrafăcută')}`;
    expect(await listed(product, search)).toBe(true);

    const reference = (await a.post('/reports', report('product', product.id), { ip: newIp() })).json().data.report.reference as string;
    const decided = await decide(reference, 'remove');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await listed(product)).toBe(false);
    expect(await listed(product, search)).toBe(false);
    const gone = await c.get(`/products/${product.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().reason).toBe('removed');
    expect(gone.json().message).toBe(
      'Acest anunț a fost eliminat de Talcioc în urma unei raportări, pentru că încălca legea sau regulile platformei.',
    );
    const cart = await c.get('/carts', { token: s.token });
    expect(cart.statusCode, cart.body).toBe(200);
    const line = cart
      .json()
      .data.cart_items.flatMap((g: { products: { product_id: number }[] }) => g.products)
      .find((p: { product_id: number }) => p.product_id === product.id);
    expect(line).toMatchObject({ moderation: 'removed', stock: 0 });

    const reporterMail = await outboxFor('elena.dinu@example.ro');
    expect(reporterMail.some((m) => m.body.includes(reference) && m.body.includes('conținutul a fost eliminat'))).toBe(true);
    const shopMail = await outboxFor('magazin@example.ro');
    expect(shopMail).toHaveLength(1);
    expect(shopMail[0]!.body).toContain('Contrafacere dovedită de titularul mărcii.');
    expect(shopMail[0]!.body).toContain(reference);
    // Decided once.
    expect((await decide(reference, 'keep')).statusCode).toBe(422);
  });

  it('restrict suspends (410 with its own words); keep changes nothing', async () => {
    const shop = await makeShop(t);
    const kept = await makeProduct(t, shop.id);
    const suspended = await makeProduct(t, shop.id);
    const keepRef = (await a.post('/reports', report('product', kept.id), { ip: newIp() })).json().data.report.reference;
    const restrictRef = (await a.post('/reports', report('product', suspended.id), { ip: newIp() })).json().data.report.reference;
    expect((await decide(keepRef, 'keep', 'Anunțul respectă regulile.')).statusCode).toBe(200);
    expect((await decide(restrictRef, 'restrict')).statusCode).toBe(200);
    expect((await c.get(`/products/${kept.id}`)).statusCode).toBe(200);
    const res = await c.get(`/products/${suspended.id}`, { lang: 'en' });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('Talcioc suspended this listing after a report; it cannot be bought for now.');
  });

  it('a removed review disappears and the rating is recomputed; restrict hides its text', async () => {
    const shop = await makeShop(t);
    const reviews: number[] = [];
    for (const rating of [5, 1, 4]) {
      const s = await shopperWithAddress(t, c, 'Radu Stan');
      const product = await makeProduct(t, shop.id);
      expect((await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: s.token })).statusCode).toBe(200);
      const placed = await c.post(
        '/place-order',
        { selected_products: [product.id], address_id: s.address, payment_method: 'cash' },
        { token: s.token, key: key() },
      );
      const orderId = placed.json().data.orders[0].id as number;
      expect((await c.post(`/dev/operator/orders/${orderId}/status`, { status: 'delivered' })).statusCode).toBe(200);
      const written = await c.post(
        `/orders/${orderId}/reviews`,
        { shop_id: shop.id, rating, text: `Nota ${rating}` },
        { token: s.token, key: key() },
      );
      reviews.push(written.json().data.review.id as number);
    }
    expect((await c.get(`/shops/${shop.id}/reviews`)).json().data.summary).toMatchObject({ rating: 3.3, reviews_count: 3 });
    const removeRef = (await a.post('/reports', report('review', reviews[1]!, { reason: 'offensive' }), { ip: newIp() })).json().data.report
      .reference;
    expect((await decide(removeRef, 'remove', 'Limbaj jignitor.')).statusCode).toBe(200);
    const after = (await c.get(`/shops/${shop.id}/reviews`)).json().data;
    expect(after.summary).toEqual({ rating: 4.5, reviews_count: 2, distribution: [0, 0, 0, 1, 1] });
    expect(after.data.map((r: { id: number }) => r.id)).not.toContain(reviews[1]);
    expect((await c.get(`/shops/${shop.id}`)).json().data.shop).toMatchObject({ rating: 4.5, reviews_count: 2 });
    const hideRef = (await a.post('/reports', report('review', reviews[0]!, { reason: 'other' }), { ip: newIp() })).json().data.report
      .reference;
    expect((await decide(hideRef, 'restrict', 'Textul conține date personale.')).statusCode).toBe(200);
    const hidden = (await c.get(`/shops/${shop.id}/reviews`)).json().data.data.find((r: { id: number }) => r.id === reviews[0]);
    expect(hidden).toMatchObject({ text: null, text_hidden: true, rating: 5 });
    const [row] = await t.db.select().from(shopReviews).where(eq(shopReviews.id, reviews[1]!));
    expect(row!.removedAt).not.toBeNull();
  });
});
