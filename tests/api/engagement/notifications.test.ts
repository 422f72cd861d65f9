/**
 * Notifications (issue #6): the list (newest first, paginated, unread count), read one / read
 * all, ownership (another user's id answers 404), Romanian and English texts, and the events that
 * notify — an order status change (shopper cancel route and the operator command), a favourite's
 * price drop (operator command product:price: its favouriters only), and "about to sell out".
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { flashSaleProducts, flashSales, notifications, pushJobs, products } from '#server/db/schema.ts';
import type { Database } from '#server/db/client.ts';
import { renderNotification } from '#server/services/notify.ts';
import { announceLowStock } from '#server/services/push-triggers.ts';
import { takeStock } from '#server/services/checkout-service.ts';
import type { PricedLine } from '#server/repositories/cart-repository.ts';
import { markReadResponseSchema, notificationListResponseSchema, unreadCountResponseSchema } from '#contract/engagement.ts';
import { notifierFor } from '#server/plugins/notifier.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { ADDRESS, key, makeProduct, makeShop, quickUser, shopperWithAddress } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let shopId: number;

test.override('appOptions', { env: { PUSH_WORKER: 'false' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  shopId = (await makeShop(t)).id;
});

async function listOf(token: string, page = 1, lang?: string) {
  const res = await c.get(`/notifications?page=${page}`, { token, lang });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return notificationListResponseSchema.parse(res.json()).data;
}
const unread = async (token: string) =>
  unreadCountResponseSchema.parse((await c.get('/notifications/unread-count', { token })).json()).data.count;
const rowsOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

describe('notification list', () => {
  it('needs a session', async () => {
    for (const res of [
      await c.get('/notifications'),
      await c.get('/notifications/unread-count'),
      await c.post('/notifications/1/read', {}),
      await c.post('/notifications/read-all', {}),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists newest first, 20 a page, with the unread count; marks one and then all read', async () => {
    const ana = await quickUser(t, 'Ana');
    expect(await listOf(ana.token)).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 }, unread_count: 0 });
    const ids: number[] = [];
    for (let i = 1; i <= 25; i++) {
      ids.push(
        await notifierFor(t.db)!.notify(t.db, {
          userId: ana.user.id,
          kind: 'low_stock',
          params: { product_id: i, name: `Produs ${i}` },
          url: `/products/${i}/details`,
        }),
      );
    }
    const first = await listOf(ana.token);
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(first.unread_count).toBe(25);
    expect(first.data).toHaveLength(20);
    expect(first.data.map((n) => n.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(first.data[0]).toMatchObject({
      id: ids[24],
      kind: 'low_stock',
      title: 'Aproape epuizat',
      body: 'A mai rămas un singur exemplar din Produs 25.',
      url: '/products/25/details',
      read_at: null,
    });
    expect(Date.parse(first.data[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const second = await listOf(ana.token, 2);
    expect(second.data.map((n) => n.id)).toEqual(ids.slice(0, 5).reverse());
    expect((await listOf(ana.token, 3)).data).toEqual([]);
    expect((await c.get('/notifications?page=0', { token: ana.token })).statusCode).toBe(422);
    expect((await c.get('/notifications?page=x', { token: ana.token })).statusCode).toBe(422);
    expect(await unread(ana.token)).toBe(25);

    // The app posts without a body (and without Content-Type).
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/${ids[4]}/read`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().data).toEqual({ unread_count: 24 });
    const read = await c.post(`/notifications/${ids[3]}/read`, {}, { token: ana.token });
    expect(read.statusCode).toBe(200);
    expect(markReadResponseSchema.parse(read.json()).data).toEqual({ unread_count: 23 });
    const readAt = (await rowsOf(ana.user.id)).find((n) => n.id === ids[3])!.readAt;
    expect(readAt).toBeInstanceOf(Date);
    // Reading it again keeps the first time and the count.
    expect((await c.post(`/notifications/${ids[3]}/read`, {}, { token: ana.token })).json().data).toEqual({ unread_count: 23 });
    expect((await rowsOf(ana.user.id)).find((n) => n.id === ids[3])!.readAt).toEqual(readAt);
    expect((await listOf(ana.token, 2)).data.find((n) => n.id === ids[3])!.read_at).toBe(readAt!.toISOString());

    const all = await c.post('/notifications/read-all', {}, { token: ana.token });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual({ unread_count: 0 });
    expect(await unread(ana.token)).toBe(0);
    expect((await listOf(ana.token)).data.every((n) => n.read_at !== null)).toBe(true);
  });

  it("answers 404 for another user's notification id and changes nothing", async () => {
    const ana = await quickUser(t, 'Ana');
    const ion = await quickUser(t, 'Ion');
    const hers = await notifierFor(t.db)!.notify(t.db, {
      userId: ana.user.id,
      kind: 'low_stock',
      params: { product_id: 1, name: 'Geacă' },
      url: '/products/1/details',
    });
    const res = await c.post(`/notifications/${hers}/read`, {}, { token: ion.token, lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'The notification was not found' });
    expect((await c.post('/notifications/2000000000/read', {}, { token: ion.token })).statusCode).toBe(404);
    expect((await c.post('/notifications/abc/read', {}, { token: ion.token })).statusCode).toBe(422);
    expect((await rowsOf(ana.user.id))[0]!.readAt).toBeNull();
    // Ion's read-all does not touch Ana's, and his list does not show hers.
    await c.post('/notifications/read-all', {}, { token: ion.token });
    expect(await unread(ana.token)).toBe(1);
    expect((await listOf(ion.token)).data).toEqual([]);
  });

  it('renders each kind in Romanian and English from its parameters (plain text, never HTML)', async () => {
    const ana = await quickUser(t, 'Ana');
    await notifierFor(t.db)!.notify(t.db, {
      userId: ana.user.id,
      kind: 'price_drop',
      params: { product_id: 5, name: 'Geacă <b>Zara</b>', old_price: 1250, new_price: 999.5 },
      url: '/products/5/details',
    });
    await notifierFor(t.db)!.notify(t.db, {
      userId: ana.user.id,
      kind: 'ticket_reply',
      params: { ticket_number: 'T-9QX2', subject: 'Colet întârziat' },
      url: '/support-ticket/T-9QX2',
    });
    await notifierFor(t.db)!.notify(t.db, {
      userId: ana.user.id,
      kind: 'order_status',
      params: { order_number: 'TLC-1', status: 'delivered', tracking: null },
      url: '/order-history/1',
    });
    const ro = (await listOf(ana.token, 1, 'ro')).data.map((n) => [n.title, n.body]);
    const en = (await listOf(ana.token, 1, 'en-GB,en;q=0.9')).data.map((n) => [n.title, n.body]);
    expect(ro).toEqual([
      ['Comanda TLC-1', 'Comanda ta a fost livrată. Mulțumim!'],
      ['Răspuns la tichetul T-9QX2', 'Echipa de suport ți-a răspuns: Colet întârziat'],
      ['Preț redus la un produs favorit', 'Geacă <b>Zara</b> costă acum 999,50\u00a0lei (înainte 1.250,00\u00a0lei).'],
    ]);
    expect(en).toEqual([
      ['Order TLC-1', 'Your order has been delivered. Thank you!'],
      ['Reply to ticket T-9QX2', 'Customer support replied: Colet întârziat'],
      ['Price drop on a favourite', 'Geacă <b>Zara</b> now costs 999,50\u00a0lei (was 1.250,00\u00a0lei).'],
    ]);
    for (const status of ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled']) {
      for (const locale of ['ro', 'en'] as const) {
        const { title, body } = renderNotification(locale, 'order_status', { order_number: 'TLC-2', status, tracking: null });
        expect(title).toContain('TLC-2');
        expect(body, `${locale} ${status}`).not.toMatch(/notification\.|\{\{/);
      }
    }
  });
});

describe('events that notify', () => {
  const shopper = (name: string) => shopperWithAddress(t, c, name);

  it('an order status change notifies its shopper: the cancel route and the operator command', async () => {
    const { runOrderStatus, operatorServices } = await import('../../../scripts/ops/ops.ts');
    const ana = await shopper('Ana');
    const p = await makeProduct(t, shopId, { quantity: 5 });
    const placed = await c.post('/buy-now', { product_id: p.id, address_id: ana.address, payment_method: 'cash' }, { token: ana.token });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data.orders[0] as { id: number; number: string };
    // The order's confirmation only (issue 36): no status notification yet.
    expect((await rowsOf(ana.user.id)).map((r) => r.kind)).toEqual(['order_placed']);
    const statusRowsOf = async (userId: number) => (await rowsOf(userId)).filter((r) => r.kind === 'order_status');

    // The operator command runs in its own process, without an app: as its main() does, its status
    // changes notify through listeners of its own (the app's listeners hear only the app's changes).
    const operator = operatorServices(t.db, console);
    onTestFinished(operator.stop);
    await runOrderStatus(t.db, { order: order.number, status: 'confirmed' }, operator.events);
    let rows = await statusRowsOf(ana.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'order_status',
      params: { order_number: order.number, status: 'confirmed', tracking: null },
      url: `/order-history/${order.id}`,
      readAt: null,
    });

    expect((await c.post(`/orders/${order.id}/cancel`, {}, { token: ana.token })).statusCode).toBe(200);
    const list = await listOf(ana.token, 1, 'en');
    // Two status changes and the order's confirmation.
    expect(list.unread_count).toBe(3);
    expect(list.data[0]).toMatchObject({
      kind: 'order_status',
      title: `Order ${order.number}`,
      body: 'Your order has been cancelled.',
      url: `/order-history/${order.id}`,
    });
    // Cancelling again (idempotent answer) changes nothing and notifies nobody.
    expect((await c.post(`/orders/${order.id}/cancel`, {}, { token: ana.token })).statusCode).toBe(200);
    rows = await statusRowsOf(ana.user.id);
    expect(rows).toHaveLength(2);

    // Shipping with a tracking number through the operator command.
    const next = (
      await c.post('/buy-now', { product_id: p.id, address_id: ana.address, payment_method: 'cash' }, { token: ana.token })
    ).json().data.orders[0];
    await runOrderStatus(t.db, { order: String(next.id), status: 'processing' }, operator.events);
    await runOrderStatus(t.db, { order: next.number, status: 'shipped', tracking: 'FAN 998877' }, operator.events);
    const newest = (await listOf(ana.token)).data[0]!;
    expect(newest).toMatchObject({
      title: `Comanda ${next.number}`,
      body: 'Comanda ta a fost expediată. Număr de urmărire: FAN 998877.',
      url: `/order-history/${next.id}`,
    });
  });

  it('a lower price (operator product:price) notifies the users who favourited the product, and only them', async () => {
    const { runProductPrice, parseProductPriceArgs, parseCommand } = await import('../../../scripts/ops/ops.ts');
    expect(parseProductPriceArgs(['product:price', '12', '149.90', '--discount', '99'])).toEqual({
      productId: 12,
      price: 149.9,
      discount: 99,
    });
    expect(parseProductPriceArgs(['product:price', '12', '80'])).toEqual({ productId: 12, price: 80, discount: 0 });
    expect(parseCommand(['product:price', '3', '10'])).toEqual({ kind: 'product:price', productId: 3, price: 10, discount: 0 });
    expect(parseCommand(['order:status', 'TLC-1', 'confirmed'])).toMatchObject({ kind: 'order:status', order: 'TLC-1' });
    expect(parseCommand(['withdrawal:status', '7', 'return_in_transit', '--awb', 'FAN 1'])).toEqual({
      kind: 'withdrawal:status',
      withdrawalId: 7,
      status: 'return_in_transit',
      awb: 'FAN 1',
    });
    expect(() => parseCommand(['withdrawal:status', '7', 'sent'])).toThrow(/Unknown status/);
    expect(() => parseCommand(['product:cost', '1'])).toThrow(/product:price/);
    expect(() => parseProductPriceArgs(['product:price', '12'])).toThrow(/usage/);
    expect(() => parseProductPriceArgs(['product:price', 'x', '10'])).toThrow(/product id/);
    expect(() => parseProductPriceArgs(['product:price', '12', '10,5'])).toThrow(/amount in lei/);
    expect(() => parseProductPriceArgs(['product:price', '12', '0'])).toThrow(/above 0/);
    expect(() => parseProductPriceArgs(['product:price', '12', '50', '--discount', '60'])).toThrow(/below the price/);
    expect(() => parseProductPriceArgs(['product:price', '12', '50', '--sale', '10'])).toThrow(/usage/);

    const ana = await quickUser(t, 'Ana');
    const ion = await quickUser(t, 'Ion');
    const maria = await quickUser(t, 'Maria');
    const p = await makeProduct(t, shopId, { price: 200 });
    const other = await makeProduct(t, shopId, { price: 200 });
    for (const u of [ana, ion]) expect((await c.put(`/favorite-products/${p.id}`, undefined, { token: u.token })).statusCode).toBe(200);
    expect((await c.put(`/favorite-products/${other.id}`, undefined, { token: maria.token })).statusCode).toBe(200);

    const change = await runProductPrice(t.db, { productId: p.id, price: 200, discount: 149.9 }, notifierFor(t.db)!);
    // Issue 36: a drop is announced against its prior price (the lowest of the 30 days before: 200).
    expect(change).toEqual({ productId: p.id, name: p.name, oldPrice: 200, newPrice: 149.9, priorPrice: 200, notified: 2 });
    for (const u of [ana, ion]) {
      const [n] = await rowsOf(u.user.id);
      expect(n).toMatchObject({
        kind: 'price_drop',
        params: { product_id: p.id, name: p.name, old_price: 200, new_price: 149.9, prior_price: 200, discount_percentage: 25 },
        url: `/products/${p.id}/details`,
      });
    }
    expect(await rowsOf(maria.user.id)).toHaveLength(0);
    expect((await listOf(ana.token, 1, 'en')).data[0]!.body).toBe(
      `${p.name} now costs 149,90\u00a0lei, 25% below its lowest price of the last 30 days (200,00\u00a0lei).`,
    );
    // The catalog shows the new price.
    expect((await c.get(`/products/${p.id}`)).json().data.product).toMatchObject({ price: 200, discount_price: 149.9, prior_price: 200 });

    // A higher price notifies nobody; removing the discount (back to 200) is not a drop either.
    expect((await runProductPrice(t.db, { productId: p.id, price: 250, discount: 0 }, notifierFor(t.db)!)).notified).toBe(0);
    expect(await rowsOf(ana.user.id)).toHaveLength(1);
    // While a running flash sale sets the price, changing the list price does not change what it sells at.
    const [sale] = await t.db
      .insert(flashSales)
      .values({ name: 'Reduceri', thumbnail: '/x.svg', startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 3600_000) })
      .returning();
    await t.db.insert(flashSaleProducts).values({ flashSaleId: sale!.id, productId: p.id, salePrice: 120 });
    expect(await runProductPrice(t.db, { productId: p.id, price: 180, discount: 0 }, notifierFor(t.db)!)).toMatchObject({
      oldPrice: 120,
      newPrice: 120,
      notified: 0,
    });
    await t.db.delete(flashSales).where(eq(flashSales.id, sale!.id));
    await expect(runProductPrice(t.db, { productId: 2_000_000_000, price: 10, discount: 0 }, notifierFor(t.db)!)).rejects.toThrow(
      'No product 2000000000.',
    );
    // Each notification also queued nothing here (no devices): the push queue only serves subscriptions.
    expect(await t.db.select().from(pushJobs)).toHaveLength(0);
  });

  it('an order that leaves a favourite with exactly one unit tells its favouriters (not the buyer), after commit', async () => {
    const ana = await quickUser(t, 'Ana');
    const ion = await quickUser(t, 'Ion');
    const p = await makeProduct(t, shopId, { quantity: 3 });
    const single = await makeProduct(t, shopId, { quantity: 1 });
    for (const u of [ana, ion]) {
      for (const id of [p.id, single.id])
        expect((await c.put(`/favorite-products/${id}`, undefined, { token: u.token })).statusCode).toBe(200);
    }
    const line = (product: { id: number; name: string }, quantity: number) =>
      ({ product: { id: product.id, name: product.name }, request: { quantity } }) as unknown as PricedLine;
    // Ion buys 2 of 3 (one line each): one is left, down from more.
    const low = await t.db.transaction((tx) => takeStock(tx as unknown as Database, ion.user.id, [line(p, 1), line(p, 1)]));
    expect(low).toEqual([{ productId: p.id, name: p.name, buyerId: ion.user.id }]);
    expect((await t.db.select({ q: products.quantity, sold: products.totalSold }).from(products).where(eq(products.id, p.id)))[0]).toEqual({
      q: 1,
      sold: 2,
    });
    expect(await announceLowStock(t.db, low, undefined, notifierFor(t.db)!)).toBe(1);
    expect(await rowsOf(ana.user.id)).toMatchObject([
      { kind: 'low_stock', params: { product_id: p.id, name: p.name }, url: `/products/${p.id}/details` },
    ]);
    expect(await rowsOf(ion.user.id)).toHaveLength(0);
    // A product that had one unit and sells it is not "about to sell out" (it is sold out).
    expect(await t.db.transaction((tx) => takeStock(tx as unknown as Database, ion.user.id, [line(single, 1)]))).toEqual([]);
    // A failing announcement never throws (the order is already done).
    const broken = {
      transaction: () => Promise.reject(new Error('down')),
      select: () => {
        throw new Error('down');
      },
    } as unknown as Database;
    const warnings: unknown[] = [];
    await expect(announceLowStock(broken, low, { warn: (o) => warnings.push(o) }, notifierFor(t.db)!)).resolves.toBe(0);
    expect(warnings).toHaveLength(1);
  });

  it('buy-now and place-order leaving one unit tell its favouriters once, after commit (not the buyer)', async () => {
    const shop = await makeShop(t);
    const fan = await quickUser(t, 'Fan');
    const buyer = await quickUser(t, 'Buyer');
    const address = (await c.post('/address/store', ADDRESS, { token: buyer.token })).json().data.address.id;
    const p = await makeProduct(t, shop.id, { quantity: 3 });
    for (const u of [fan, buyer]) expect((await c.put(`/favorite-products/${p.id}`, undefined, { token: u.token })).statusCode).toBe(200);
    const k = key();
    const body = { product_id: p.id, quantity: 2, address_id: address, payment_method: 'cash' };
    expect((await c.post('/buy-now', body, { token: buyer.token, key: k })).statusCode).toBe(200);
    expect((await c.post('/buy-now', body, { token: buyer.token, key: k })).headers['idempotent-replayed']).toBe('true');
    const fanRows = await t.db.select().from(notifications).where(eq(notifications.userId, fan.user.id));
    expect(fanRows.map((r) => r.kind)).toEqual(['low_stock']);
    // The buyer hears only of their order's confirmation (issue 36), once despite the replay.
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id))).map((r) => r.kind)).toEqual([
      'order_placed',
    ]);
    // place-order from the cart: 4 → 1 for another product.
    const q = await makeProduct(t, shop.id, { quantity: 4 });
    expect((await c.put(`/favorite-products/${q.id}`, undefined, { token: fan.token })).statusCode).toBe(200);
    expect((await c.post('/cart/store', { product_id: q.id, quantity: 3 }, { token: buyer.token })).statusCode).toBe(200);
    const placed = await c.post(
      '/place-order',
      { selected_products: [q.id], address_id: address, payment_method: 'cash' },
      { token: buyer.token },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, fan.user.id))).map((r) => r.kind)).toEqual([
      'low_stock',
      'low_stock',
    ]);
  });
});
