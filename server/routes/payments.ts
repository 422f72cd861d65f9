/**
 * The sandbox card payment (issue #5, ADR 007) — development and tests only: app.ts does not
 * register this plugin in production, so the routes do not exist there.
 *
 * GET /api/payments/sandbox/{id} is a tiny page on our own server (no external assets, CSP locked
 * to itself, every text escaped) with Approve and Decline buttons that POST to
 * /api/payments/sandbox/{id}/approve|decline. Approve marks the payment approved and its orders
 * paid; decline marks it declined, its orders' payment failed and cancels them (stock restored).
 * Approving a payment whose orders were all cancelled meanwhile declines it (nothing is charged).
 * Both answer 303 to /payment-success?order=… or /payment-failure?order=… (the order numbers,
 * comma-separated). The random payment id is the capability: the page needs no bearer token
 * (a browser navigation cannot send one). A finished payment just redirects to its outcome again.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error.ts';
import { lockOrder, setOrderPaymentStatus } from '#server/repositories/order-repository.ts';
import { findPayment, ordersOfPayment, setPaymentStatus } from '#server/repositories/payment-repository.ts';
import { changeOrderStatus, type OrderStatusChanged } from '#server/services/order-status.ts';
import type { Database } from '#server/db/client.ts';

const params = z.object({ id: z.string().uuid() });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

async function loadPayment(db: Database, id: string, lock = false) {
  const payment = await findPayment(db, id, { lock });
  if (!payment) throw new HttpError(404, 'payment.not_found');
  return { payment, orders: await ordersOfPayment(db, id) };
}

const outcomeUrl = (status: 'approved' | 'declined' | 'pending', numbers: string[]) =>
  `/${status === 'approved' ? 'payment-success' : 'payment-failure'}?order=${encodeURIComponent(numbers.join(','))}`;

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // The page's forms post application/x-www-form-urlencoded with no fields we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get('/sandbox/:id', { schema: { params } }, async (request, reply) => {
    const { payment, orders: list } = await loadPayment(db, request.params.id);
    const nonce = randomBytes(16).toString('base64');
    const id = escapeHtml(payment.id);
    const numbers = escapeHtml(list.map((o) => o.number).join(', '));
    const amount = escapeHtml(payment.amount.toFixed(2));
    const finished = payment.status !== 'pending';
    const html = `<!doctype html>
<html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Plată de test – Talcioc</title>
<style nonce="${nonce}">body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}
form{display:inline-block;margin:.5rem .5rem 0 0}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #555;cursor:pointer}
.ok{background:#1b7f3a;color:#fff;border-color:#1b7f3a}.no{background:#fff}</style></head>
<body><main><h1>Plată de test (sandbox)</h1>
<p>Comenzi: <strong>${numbers}</strong></p><p>Total: <strong>${amount} lei</strong></p>
${
  finished
    ? `<p>Plata este deja ${payment.status === 'approved' ? 'aprobată' : 'refuzată'}.</p>`
    : `<form method="post" action="/api/payments/sandbox/${id}/approve"><button class="ok" type="submit">Aprobă plata</button></form>
<form method="post" action="/api/payments/sandbox/${id}/decline"><button class="no" type="submit">Refuză plata</button></form>`
}
<p><small>Nicio sumă reală nu este debitată.</small></p></main></body></html>`;
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Frame-Options', 'DENY')
      .header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      )
      .send(html);
  });

  for (const action of ['approve', 'decline'] as const) {
    app.post(`/sandbox/:id/${action}`, { schema: { params } }, async (request, reply) => {
      const events: OrderStatusChanged[] = [];
      const result = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const { payment, orders: list } = await loadPayment(tx, request.params.id, true);
        if (payment.status !== 'pending') return { status: payment.status, numbers: list.map((o) => o.number) };
        // Orders the shopper cancelled meanwhile are not charged: approving a payment whose orders
        // are all cancelled declines it.
        const live = list.filter((o) => o.status !== 'cancelled');
        const status = action === 'approve' && live.length ? ('approved' as const) : ('declined' as const);
        await setPaymentStatus(tx, payment.id, status);
        for (const order of list) {
          const locked = await lockOrder(tx, { id: order.id });
          if (status === 'approved' && locked?.status !== 'cancelled') {
            await setOrderPaymentStatus(tx, order.id, 'paid');
          } else {
            await setOrderPaymentStatus(tx, order.id, 'failed');
            if (locked && locked.status !== 'cancelled' && (locked.status === 'pending' || locked.status === 'confirmed')) {
              events.push(await changeOrderStatus(tx, locked, 'cancelled', { note: 'card payment declined' }));
            }
          }
        }
        return { status, numbers: list.map((o) => o.number) };
      });
      await app.orderStatusEvents.emit(events, request.log);
      return reply.redirect(outcomeUrl(result.status, result.numbers), 303);
    });
  }
};
export default paymentRoutes;
