/**
 * Withdrawal from an order (issue 36, ADR 032; OUG 34/2014 art. 9–16, Directive 2023/2673 art. 11a):
 * POST /orders/{id}/withdrawal from the placing of the order until 14 days after delivery, the
 * quantities it may take, before shipping (units cancelled, stock back, the order cancelled when
 * nothing is left), the states the operator moves it through, the shopper's acknowledgement (the
 * notification and the e-mail or SMS), and the order confirmation on a durable medium.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orderResponseSchema, withdrawalResponseSchema } from '#contract/orders.ts';
import { notifications, orderStatusHistory, users } from '#server/db/schema.ts';
import { deliveryWorkerFor } from '#server/services/delivery-queue.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeProduct, makeShop, shopperWithAddress, stockOf } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
type Shopper = Awaited<ReturnType<typeof shopperWithAddress>>;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
});

const DAY = 86_400_000;

/** A shopper's cash order of `quantities` units of fresh products (80 lei and 30 lei, 0.5 kg each → 15 lei delivery). */
async function placedOrder(quantities: [number, number] = [2, 1], s?: Shopper) {
  const shopper = s ?? (await shopperWithAddress(t, c, 'Ana Popescu'));
  const shop = await makeShop(t);
  const a = await makeProduct(t, shop.id, { price: 80, quantity: 5 });
  const b = await makeProduct(t, shop.id, { price: 30, quantity: 5 });
  for (const [product, quantity] of [
    [a, quantities[0]],
    [b, quantities[1]],
  ] as const) {
    const added = await c.post('/cart/store', { product_id: product.id, quantity }, { token: shopper.token });
    expect(added.statusCode, added.body).toBe(200);
  }
  const res = await c.post(
    '/place-order',
    { shop_ids: [shop.id], selected_products: [a.id, b.id], address_id: shopper.address, payment_method: 'cash' },
    { token: shopper.token, key: key() },
  );
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json().data.orders[0].id as number;
  const order = await getOrder(shopper, orderId);
  const itemOf = (productId: number) => order.items.find((i) => i.product_id === productId)!.id;
  return { s: shopper, orderId, a, b, itemA: itemOf(a.id), itemB: itemOf(b.id) };
}

async function getOrder(s: Shopper, orderId: number) {
  const res = await c.get(`/orders/${orderId}`, { token: s.token });
  expect(res.statusCode, res.body).toBe(200);
  return orderResponseSchema.parse(res.json()).data.order;
}

const withdraw = (s: Shopper, orderId: number, body: unknown, o: { key?: string; lang?: string } = {}) =>
  c.post(`/orders/${orderId}/withdrawal`, body, { token: s.token, key: o.key ?? key(), lang: o.lang });

async function deliver(orderId: number, daysAgo = 0) {
  const res = await c.post(`/dev/operator/orders/${orderId}/status`, { status: 'delivered' });
  expect(res.statusCode, res.body).toBe(200);
  if (daysAgo)
    await t.db
      .update(orderStatusHistory)
      .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, 'delivered')));
}

const moveWithdrawal = (id: number, status: string, awb?: string) =>
  c.post(`/dev/operator/withdrawals/${id}/status`, { status, ...(awb && { awb }) });

describe('before shipping', () => {
  it('answers 201 with the withdrawal; the units are cancelled and back in stock; GET of the order carries it', async () => {
    const { s, orderId, a, itemA } = await placedOrder([2, 1]);
    expect(await stockOf(t, a.id)).toBe(3);
    const res = await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 1 }], reason: 'M-am răzgândit' });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = withdrawalResponseSchema.parse(res.json());
    expect(data.withdrawal).toMatchObject({
      status: 'requested',
      before_shipping: true,
      reason: 'M-am răzgândit',
      items: [{ order_item_id: itemA, quantity: 1, amount: 80 }],
      items_amount: 80,
      delivery_refund: 0,
      // Cash on delivery, nothing shipped: nothing was paid.
      refund_amount: 0,
    });
    expect(new Date(data.withdrawal.refund_due_at).getTime() - new Date(data.withdrawal.requested_at).getTime()).toBe(14 * DAY);
    expect(await stockOf(t, a.id)).toBe(4);

    const order = await getOrder(s, orderId);
    expect(order.status).toBe('pending');
    expect(order.withdrawals.map((w) => w.id)).toEqual([data.withdrawal.id]);
    expect(order.withdrawal.open).toBe(true);
    expect(order.withdrawal.deadline).toBeNull();
    expect(order.withdrawal.withdrawable.find((w) => w.order_item_id === itemA)!.quantity).toBe(1);
  });

  it('withdrawing every unit cancels the order; its cancellation puts no unit back twice', async () => {
    const { s, orderId, a, b, itemA, itemB } = await placedOrder([2, 1]);
    expect((await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 1 }] })).statusCode).toBe(201);
    const last = await withdraw(s, orderId, {
      items: [
        { order_item_id: itemA, quantity: 1 },
        { order_item_id: itemB, quantity: 1 },
      ],
    });
    expect(last.statusCode, last.body).toBe(201);
    const { data } = withdrawalResponseSchema.parse(last.json());
    // The last units take the delivery charge with them.
    expect(data.withdrawal).toMatchObject({ items_amount: 110, delivery_refund: 15 });
    expect(data.order.status).toBe('cancelled');
    expect(data.order.history.at(-1)).toMatchObject({ status: 'cancelled', note: 'withdrawal before shipping' });
    expect(await stockOf(t, a.id)).toBe(5);
    expect(await stockOf(t, b.id)).toBe(5);
    // A cancelled order offers no withdrawal.
    const after = await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 1 }] }, { lang: 'en' });
    expect(after.statusCode).toBe(422);
    expect(after.json().errors.order).toEqual(['This order is cancelled: there is nothing left to withdraw from.']);
  });

  it('a shopper cancelling the rest of the order puts back only the units not withdrawn', async () => {
    const { s, orderId, a, b, itemA } = await placedOrder([2, 1]);
    expect((await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 1 }] })).statusCode).toBe(201);
    const cancel = await c.post(`/orders/${orderId}/cancel`, {}, { token: s.token, key: key() });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(t, a.id)).toBe(5);
    expect(await stockOf(t, b.id)).toBe(5);
  });
});

describe('quantities', () => {
  it('refuses more than bought, a second withdrawal of the same units, a foreign item and a repeated one, field by field', async () => {
    const { s, orderId, itemA, itemB } = await placedOrder([2, 1]);
    const other = await placedOrder([1, 1]);
    const tooMany = await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 3 }] }, { lang: 'en' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ 'items.0.quantity': [expect.stringMatching(/at most 2 of “Geacă/)] });

    expect((await withdraw(s, orderId, { items: [{ order_item_id: itemB, quantity: 1 }] })).statusCode).toBe(201);
    const again = await withdraw(s, orderId, { items: [{ order_item_id: itemB, quantity: 1 }] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors['items.0.quantity'][0]).toMatch(/^Ai cerut deja retragerea pentru toate bucățile din „Geacă/);

    const mixed = await withdraw(
      s,
      orderId,
      {
        items: [
          { order_item_id: other.itemA, quantity: 1 },
          { order_item_id: itemA, quantity: 1 },
          { order_item_id: itemA, quantity: 1 },
        ],
      },
      { lang: 'en' },
    );
    expect(mixed.statusCode).toBe(422);
    expect(Object.keys(mixed.json().errors).sort()).toEqual(['items.0.order_item_id', 'items.2.order_item_id']);
    expect(mixed.json().errors['items.0.order_item_id']).toEqual(['This item is not part of this order.']);

    const invalid = await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 0 }] });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors['items.0.quantity']).toEqual(['Alege o cantitate întreagă, de cel puțin 1.']);
    const none = await withdraw(s, orderId, { items: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.items).toEqual(['Alege cel puțin un produs din care te retragi.']);
    // Nothing of the refused requests was written.
    expect((await getOrder(s, orderId)).withdrawals).toHaveLength(1);
  });
});

describe('the deadline: 14 days after delivery', () => {
  it('allows day 13 after delivery, refuses day 15 with a clear message; the order shows the deadline', async () => {
    const open = await placedOrder([1, 1]);
    await deliver(open.orderId, 13);
    const before = await getOrder(open.s, open.orderId);
    expect(before.withdrawal.open).toBe(true);
    const delivered = new Date(before.history.findLast((h) => h.status === 'delivered')!.created_at).getTime();
    expect(new Date(before.withdrawal.deadline!).getTime()).toBe(delivered + 14 * DAY);
    const ok = await withdraw(open.s, open.orderId, { items: [{ order_item_id: open.itemA, quantity: 1 }] });
    expect(ok.statusCode, ok.body).toBe(201);
    // After shipping: paid on delivery, nothing cancelled, the shopper sends it back.
    expect(ok.json().data.withdrawal).toMatchObject({ before_shipping: false, refund_amount: 80 });

    const late = await placedOrder([1, 1]);
    await deliver(late.orderId, 15);
    expect((await getOrder(late.s, late.orderId)).withdrawal.open).toBe(false);
    const res = await withdraw(late.s, late.orderId, { items: [{ order_item_id: late.itemA, quantity: 1 }] }, { lang: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The withdrawal period is over: you can withdraw up to 14 days after delivery.',
      errors: { order: ['The withdrawal period is over: you can withdraw up to 14 days after delivery.'] },
    });
  });

  it('allows a withdrawal while the parcel is on its way (nothing cancelled, stock unchanged)', async () => {
    const { s, orderId, a, itemA } = await placedOrder([1, 1]);
    expect((await c.post(`/dev/operator/orders/${orderId}/status`, { status: 'shipped' })).statusCode).toBe(200);
    const res = await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.withdrawal.before_shipping).toBe(false);
    expect(res.json().data.order.status).toBe('shipped');
    expect(await stockOf(t, a.id)).toBe(4);
  });
});

describe('states', () => {
  it('requested → return in transit (AWB) → received → refunded, each stamped and told to the shopper', async () => {
    const { s, orderId, itemA, itemB } = await placedOrder([1, 1]);
    await deliver(orderId);
    const made = await withdraw(s, orderId, {
      items: [
        { order_item_id: itemA, quantity: 1 },
        { order_item_id: itemB, quantity: 1 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.withdrawal.id as number;
    expect(made.json().data.withdrawal).toMatchObject({ items_amount: 110, delivery_refund: 15, refund_amount: 125 });

    // No AWB, a skipped step, an unknown withdrawal.
    expect((await moveWithdrawal(id, 'return_in_transit')).statusCode).toBe(422);
    expect((await moveWithdrawal(id, 'refunded')).json().message).toBe('A withdrawal cannot go from requested to refunded.');
    expect((await moveWithdrawal(99_999_999, 'received')).statusCode).toBe(404);

    expect((await moveWithdrawal(id, 'return_in_transit', 'FAN 2300112233')).statusCode).toBe(200);
    expect((await moveWithdrawal(id, 'received')).statusCode).toBe(200);
    expect((await moveWithdrawal(id, 'refunded')).statusCode).toBe(200);
    expect((await moveWithdrawal(id, 'received')).statusCode).toBe(422);

    const [w] = (await getOrder(s, orderId)).withdrawals;
    expect(w).toMatchObject({ status: 'refunded', return_tracking: 'FAN 2300112233' });
    expect(w!.return_shipped_at && w!.received_at && w!.refunded_at).toBeTruthy();

    const told = await t.db
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.userId, s.user.id), eq(notifications.kind, 'withdrawal')))
      .orderBy(notifications.id);
    expect(told.map((n) => (n.params as { status: string }).status)).toEqual(['requested', 'return_in_transit', 'received', 'refunded']);
  });

  it('a withdrawal made before shipping goes straight to refunded', async () => {
    const { s, orderId, itemA } = await placedOrder([2, 1]);
    const id = (await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 1 }] })).json().data.withdrawal.id as number;
    expect((await moveWithdrawal(id, 'return_in_transit', 'FAN 1')).statusCode).toBe(422);
    expect((await moveWithdrawal(id, 'refunded')).statusCode).toBe(200);
  });
});

describe('who may, and retries', () => {
  it("another shopper's order answers 404; an unknown order 404", async () => {
    const { orderId, itemA } = await placedOrder([1, 1]);
    const ion = await shopperWithAddress(t, c, 'Ion Ionescu');
    expect((await withdraw(ion, orderId, { items: [{ order_item_id: itemA, quantity: 1 }] })).statusCode).toBe(404);
    expect((await withdraw(ion, 99_999_999, { items: [{ order_item_id: itemA, quantity: 1 }] })).statusCode).toBe(404);
    expect((await c.post(`/orders/${orderId}/withdrawal`, { items: [{ order_item_id: itemA, quantity: 1 }] })).statusCode).toBe(401);
  });

  it('a retry with the same Idempotency-Key replays the answer and withdraws nothing more', async () => {
    const { s, orderId, a, itemA } = await placedOrder([2, 1]);
    const k = key();
    const body = { items: [{ order_item_id: itemA, quantity: 1 }] };
    const first = await withdraw(s, orderId, body, { key: k });
    const second = await withdraw(s, orderId, body, { key: k });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.withdrawal.id).toBe(first.json().data.withdrawal.id);
    expect((await getOrder(s, orderId)).withdrawals).toHaveLength(1);
    expect(await stockOf(t, a.id)).toBe(4);
  });
});

describe('on a durable medium', () => {
  it('the order confirmation and the withdrawal acknowledgement reach the notifications and the e-mail (SMS without one)', async () => {
    const s = await shopperWithAddress(t, c, 'Maria Ionescu');
    await t.db
      .update(users)
      .set({ email: `maria-${s.user.id}@example.ro` })
      .where(eq(users.id, s.user.id));
    const { orderId, itemA } = await placedOrder([1, 1], s);
    const order = await getOrder(s, orderId);
    const placed = await t.db
      .select({ params: notifications.params, url: notifications.url })
      .from(notifications)
      .where(and(eq(notifications.userId, s.user.id), eq(notifications.kind, 'order_placed')));
    expect(placed).toEqual([
      { params: { order_number: order.number, shop: order.shop.name, total: 125 }, url: `/order-history/${orderId}` },
    ]);

    const made = await withdraw(s, orderId, { items: [{ order_item_id: itemA, quantity: 1 }] });
    expect(made.statusCode).toBe(201);
    await deliveryWorkerFor(t.db).runDue();
    const outbox = (await c.get(`/dev/outbox?recipient=${encodeURIComponent(`maria-${s.user.id}@example.ro`)}`)).json().data.messages as {
      channel: string;
      body: string;
    }[];
    const confirmation = outbox.find((m) => m.body.includes('confirmarea comenzii'))!;
    expect(confirmation.channel).toBe('email');
    expect(confirmation.body).toContain(`Comanda ${order.number} — vânzător: ${order.shop.name} (comerciant)`);
    expect(confirmation.body).toMatch(/• Geacă .* × 1: 80,00\slei/);
    expect(confirmation.body).toMatch(/Total de plată, cu TVA și livrare: 125,00\slei/);
    expect(confirmation.body).toContain('ai 14 zile de la primirea produselor');
    expect(confirmation.body).toMatch(/Formularul-model de retragere: http:\/\/[^/]+\/withdrawal-form/);
    expect(confirmation.body).toContain('Garanția legală de conformitate: vânzătorul răspunde 2 ani');

    const ack = outbox.find((m) => m.body.includes('cererea ta de retragere'))!;
    // The date and time it was received, in Romanian time.
    expect(ack.body).toMatch(/Am primit la \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} cererea ta de retragere din contract pentru comanda/);

    // Without an e-mail: an SMS to the phone.
    const ion = await shopperWithAddress(t, c, 'Ion Ionescu');
    await placedOrder([1, 1], ion);
    await deliveryWorkerFor(t.db).runDue();
    const [phone] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, ion.user.id));
    const sms = (await c.get(`/dev/outbox?recipient=${encodeURIComponent(phone!.phone!)}`)).json().data.messages as {
      channel: string;
      body: string;
    }[];
    expect(sms).toEqual([
      expect.objectContaining({ channel: 'sms', body: expect.stringMatching(/^Comanda .* e înregistrată: 125,00\slei cu TVA/) }),
    ]);
  });
});
