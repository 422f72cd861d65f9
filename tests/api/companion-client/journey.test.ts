/**
 * The companion app's client, as an outside team builds it (issue 39): types generated with
 * openapi-typescript from the served document (openapi-types.ts, `npm run build:openapi`) and
 * openapi-fetch — not the PWA's callRoute — against the real server listening on 127.0.0.1.
 * One shopper's whole journey: catalog, registration with its code, login, address, favourites,
 * cart with retries under one Idempotency-Key, vouchers, checkout, order, order history, a
 * support ticket, notifications, logout. Every answer, errors included, is checked against the
 * schema the document declares for its operation and status (Ajv, response-validator.ts), and
 * the journey meets at least a 401, a 404, a 422 and a 429. The generated types are compiled
 * with the journey under `strict` (tsc -b, tsconfig.node.json).
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import createClient, { type Middleware } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import type { paths } from './openapi-types.ts';
import { responseValidator, type CheckedAnswer } from './response-validator.ts';
import { test } from '../harness/app-fixture.ts';
import type { TestApp } from '../harness/test-app.ts';
import { latestCode, newPhone, wrongCode } from '../harness/auth-helpers.ts';

let t: TestApp;
let baseUrl: string;
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The app is built (a fresh database, migrated and seeded) within this hook: on two busy cores that can pass a minute.
}, 180_000);

/** What every answer of the journey was checked to be. */
const answers: CheckedAnswer[] = [];
let token: string | undefined;

function companionClient(check: ReturnType<typeof responseValidator>) {
  const client = createClient<paths>({ baseUrl, headers: { 'Accept-Language': 'ro' } });
  const session: Middleware = {
    onRequest({ request }) {
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
  const validation: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      answers.push(await check(request.method, schemaPath, response));
      return response;
    },
  };
  client.use(session, validation);
  return client;
}

const PASSWORD = 'parola-companion-1';

describe('a shopper journey through a client generated from /api/openapi.json', () => {
  it('works end to end, and every answer is what the document declares', async () => {
    const document = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    const api = companionClient(responseValidator(document));

    // --- catalog ------------------------------------------------------------------------------
    const home = await api.GET('/api/home');
    expect(home.response.status).toBe(200);
    const master = await api.GET('/api/master');
    expect(master.data?.data).toBeDefined();
    const list = await api.GET('/api/products', { params: { query: { page: 1, in_stock: '1' } } });
    expect(list.response.status).toBe(200);
    const cards = list.data!.data.data;
    expect(cards.length).toBeGreaterThan(1);
    const search = await api.GET('/api/products', { params: { query: { search: 'rochie' } } });
    expect(search.response.status).toBe(200);
    await api.GET('/api/categories');
    const missing = await api.GET('/api/products/{id}', { params: { path: { id: 2_000_000_000 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.message).toBeTruthy();

    // Two products with stock, with their first size and colour if they have any.
    const items: { id: number; size?: number; color?: number }[] = [];
    for (const card of cards) {
      if (items.length === 2) break;
      const details = await api.GET('/api/products/{id}', { params: { path: { id: card.id } } });
      if (details.response.status !== 200) continue;
      const product = details.data!.data.product;
      if (product.quantity < 3) continue;
      items.push({ id: product.id, size: product.sizes[0]?.id, color: product.colors[0]?.id });
    }
    expect(items).toHaveLength(2);
    await api.GET('/api/products/{id}/similar', { params: { path: { id: items[0]!.id } } });

    // --- registration with a code, login ------------------------------------------------------
    const unauthenticated = await api.GET('/api/user');
    expect(unauthenticated.response.status).toBe(401);
    const phone = newPhone();
    const registered = await api.POST('/api/registration', {
      body: { name: 'Ioana Companion', phone: phone.typed, email: '', password: PASSWORD, country: 'România', phone_code: '+40' },
    });
    expect(registered.response.status).toBe(200);
    const sent = await api.POST('/api/send-otp', { body: { phone: phone.typed, phone_code: '+40' } });
    expect(sent.response.status).toBe(200);
    // Asking again at once: the resend waits (429 with Retry-After).
    const tooSoon = await api.POST('/api/send-otp', { body: { phone: phone.typed, phone_code: '+40' } });
    expect(tooSoon.response.status).toBe(429);
    expect(Number(tooSoon.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The code arrives by SMS (here: the development outbox, outside the document).
    const code = await latestCode(t, phone.e164);
    const wrong = await api.POST('/api/verify-otp-register', { body: { phone: phone.typed, phone_code: '+40', otp: wrongCode(code) } });
    expect(wrong.response.status).toBe(422);
    expect(wrong.error).toMatchObject({ errors: { otp: [expect.any(String)] } });
    const verified = await api.POST('/api/verify-otp-register', { body: { phone: phone.typed, phone_code: '+40', otp: code } });
    expect(verified.response.status).toBe(200);
    const login = await api.POST('/api/login', { body: { phone: phone.typed, phone_code: '+40', password: PASSWORD } });
    expect(login.response.status).toBe(200);
    token = login.data!.data.access.token.token;
    const me = await api.GET('/api/user');
    expect(me.data?.data.user.name).toBe('Ioana Companion');

    // --- address ------------------------------------------------------------------------------
    const address = {
      name: 'Ioana Companion',
      phone: '0721234567',
      county: 'Cluj' as const,
      locality: 'Cluj-Napoca',
      street: 'Str. Memorandumului 28',
      postal_code: '400114',
      type: 'home' as const,
    };
    const badAddress = await api.POST('/api/address/store', { body: { ...address, postal_code: '12' } });
    expect(badAddress.response.status).toBe(422);
    const stored = await api.POST('/api/address/store', { body: address, params: { header: { 'Idempotency-Key': randomUUID() } } });
    expect(stored.response.status).toBe(200);
    const addressId = stored.data!.data.address.id;
    await api.GET('/api/addresses');

    // --- favourites ---------------------------------------------------------------------------
    const liked = await api.PUT('/api/favorite-products/{productId}', { params: { path: { productId: items[1]!.id } } });
    expect(liked.response.status).toBe(200);
    const favourites = await api.GET('/api/favorite-products');
    expect(JSON.stringify(favourites.data)).toContain(`"id":${items[1]!.id}`);

    // --- cart, retried under one Idempotency-Key ----------------------------------------------
    const addKey = randomUUID();
    const add = { product_id: items[0]!.id, quantity: 1, size: items[0]!.size ?? null, color: items[0]!.color ?? null };
    const first = await api.POST('/api/cart/store', { body: add, params: { header: { 'Idempotency-Key': addKey } } });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    const retried = await api.POST('/api/cart/store', { body: add, params: { header: { 'Idempotency-Key': addKey } } });
    expect(retried.response.status).toBe(200);
    expect(retried.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retried.data).toEqual(first.data);
    const sameKeyOtherBody = await api.POST('/api/cart/store', {
      body: { ...add, quantity: 2 },
      params: { header: { 'Idempotency-Key': addKey } },
    });
    expect(sameKeyOtherBody.response.status).toBe(422);
    const incrementKey = randomUUID();
    for (let i = 0; i < 2; i += 1)
      await api.POST('/api/cart/increment', {
        body: { product_id: items[0]!.id },
        params: { header: { 'Idempotency-Key': incrementKey } },
      });
    const cart = await api.GET('/api/carts');
    const lines = cart.data!.data.cart_items.flatMap((shop) => shop.products);
    expect(lines).toHaveLength(1);
    // Stored once, incremented once: two units, whatever the retries.
    expect(lines[0]!.quantity).toBe(2);
    const lineId = lines[0]!.id;

    // --- vouchers and checkout ----------------------------------------------------------------
    const vouchers = await api.GET('/api/get-vouchers');
    expect(vouchers.response.status).toBe(200);
    const summary = await api.POST('/api/cart/checkout', { body: { cart_ids: [lineId], address_id: addressId } });
    expect(summary.response.status, JSON.stringify(summary.error)).toBe(200);
    const unknownCoupon = await api.POST('/api/cart/checkout', {
      body: { cart_ids: [lineId], address_id: addressId, coupon_code: 'NU-EXISTA' },
    });
    expect([404, 422]).toContain(unknownCoupon.response.status);

    // --- place the order, retried under one key: one order ------------------------------------
    const orderKey = randomUUID();
    const orderBody = { cart_ids: [lineId], address_id: addressId, payment_method: 'cash' as const };
    const placed = await api.POST('/api/place-order', { body: orderBody, params: { header: { 'Idempotency-Key': orderKey } } });
    expect(placed.response.status, JSON.stringify(placed.error)).toBe(200);
    const again = await api.POST('/api/place-order', { body: orderBody, params: { header: { 'Idempotency-Key': orderKey } } });
    expect(again.data).toEqual(placed.data);
    const orderId = placed.data!.data.orders[0]!.id;

    // --- order history ------------------------------------------------------------------------
    const history = await api.GET('/api/orders', { params: { query: { page: 1 } } });
    expect(history.data!.data.data.map((o) => o.id)).toEqual([orderId]);
    const order = await api.GET('/api/orders/{id}', { params: { path: { id: orderId } } });
    expect(order.response.status).toBe(200);
    const notMine = await api.GET('/api/orders/{id}', { params: { path: { id: orderId + 100_000 } } });
    expect(notMine.response.status).toBe(404);
    await api.GET('/api/dashboard');

    // --- support ticket -----------------------------------------------------------------------
    const ticket = await api.POST('/api/support-tickets', {
      body: { subject: 'Întrebare despre comandă', message: 'Când ajunge coletul meu?', order_id: orderId },
      params: { header: { 'Idempotency-Key': randomUUID() } },
    });
    expect(ticket.response.status, JSON.stringify(ticket.error)).toBe(201);
    const ticketNumber = ticket.data!.data.ticket.ticket_number;
    await api.GET('/api/support-tickets/{ticketNumber}', { params: { path: { ticketNumber } } });
    await api.GET('/api/support-tickets');

    // --- notifications ------------------------------------------------------------------------
    const notifications = await api.GET('/api/notifications');
    expect(notifications.response.status).toBe(200);
    await api.GET('/api/notifications/unread-count');
    await api.POST('/api/notifications/read-all');

    // --- logout -------------------------------------------------------------------------------
    const out = await api.POST('/api/logout');
    expect(out.response.status).toBe(200);
    const after = await api.GET('/api/user');
    expect(after.response.status).toBe(401);

    // Every answer was declared and matched; the errors a client must handle were met.
    expect(answers.flatMap((a) => a.problems)).toEqual([]);
    const statuses = new Set(answers.map((a) => a.status));
    for (const status of [200, 401, 404, 422, 429]) expect(statuses.has(status), `a ${status} in the journey`).toBe(true);
    expect(answers.length).toBeGreaterThanOrEqual(45);
    console.log(`companion journey: ${answers.length} calls, statuses ${[...statuses].sort().join(', ')}`);
  }, 120_000);
});

describe('the answer check', () => {
  it('refuses an undeclared status, a body off its schema and a 429 without Retry-After', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const check = responseValidator(document);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    expect((await check('GET', '/api/user', json(418, { message: 'x' }))).problems).toEqual(['GET /api/user answered 418, not declared']);
    expect((await check('GET', '/api/user', json(401, { error: 'x' }))).problems[0]).toMatch(/must have required property 'message'/);
    expect((await check('GET', '/api/user', json(429, { message: 'x' }))).problems).toEqual([
      'GET /api/user 429: header Retry-After missing',
    ]);
    expect((await check('GET', '/api/user', json(429, { message: 'x' }, { 'Retry-After': '5' }))).problems).toEqual([]);
    const order = { message: 'x', data: { order: { id: 1.5 } } };
    expect((await check('GET', '/api/orders/{id}', json(200, order))).problems[0]).toMatch(/data\/data\/order\/id must be integer/);
  });
});
