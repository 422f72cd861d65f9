/**
 * Web Push for real (issue #6, ADR 009): a push service of our own on 127.0.0.1 receives what
 * the server sends; the test decrypts it with the subscription's private key (RFC 8291) and
 * checks the VAPID signature (RFC 8292). Also: subscription checks and ownership, 410 removes the
 * subscription, a 500 is retried with backoff, a pending job survives a restart, logout removes
 * the device, login's device_key registers it.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { favorites, pushJobs, pushSubscriptions, sessions, settings } from '#server/db/schema.ts';
import type { NewNotification } from '#server/services/notify.ts';
import type { Database } from '#server/db/client.ts';
import { notifierFor } from '#server/plugins/notifier.ts';
import { loadVapidKeys, VAPID_SETTING_KEY } from '#server/services/push-vapid.ts';
import { nextAttemptAt, pushWorkerFor, RETRY_BACKOFF_SECONDS } from '#server/services/push-worker.ts';
import { readEnv } from '#server/env.ts';
import { pushPayloadSchema, pushPublicKeyResponseSchema } from '#contract/engagement.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { isPushServiceHost } from '#server/services/push-device.ts';
import { client } from '../harness/cart-call.ts';
import { makeProduct, makeShop, quickUser } from '../harness/cart-fixtures.ts';
import { api, newIp, PASSWORD, signUp } from '../harness/auth-helpers.ts';
import en from '#src/locales/en.json';
import {
  buildAppOn,
  decryptPush,
  newDevice,
  startPushService,
  verifyVapid,
  type DeviceKeys,
  type PushService,
} from '../harness/push-helpers.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let service: PushService;
let publicKey: string;

// The worker is driven by hand here (runDue below) so every step is deterministic; the
// restart test below runs a second instance with the worker on.
// The test's own push service runs on 127.0.0.1: it is the one allowed push service here (ADR 019).
test.override('appOptions', { env: { PUSH_WORKER: 'false', PUSH_SERVICE_HOSTS: '127.0.0.1' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  service = await startPushService();
  publicKey = (await c.get('/push/public-key')).json().data.public_key;
});
// The app itself is closed by the fixture, after this.
afterAll(async () => {
  await service?.close();
});
beforeEach(() => service.reset());

/** Subscribes a device; the shopper first agrees to every topic (issue 37 §4: no consent, no push). */
async function subscribe(token: string, keys: DeviceKeys, locale: 'ro' | 'en' = 'ro') {
  expect((await c.put('/push/consent', { topics: ['orders', 'favourites', 'support'] }, { token })).statusCode).toBe(200);
  const res = await c.post('/push/subscriptions', { ...keys.json, locale }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** A notification through the app's notifier (app.notifier, found through its database): its push queue turns it into jobs. */
const notify = (db: Database, notification: NewNotification) => notifierFor(t.db)!.notify(db, notification);

/** One pass of the app's push worker (the app is encapsulated: found through its database). */
const runDue = (options?: { now?: Date }) => pushWorkerFor(t.db)!.runDue(options);

const jobsOf = (subscriptionId: number) => t.db.select().from(pushJobs).where(eq(pushJobs.subscriptionId, subscriptionId));
const subscriptionAt = async (endpoint: string) =>
  (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

function opened(received: { body: Buffer }, keys: DeviceKeys) {
  return pushPayloadSchema.parse(JSON.parse(decryptPush(received.body, keys)));
}

describe('VAPID keys', () => {
  it('answers the public key: a 65-byte P-256 point, generated once and kept in settings', async () => {
    const res = await c.get('/push/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const key = pushPublicKeyResponseSchema.parse(res.json()).data.public_key;
    const raw = Buffer.from(key, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
    const [row] = await t.db.select().from(settings).where(eq(settings.key, VAPID_SETTING_KEY));
    expect((row!.value as { public_key: string }).public_key).toBe(key);
    // Two processes starting together read back the one stored pair.
    const env = readEnv({ NODE_ENV: 'test' });
    const [a, b] = await Promise.all([loadVapidKeys(t.db, env), loadVapidKeys(t.db, env)]);
    expect(a.publicKey).toBe(key);
    expect(b).toEqual(a);
    // A pair given by configuration wins.
    const given = { VAPID_PUBLIC_KEY: 'BAf'.padEnd(87, 'A'), VAPID_PRIVATE_KEY: 'x'.repeat(43), VAPID_SUBJECT: 'mailto:ops@talcioc.ro' };
    expect(await loadVapidKeys(t.db, given)).toEqual({
      publicKey: given.VAPID_PUBLIC_KEY,
      privateKey: given.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@talcioc.ro',
    });
  });
});

describe('subscriptions', () => {
  it('needs a session and refuses endpoints and keys that are not a push subscription (422 per field)', async () => {
    const keys = newDevice(service);
    expect((await c.post('/push/subscriptions', keys.json)).statusCode).toBe(401);
    expect((await c.del('/push/subscriptions')).statusCode).toBe(401);
    const { token } = await quickUser(t);
    const bad = async (body: unknown, field: string) => {
      const res = await c.post('/push/subscriptions', body, { token, lang: 'en' });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      return res.json();
    };
    const body = (await bad({ ...keys.json, endpoint: 'http://push.example.com/x' }, 'endpoint')) as { errors: Record<string, string[]> };
    expect(body.errors.endpoint).toEqual(['The push service address is not valid']);
    await bad({ ...keys.json, endpoint: 'https://10.1.2.3/push' }, 'endpoint');
    await bad({ ...keys.json, endpoint: 'https://localhost/push' }, 'endpoint');
    await bad({ ...keys.json, endpoint: 'https://user:pw@push.example.com/x' }, 'endpoint');
    // Issue 14: only the allowed push services — not an internal host, nor a name of one.
    await bad({ ...keys.json, endpoint: 'https://internal.example.com:6379/x' }, 'endpoint');
    await bad({ ...keys.json, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, 'endpoint'); // not on this app's list
    await bad({ ...keys.json, endpoint: 'not a url' }, 'endpoint');
    await bad({ ...keys.json, keys: { p256dh: 'short', auth: keys.json.keys.auth } }, 'keys.p256dh');
    await bad({ ...keys.json, keys: { p256dh: keys.json.keys.p256dh, auth: '<script>alert(1)</script>' } }, 'keys.auth');
    await bad({ ...keys.json, locale: 'fr' }, 'locale');
    await bad({ endpoint: keys.endpoint }, 'keys');
  });

  it('stores one row per device, upserted on the endpoint; a device that changes hands moves to the new user', async () => {
    const ana = await quickUser(t, 'Ana');
    const ion = await quickUser(t, 'Ion');
    const keys = newDevice(service);
    const first = await subscribe(ana.token, keys);
    expect(await subscribe(ana.token, keys, 'en')).toBe(first);
    expect(await subscribeRow(keys.endpoint)).toMatchObject({ userId: ana.user.id, locale: 'en' });
    // Ana has a job queued for this device when Ion signs in on it: Ana's job must never reach Ion.
    await notify(t.db, { userId: ana.user.id, kind: 'low_stock', params: { product_id: 1, name: 'Geacă' }, url: '/products/1/details' });
    expect(await jobsOf(first)).toHaveLength(1);
    const moved = await subscribe(ion.token, keys);
    expect(await subscribeRow(keys.endpoint)).toMatchObject({ id: moved, userId: ion.user.id });
    expect(await jobsOf(first)).toHaveLength(0);
    // Ana's notifications no longer go to it.
    await notify(t.db, { userId: ana.user.id, kind: 'low_stock', params: { product_id: 1, name: 'Geacă' }, url: '/products/1/details' });
    expect(await jobsOf(moved)).toHaveLength(0);
  });

  // Issue 38: knowing a device's endpoint is not holding it. Only the browser that holds the
  // subscription knows its keys (auth is a secret); another account sending other keys for a
  // registered endpoint is refused and the subscription stays where it was. Before: it moved.
  it('another account cannot take over a registered endpoint without its keys (422 on endpoint); with them it moves', async () => {
    const ana = await quickUser(t, 'Ana');
    const mallory = await signUp(t, 'Mallory');
    const device = newDevice(service);
    const anas = await subscribe(ana.token, device);
    await notify(t.db, { userId: ana.user.id, kind: 'low_stock', params: { product_id: 1, name: 'Geacă' }, url: '/products/1/details' });

    const forged = newDevice(service).json.keys;
    const refused = await c.post(
      '/push/subscriptions',
      { endpoint: device.endpoint, keys: forged, locale: 'ro' },
      { token: mallory.token, lang: 'en' },
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ endpoint: [en['limits.push_endpoint_taken']] });
    // The same keys with one changed (a known p256dh, a guessed auth) do not do it either.
    const halfForged = { p256dh: device.json.keys.p256dh, auth: forged.auth };
    expect(
      (await c.post('/push/subscriptions', { endpoint: device.endpoint, keys: halfForged }, { token: mallory.token })).statusCode,
    ).toBe(422);
    // Nor through login's device_key: the session is opened, the device is not moved.
    const login = await api(t).post(
      '/login',
      {
        phone: mallory.phone.typed,
        password: PASSWORD,
        phone_code: '+40',
        device_key: JSON.stringify({ endpoint: device.endpoint, keys: forged }),
      },
      { ip: newIp() },
    );
    expect(login.statusCode, login.body).toBe(200);
    expect(await subscriptionAt(device.endpoint)).toMatchObject({ id: anas, userId: ana.user.id, p256dh: device.json.keys.p256dh });
    expect(await jobsOf(anas)).toHaveLength(1);
    // Ana herself may send other keys for her own endpoint (the browser renewed them).
    const renewed = newDevice(service).json.keys;
    expect((await c.post('/push/subscriptions', { endpoint: device.endpoint, keys: renewed }, { token: ana.token })).statusCode).toBe(200);
    // The browser that holds it (the same keys) moves it to the account signed in now.
    const moved = await c.post('/push/subscriptions', { endpoint: device.endpoint, keys: renewed }, { token: mallory.token });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await subscriptionAt(device.endpoint)).toMatchObject({ userId: mallory.user.id });
  });

  it("removes only the caller's own subscription", async () => {
    const ana = await quickUser(t, 'Ana');
    const ion = await quickUser(t, 'Ion');
    const keys = newDevice(service);
    await subscribe(ana.token, keys);
    const other = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { authorization: `Bearer ${ion.token}` },
      payload: {},
    });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['endpoint']);
    const byIon = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { authorization: `Bearer ${ion.token}` },
      payload: { endpoint: keys.endpoint },
    });
    expect(byIon.json().data).toEqual({ removed: false });
    expect(await subscriptionAt(keys.endpoint)).toBeDefined();
    const byAna = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { authorization: `Bearer ${ana.token}` },
      payload: { endpoint: keys.endpoint },
    });
    expect(byAna.statusCode).toBe(200);
    expect(byAna.json().data).toEqual({ removed: true });
    expect(await subscriptionAt(keys.endpoint)).toBeUndefined();
  });
});

async function subscribeRow(endpoint: string) {
  return subscriptionAt(endpoint);
}

describe('delivery', () => {
  it('sends each notification encrypted (aes128gcm) and VAPID-signed to every device of the user, in the device language', async () => {
    const ana = await quickUser(t, 'Ana');
    const phone = newDevice(service);
    const laptop = newDevice(service);
    await subscribe(ana.token, phone, 'ro');
    await subscribe(ana.token, laptop, 'en');
    const before = service.received.length;
    const id = await notify(t.db, {
      userId: ana.user.id,
      kind: 'order_status',
      params: { order_number: 'TLC-7K2M9Q', status: 'shipped', tracking: 'FAN 123456' },
      url: '/order-history/42',
    });
    const summary = await runDue();
    expect(summary).toMatchObject({ sent: 2, retried: 0, failed: 0, gone: 0 });
    const got = service.received.slice(before);
    expect(got).toHaveLength(2);
    for (const push of got) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers['content-type']).toBe('application/octet-stream');
      expect(push.headers.ttl).toBe(String(24 * 3600));
      expect(push.headers.urgency).toBe('normal');
      const endpoint = `${service.url}${push.path}`;
      expect(verifyVapid(push.headers.authorization, endpoint, publicKey)).toMatchObject({
        aud: service.url,
        sub: 'mailto:suport@talcioc.ro',
      });
      // The body is ciphertext: nothing readable travels.
      expect(push.body.includes(Buffer.from('TLC-7K2M9Q'))).toBe(false);
    }
    const ro = opened(
      got.find((p) => phone.endpoint.endsWith(p.path))!,
      phone,
    );
    const en = opened(
      got.find((p) => laptop.endpoint.endsWith(p.path))!,
      laptop,
    );
    expect(ro).toEqual({
      title: 'Comanda TLC-7K2M9Q',
      body: 'Comanda ta a fost expediată. Număr de urmărire: FAN 123456.',
      url: '/order-history/42',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: '/order-history/42',
      notification_id: id,
    });
    expect(en).toMatchObject({
      title: 'Order TLC-7K2M9Q',
      body: 'Your order has been shipped. Tracking number: FAN 123456.',
      url: '/order-history/42',
    });
    // Decrypting with another device's keys fails: each copy is for its own device.
    expect(() => decryptPush(got[0]!.body, phone.endpoint.endsWith(got[0]!.path) ? laptop : phone)).toThrow();
    const jobs = await t.db.select().from(pushJobs).where(eq(pushJobs.notificationId, id));
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    // Nothing is sent twice.
    expect(await runDue()).toMatchObject({ sent: 0 });
  });

  it('deletes the subscription when the push service answers 410 (and 404)', async () => {
    const ana = await quickUser(t, 'Ana');
    const gone = newDevice(service);
    const missing = newDevice(service);
    await subscribe(ana.token, gone);
    await subscribe(ana.token, missing);
    service.answer(410, 404);
    await notify(t.db, { userId: ana.user.id, kind: 'low_stock', params: { product_id: 1, name: 'Geacă' }, url: '/products/1/details' });
    expect(await runDue()).toMatchObject({ gone: 2, sent: 0 });
    expect(await subscriptionAt(gone.endpoint)).toBeUndefined();
    expect(await subscriptionAt(missing.endpoint)).toBeUndefined();
    // Later notifications have no device to go to.
    await notify(t.db, { userId: ana.user.id, kind: 'low_stock', params: { product_id: 1, name: 'Geacă' }, url: '/products/1/details' });
    expect(await runDue()).toMatchObject({ sent: 0, gone: 0 });
  });

  it('retries after a 500 with backoff, then delivers; gives up after the last retry', async () => {
    expect(RETRY_BACKOFF_SECONDS).toEqual([30, 120, 600, 3600, 21600]);
    const ana = await quickUser(t, 'Ana');
    const keys = newDevice(service);
    const subscriptionId = await subscribe(ana.token, keys, 'en');
    service.answer(500);
    const before = service.received.length;
    await notify(t.db, {
      userId: ana.user.id,
      kind: 'price_drop',
      params: { product_id: 9, name: 'Geacă Zara', old_price: 200, new_price: 149.9 },
      url: '/products/9/details',
    });
    const start = Date.now();
    expect(await runDue()).toMatchObject({ retried: 1, sent: 0 });
    let [job] = await jobsOf(subscriptionId);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, lastError: 'push service answered 500: status 500' });
    expect(job!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(start + 29_000);
    expect(job!.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 31_000);
    // Not due yet: nothing is sent.
    expect(await runDue()).toMatchObject({ sent: 0, retried: 0 });
    expect(service.received.length).toBe(before + 1);
    // 31 s later (the worker's clock moved on) it goes through.
    expect(await runDue({ now: new Date(Date.now() + 31_000) })).toMatchObject({ sent: 1 });
    [job] = await jobsOf(subscriptionId);
    expect(job).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(opened(service.received.at(-1)!, keys)).toMatchObject({
      title: 'Price drop on a favourite',
      body: 'Geacă Zara now costs 149,90\u00a0lei (was 200,00\u00a0lei).',
    });
    // The schedule: 30 s, 2 min, 10 min, 1 h, 6 h, then failed; a longer Retry-After wins.
    const now = new Date('2026-01-01T00:00:00Z');
    expect([1, 2, 3, 4, 5].map((n) => (nextAttemptAt(n, now)!.getTime() - now.getTime()) / 1000)).toEqual([30, 120, 600, 3600, 21600]);
    expect(nextAttemptAt(6, now)).toBeNull();
    expect((nextAttemptAt(1, now, 90)!.getTime() - now.getTime()) / 1000).toBe(90);
  });

  it('marks a job failed after its last try, and a refused request (400) at once', async () => {
    const ana = await quickUser(t, 'Ana');
    const keys = newDevice(service);
    const subscriptionId = await subscribe(ana.token, keys);
    service.answer(503, 503, 503, 503, 503, 503);
    await notify(t.db, { userId: ana.user.id, kind: 'low_stock', params: { product_id: 1, name: 'Geacă' }, url: '/products/1/details' });
    // The job is stamped with the database clock; start the injected one safely past it.
    let clock = Date.now() + 1000;
    for (let attempt = 1; attempt <= 6; attempt++) {
      const summary = await runDue({ now: new Date(clock) });
      expect(summary).toMatchObject(attempt < 6 ? { retried: 1 } : { failed: 1 });
      clock += (RETRY_BACKOFF_SECONDS[attempt - 1] ?? 0) * 1000 + 1000;
    }
    expect((await jobsOf(subscriptionId))[0]).toMatchObject({ status: 'failed', attempts: 6 });
    expect(await subscriptionAt(keys.endpoint)).toBeDefined();
    service.answer(400);
    await notify(t.db, { userId: ana.user.id, kind: 'low_stock', params: { product_id: 1, name: 'Geacă' }, url: '/products/1/details' });
    expect(await runDue({ now: new Date(clock) })).toMatchObject({ failed: 1, retried: 0 });
  });

  it('a job pending when the server stops is delivered by the next server on the same database', async () => {
    const ana = await quickUser(t, 'Ana');
    const keys = newDevice(service);
    const subscriptionId = await subscribe(ana.token, keys, 'en');
    const before = service.received.length;
    await notify(t.db, {
      userId: ana.user.id,
      kind: 'order_status',
      params: { order_number: 'TLC-RESTART', status: 'confirmed', tracking: null },
      url: '/order-history/7',
    });
    expect((await jobsOf(subscriptionId))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    // A claim left by a process that died holds only until its lock runs out.
    await t.db
      .update(pushJobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(pushJobs.subscriptionId, subscriptionId));

    // "Restart": a new app instance with its worker ON, on the same database.
    const next = await buildAppOn(t.handle, { PUSH_POLL_SECONDS: '1', PUSH_SERVICE_HOSTS: '127.0.0.1' });
    try {
      expect((await next.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().data.public_key).toBe(publicKey);
      const received = await service.waitFor(before + 1);
      const payload = opened(received.at(-1)!, keys);
      expect(payload).toMatchObject({ title: 'Order TLC-RESTART', body: 'Your order has been confirmed.', url: '/order-history/7' });
      await expect.poll(async () => (await jobsOf(subscriptionId))[0]?.status, { timeout: 5000 }).toBe('sent');
      // A notification made while it runs is sent right away by its worker (no manual pass).
      await notifierFor(next.handle.db)!.notify(next.handle.db, {
        userId: ana.user.id,
        kind: 'low_stock',
        params: { product_id: 3, name: 'Rochie' },
        url: '/products/3/details',
      });
      const more = await service.waitFor(before + 2, 5000);
      expect(opened(more.at(-1)!, keys)).toMatchObject({ title: 'Almost sold out', body: 'Only one Rochie is left.' });
    } finally {
      await next.close();
    }
  });
});

describe('devices and sessions', () => {
  it('logout removes the device subscription of that session only', async () => {
    const ana = await quickUser(t, 'Ana');
    const phone = newDevice(service);
    await subscribe(ana.token, phone);
    // Ana's laptop: another session.
    const laptopSession = await quickUserSession(ana.user.id);
    const laptop = newDevice(service);
    await subscribe(laptopSession, laptop);
    const out = await c.get('/logout', { token: ana.token });
    expect(out.statusCode).toBe(200);
    expect(await subscriptionAt(phone.endpoint)).toBeUndefined();
    expect(await subscriptionAt(laptop.endpoint)).toBeDefined();
    // The ended session can no longer subscribe.
    expect((await c.post('/push/subscriptions', { ...phone.json, locale: 'ro' }, { token: ana.token })).statusCode).toBe(401);
  });

  it('a revoked session gets no pushes (password change ends the other sessions)', async () => {
    const ana = await quickUser(t, 'Ana');
    const keys = newDevice(service);
    const id = await subscribe(ana.token, keys);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, ana.user.id));
    await notify(t.db, { userId: ana.user.id, kind: 'low_stock', params: { product_id: 1, name: 'Geacă' }, url: '/products/1/details' });
    expect(await jobsOf(id)).toHaveLength(0);
  });

  it('login with device_key = the subscription JSON stores it for the new session; another device_key is only kept', async () => {
    const user = await signUp(t, 'Maria Pop');
    const { post } = api(t);
    const keys = newDevice(service);
    const login = await post(
      '/login',
      { phone: user.phone.typed, password: PASSWORD, phone_code: '+40', device_key: JSON.stringify(keys.json) },
      { ip: newIp(), lang: 'en' },
    );
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.access.token.token as string;
    const row = await subscriptionAt(keys.endpoint);
    expect(row).toMatchObject({ userId: user.user.id, p256dh: keys.json.keys.p256dh, auth: keys.json.keys.auth, locale: 'en' });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.id, row!.sessionId!));
    expect(session!.deviceKey).toBe(JSON.stringify(keys.json));
    // It receives this user's pushes (of the topics she agreed to, issue 37 §4)…
    expect((await c.put('/push/consent', { topics: ['support'] }, { token })).statusCode).toBe(200);
    const before = service.received.length;
    await notify(t.db, {
      userId: user.user.id,
      kind: 'ticket_reply',
      params: { ticket_number: 'T-2B7X', subject: 'Colet' },
      url: '/support-ticket/T-2B7X',
    });
    await runDue();
    expect(opened(service.received.slice(before)[0]!, keys)).toMatchObject({
      title: 'Reply to ticket T-2B7X',
      body: 'Customer support replied: Colet',
    });
    // …until logout.
    expect((await c.get('/logout', { token })).statusCode).toBe(200);
    expect(await subscriptionAt(keys.endpoint)).toBeUndefined();

    const plain = await post(
      '/login',
      { phone: user.phone.typed, password: PASSWORD, phone_code: '+40', device_key: 'fcm-token-abc' },
      { ip: newIp() },
    );
    expect(plain.statusCode).toBe(200);
    const last = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.user.id), eq(sessions.deviceKey, 'fcm-token-abc')));
    expect(last).toHaveLength(1);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.user.id))).toHaveLength(0);
  });
});

async function quickUserSession(userId: number) {
  const { hashToken, newToken } = await import('#server/lib/tokens.ts');
  const token = newToken();
  await t.db.insert(sessions).values({ userId, tokenHash: hashToken(token) });
  return token;
}

describe('PUSH_SERVICE_HOSTS (issue 14, ADR 019)', () => {
  const policy = { hosts: readEnv({}).PUSH_SERVICE_HOSTS, allowLoopbackHttp: false };
  it("by default allows the major browsers' push services and nothing else", () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGq3',
      'https://api.push.apple.com/x',
      'https://wns2-db5p.notify.windows.com/w/?token=x',
    ])
      expect(isPushServiceHost(ok, policy), ok).toBe(true);
    for (const refused of [
      'https://internal.example.com:6379/x',
      'https://push.apple.com/x', // *.push.apple.com: subdomains only
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://10.0.0.1/x',
      'not a url',
    ])
      expect(isPushServiceHost(refused, policy), refused).toBe(false);
  });
  it('is configurable, and refuses entries that are not host names', () => {
    expect(readEnv({ PUSH_SERVICE_HOSTS: 'push.example.ro, *.push.example.com' }).PUSH_SERVICE_HOSTS).toEqual([
      'push.example.ro',
      '*.push.example.com',
    ]);
    expect(() => readEnv({ PUSH_SERVICE_HOSTS: 'https://x.example/' })).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(() => readEnv({ PUSH_SERVICE_HOSTS: ' , ' })).toThrow(/PUSH_SERVICE_HOSTS/);
  });
});

describe('price drops (issue 36)', () => {
  it('the push of an announced reduction states the prior price and the percentage against it', async () => {
    const ana = await quickUser(t, 'Ana');
    const keys = newDevice(service);
    await subscribe(ana.token, keys, 'ro');
    const product = await makeProduct(t, (await makeShop(t)).id, { price: 141 });
    await t.db.insert(favorites).values({ userId: ana.user.id, productId: product.id });

    const changed = await c.post(`/dev/operator/products/${product.id}/price`, { price: 141, discount_price: 99.9 });
    expect(changed.json().data).toMatchObject({ prior_price: 141, notified: 1 });
    expect(await runDue()).toMatchObject({ sent: 1 });
    const push = opened(service.received.at(-1)!, keys);
    expect(push).toMatchObject({
      title: 'Preț redus la un produs favorit',
      body: `${product.name} costă acum 99,90\u00a0lei, cu 29% sub cel mai mic preț din ultimele 30 de zile (141,00\u00a0lei).`,
      url: `/products/${product.id}/details`,
    });
  });
});
