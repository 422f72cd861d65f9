/**
 * Consent to push notifications (issue 37 §4): the record (topics and date, one row per
 * decision, the latest counts), its validation, and the push queue honouring it — a notification
 * whose topic the shopper did not agree to is kept in the in-app list but never pushed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, pushConsents, pushJobs } from '#server/db/schema.ts';
import type { NewNotification } from '#server/services/notify.ts';
import { notifierFor } from '#server/plugins/notifier.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { quickUser } from '../harness/cart-fixtures.ts';
import { newDevice, startPushService, type PushService } from '../harness/push-helpers.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let service: PushService;

// Jobs are only counted here, never sent: the worker stays off.
test.override('appOptions', { env: { PUSH_WORKER: 'false', PUSH_SERVICE_HOSTS: '127.0.0.1' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
});
beforeAll(async () => {
  service = await startPushService();
  return () => service.close();
});

const orderShipped = (userId: number): NewNotification => ({
  userId,
  kind: 'order_status',
  params: { order_number: 'TLC-7K2M9Q', status: 'shipped', tracking: 'FAN 123456' },
  url: '/order-history/42',
});
const ticketReply = (userId: number): NewNotification => ({
  userId,
  kind: 'ticket_reply',
  params: { ticket_number: 'T-1', subject: 'Colet' },
  url: '/support-ticket/T-1',
});
const priceDrop = (userId: number): NewNotification => ({
  userId,
  kind: 'price_drop',
  params: { name: 'Geacă de piele', old_price: 300, new_price: 250 },
  url: '/products/1/details',
});

/** Notifies through the app's notifier and answers how many push jobs it queued. */
async function jobsFor(notification: NewNotification) {
  const id = await notifierFor(t.db)!.notify(t.db, notification);
  return (await t.db.select().from(pushJobs).where(eq(pushJobs.notificationId, id))).length;
}

async function subscribedShopper() {
  const shopper = await quickUser(t, 'Ioana Marin');
  const device = newDevice(service);
  const res = await c.post('/push/subscriptions', { ...device.json, locale: 'ro' }, { token: shopper.token });
  expect(res.statusCode, res.body).toBe(200);
  return shopper;
}

describe('the consent record', () => {
  it('needs a session', async () => {
    expect((await c.get('/push/consent')).statusCode).toBe(401);
    expect((await c.put('/push/consent', { topics: ['orders'] })).statusCode).toBe(401);
    expect((await c.del('/push/consent')).statusCode).toBe(401);
  });

  it('answers "never decided", then each decision with its date; withdrawal is a decision too, and every one is kept', async () => {
    const { token, user } = await quickUser(t);
    const never = await c.get('/push/consent', { token });
    expect(never.statusCode).toBe(200);
    expect(never.json().data).toEqual({ topics: [], decided_at: null, withdrawn: false });

    const before = Date.now();
    const given = await c.put('/push/consent', { topics: ['orders', 'support'] }, { token, lang: 'en' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().message).toBe('Your notification choices are saved');
    const record = given.json().data;
    expect(record).toMatchObject({ topics: ['orders', 'support'], withdrawn: false });
    expect(Date.parse(record.decided_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect((await c.get('/push/consent', { token })).json().data).toEqual(record);

    const withdrawn = await c.del('/push/consent', { token, lang: 'en' });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ message: 'Consent to notifications withdrawn', data: { topics: [], withdrawn: true } });
    // An empty list withdraws too.
    expect((await c.put('/push/consent', { topics: [] }, { token })).json().data).toMatchObject({ topics: [], withdrawn: true });

    const rows = await t.db.select().from(pushConsents).where(eq(pushConsents.userId, user.id));
    expect(rows.map((r) => r.topics)).toEqual([['orders', 'support'], [], []]);
  });

  it("is the caller's own: another shopper's decision changes nothing of it", async () => {
    const ana = await quickUser(t, 'Ana');
    const dan = await quickUser(t, 'Dan');
    await c.put('/push/consent', { topics: ['favourites'] }, { token: ana.token });
    await c.del('/push/consent', { token: dan.token });
    expect((await c.get('/push/consent', { token: ana.token })).json().data.topics).toEqual(['favourites']);
    expect((await c.get('/push/consent', { token: dan.token })).json().data.withdrawn).toBe(true);
  });

  it('refuses a topic not offered, a repeated topic and a body that is not a list (422 on topics, nothing stored)', async () => {
    const { token, user } = await quickUser(t);
    for (const body of [{ topics: ['marketing'] }, { topics: ['orders', 'orders'] }, { topics: 'orders' }, {}]) {
      const res = await c.put('/push/consent', body, { token, lang: 'en' });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        Object.keys(res.json().errors).some((field) => field.startsWith('topics')),
        res.body,
      ).toBe(true);
    }
    expect(await t.db.select().from(pushConsents).where(eq(pushConsents.userId, user.id))).toHaveLength(0);
  });
});

describe('the push queue honours the latest consent', () => {
  it('pushes nothing to a subscribed device without consent (the in-app notification is still kept)', async () => {
    const shopper = await subscribedShopper();
    expect(await jobsFor(orderShipped(shopper.user.id))).toBe(0);
    const kept = await t.db.select().from(notifications).where(eq(notifications.userId, shopper.user.id));
    expect(kept).toHaveLength(1);
  });

  it('pushes only the topics agreed to, follows a change, and stops at withdrawal', async () => {
    const shopper = await subscribedShopper();
    const token = shopper.token;
    await c.put('/push/consent', { topics: ['orders'] }, { token });
    expect(await jobsFor(orderShipped(shopper.user.id))).toBe(1);
    expect(await jobsFor(ticketReply(shopper.user.id))).toBe(0);
    expect(await jobsFor(priceDrop(shopper.user.id))).toBe(0);

    await c.put('/push/consent', { topics: ['support', 'favourites'] }, { token });
    expect(await jobsFor(orderShipped(shopper.user.id))).toBe(0);
    expect(await jobsFor(ticketReply(shopper.user.id))).toBe(1);
    expect(await jobsFor(priceDrop(shopper.user.id))).toBe(1);

    await c.del('/push/consent', { token });
    expect(await jobsFor(ticketReply(shopper.user.id))).toBe(0);
    expect(await jobsFor(priceDrop(shopper.user.id))).toBe(0);
  });
});
