/**
 * Support tickets (issue #6): open (JSON and multipart with an image), list, thread, reply, close,
 * attachments served to their owner only, the operator's reply (replyToTicket) and its
 * notification, and every bad input. One app for the file; attachments go to a temporary DATA_DIR.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_NUMBER_PATTERN,
  ticketListResponseSchema,
  ticketResponseSchema,
  type TicketDetails,
} from '#contract/support.ts';
import { notifications, orders, rateLimitBuckets, supportAttachments, supportTicketMessages, supportTickets } from '#server/db/schema.ts';
import {
  newTicketNumber,
  replyToTicket,
  closeTicketAsOperator,
  runTicketCommand,
  SupportCommandError,
  TICKET_USAGE,
} from '#server/services/support-service.ts';
import { storedFileNames } from '../harness/stored-files.ts';
import { notifierFor } from '#server/plugins/notifier.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeShop, quickUser } from '../harness/cart-fixtures.ts';
import en from '#src/locales/en.json';
import ro from '#src/locales/ro.json';

let t: TestApp;
let call: ReturnType<typeof client>;
let dataDir: string;

// eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern: none
test.override('appOptions', async ({}, { onCleanup }) => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'talcioc-support-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir } };
});
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  call = client(t);
});

// Attachments go through the image pipeline (issue 15): originals under their content address.
const storedFiles = async () => (await storedFileNames(t, 'originals', dataDir)).filter((name) => !name.startsWith('.'));

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data request with text fields and an optional file. */
function multipart(
  url: string,
  fields: Record<string, string>,
  file: FilePart | undefined,
  o: { token?: string; lang?: string; key?: string } = {},
) {
  const boundary = `----talcioc${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'attachment'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(o.token && { authorization: `Bearer ${o.token}` }),
      ...(o.lang && { 'accept-language': o.lang }),
      ...(o.key && { 'idempotency-key': o.key }),
    },
  });
}

function multipartTwoFiles(token: string) {
  const boundary = '----talcioc-two';
  const file = (name: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from('\r\n'),
    ]);
  const fields = Object.entries(TICKET).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/support-tickets',
    payload: Buffer.concat([...fields, file('a.png'), file('b.png'), Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
}

const TICKET = { subject: 'Colet întârziat', message: 'Comanda mea nu a ajuns încă. Mă puteți ajuta?' };

async function openTicket(token: string, body: Record<string, unknown> = TICKET): Promise<TicketDetails> {
  const res = await call.post('/support-tickets', body, { token });
  expect(res.statusCode, res.body).toBe(201);
  return ticketResponseSchema.parse(res.json()).data.ticket;
}

/** An order of the user's, written straight to the database (placing orders has its own tests). */
async function makeOrder(userId: number) {
  const shop = await makeShop(t);
  const [order] = await t.db
    .insert(orders)
    .values({
      number: `TLC-${Math.random().toString(16).slice(2, 12).toUpperCase()}`,
      userId,
      shopId: shop.id,
      paymentMethod: 'cash',
      paymentStatus: 'unpaid',
      address: {},
      totalAmount: 100,
      deliveryCharge: 15,
      payableAmount: 115,
      taxAmount: 19.96,
      weight: 0.5,
    })
    .returning({ id: orders.id, number: orders.number });
  return order!;
}

describe('POST /support-tickets', () => {
  it('opens a ticket with a random number, status open, priority medium and the first message', async () => {
    const ana = await quickUser(t);
    const res = await call.post('/support-tickets', TICKET, { token: ana.token, lang: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ticketResponseSchema.parse(res.json());
    expect(body.message).toBe(en['support.ticket_created']);
    const ticket = body.data.ticket;
    expect(ticket.ticket_number).toMatch(TICKET_NUMBER_PATTERN);
    expect(ticket).toMatchObject({ subject: TICKET.subject, status: 'open', priority: 'medium', order: null, can_reply: true });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({ author: 'customer', body: TICKET.message, attachment: null });

    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.number, ticket.ticket_number));
    expect(row).toMatchObject({ userId: ana.user.id, status: 'open', priority: 'medium', subject: TICKET.subject });

    // Numbers are drawn from crypto randomness: no two alike, Crockford alphabet only.
    const drawn = new Set(Array.from({ length: 2000 }, newTicketNumber));
    expect(drawn.size).toBe(2000);
    for (const n of drawn) expect(n).toMatch(TICKET_NUMBER_PATTERN);
  });

  it('links one of the shopper’s own orders and refuses another shopper’s or an unknown one on order_id', async () => {
    const ana = await quickUser(t);
    const bogdan = await quickUser(t, 'Bogdan');
    const own = await makeOrder(ana.user.id);
    const foreign = await makeOrder(bogdan.user.id);

    const linked = await openTicket(ana.token, { ...TICKET, order_id: own.id, priority: 'high' });
    expect(linked.order).toEqual({ id: own.id, number: own.number });
    expect(linked.priority).toBe('high');

    for (const orderId of [foreign.id, 2_000_000_000]) {
      const res = await call.post('/support-tickets', { ...TICKET, order_id: orderId }, { token: ana.token, lang: 'en' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: en['validation.ticket_order_invalid'],
        errors: { order_id: [en['validation.ticket_order_invalid']] },
      });
    }
    const roRes = await call.post('/support-tickets', { ...TICKET, order_id: foreign.id }, { token: ana.token });
    expect(roRes.json().errors).toEqual({ order_id: [ro['validation.ticket_order_invalid']] });
    // Nothing was written for the refused tickets.
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.userId, ana.user.id))).toHaveLength(1);
  });

  it('answers 422 per field, translated in Romanian and English', async () => {
    const ana = await quickUser(t);
    const empty = await call.post('/support-tickets', {}, { token: ana.token, lang: 'en' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ subject: [en['validation.subject_required']], message: [en['validation.message_required']] });
    const emptyRo = await call.post('/support-tickets', { subject: '   ', message: '' }, { token: ana.token });
    expect(emptyRo.json().errors).toEqual({ subject: [ro['validation.subject_required']], message: [ro['validation.message_required']] });

    const short = await call.post('/support-tickets', { subject: 'ab', message: 'abcd' }, { token: ana.token, lang: 'en' });
    expect(short.json().errors).toEqual({ subject: [en['validation.subject_min']], message: [en['validation.ticket_message_min']] });

    const long = await call.post('/support-tickets', { subject: 's'.repeat(151), message: 'm'.repeat(5001) }, { token: ana.token });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ subject: [ro['validation.subject_max']], message: [ro['validation.message_max']] });

    const bad = await call.post('/support-tickets', { ...TICKET, priority: 'urgent', order_id: 'abc' }, { token: ana.token, lang: 'en' });
    expect(bad.json().errors).toEqual({ priority: [en['validation.ticket_priority_invalid']], order_id: [en['validation.id_invalid']] });

    // At the limits: 150 and 5000 characters are fine.
    const max = await openTicket(ana.token, { subject: 's'.repeat(150), message: 'm'.repeat(5000) });
    expect(max.subject).toHaveLength(150);
    expect(max.messages[0]!.body).toHaveLength(5000);
  });

  it('stores and answers messages as plain text: <script> verbatim, CR LF as LF, a tab as a space; other control characters refused (issue 14)', async () => {
    const ana = await quickUser(t);
    const refused = await call.post(
      '/support-tickets',
      { subject: 'Comanda mea', message: 'line two\u0000\u0007 and more' },
      { token: ana.token, lang: 'en' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ message: [en['validation.control_characters']] });
    const message = '<script>alert("x")</script> & <b>bold</b>\r\nline two\ttab';
    const ticket = await openTicket(ana.token, { subject: '<img src=x onerror=alert(1)>', message });
    expect(ticket.subject).toBe('<img src=x onerror=alert(1)>');
    expect(ticket.messages[0]!.body).toBe('<script>alert("x")</script> & <b>bold</b>\nline two tab');
    const [stored] = await t.db.select().from(supportTicketMessages).where(eq(supportTicketMessages.id, ticket.messages[0]!.id));
    expect(stored!.body).toBe('<script>alert("x")</script> & <b>bold</b>\nline two tab');
    const res = await call.get(`/support-tickets/${ticket.ticket_number}`, { token: ana.token });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().data.ticket.messages[0].body).toContain('<script>alert("x")</script>');
  });

  it('needs a session', async () => {
    expect((await call.post('/support-tickets', TICKET)).statusCode).toBe(401);
    expect((await call.get('/support-tickets')).statusCode).toBe(401);
    expect(
      (await call.post('/support-tickets', TICKET, { headers: { authorization: 'Bearer not-a-real-token-1234567890' } })).statusCode,
    ).toBe(401);
    // Signed out, even a multipart upload is refused before its file is read or stored.
    const before = await storedFiles();
    const res = await multipart('/support-tickets', TICKET, { name: 'a.png', type: 'image/png', bytes: PNG });
    expect(res.statusCode).toBe(401);
    expect(await storedFiles()).toEqual(before);
  });

  it('opens at most 10 tickets an hour per shopper (429 with the usual message), others unaffected', async () => {
    const ana = await quickUser(t);
    for (let i = 0; i < 10; i += 1) await openTicket(ana.token, { ...TICKET, subject: `Întrebarea ${i}` });
    const refused = await call.post('/support-tickets', TICKET, { token: ana.token, lang: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.userId, ana.user.id))).toHaveLength(10);
    const bogdan = await quickUser(t, 'Bogdan');
    await openTicket(bogdan.token);
  });

  it('opens one ticket for a retried request with the same Idempotency-Key', async () => {
    const ana = await quickUser(t);
    const k = key();
    const first = await call.post('/support-tickets', TICKET, { token: ana.token, key: k });
    const again = await call.post('/support-tickets', TICKET, { token: ana.token, key: k });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.ticket.ticket_number).toBe(first.json().data.ticket.ticket_number);
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.userId, ana.user.id))).toHaveLength(1);
  });
});

describe('attachments', () => {
  it('opens a ticket from a multipart form with an image, stored under its content address and served to its owner only', async () => {
    const ana = await quickUser(t);
    const bogdan = await quickUser(t, 'Bogdan');
    const before = await storedFiles();
    const res = await multipart(
      '/support-tickets',
      { ...TICKET, priority: 'low' },
      { name: '../poză colet (1).png', type: 'image/png', bytes: PNG },
      { token: ana.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    const ticket = ticketResponseSchema.parse(res.json()).data.ticket;
    expect(ticket.priority).toBe('low');
    const attachment = ticket.messages[0]!.attachment!;
    expect(attachment).toEqual({
      id: expect.any(Number),
      url: `/api/support-tickets/${ticket.ticket_number}/attachments/${attachment.id}`,
      name: 'poza colet_1.png',
      mime_type: 'image/png',
      size: expect.any(Number),
    });
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{32}\.png$/);
    const [row] = await t.db.select().from(supportAttachments).where(eq(supportAttachments.id, attachment.id));
    expect(row).toMatchObject({ storageKey: added[0], userId: ana.user.id, sizeBytes: attachment.size });

    const served = await call.get(attachment.url.replace(/^\/api/, ''), { token: ana.token });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline; filename="poza colet_1.png"');
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    // The pipeline's clean copy (metadata dropped), the same 1×1 image.
    expect(served.rawPayload.length).toBe(attachment.size);
    expect(served.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);

    const path = attachment.url.replace(/^\/api/, '');
    const foreign = await call.get(path, { token: bogdan.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: ro['support.attachment_not_found'] });
    // Same answer for a made-up id, a made-up ticket, and a real id under another (own) ticket.
    const bogdanTicket = await openTicket(bogdan.token);
    for (const other of [
      `/support-tickets/${ticket.ticket_number}/attachments/999999`,
      `/support-tickets/${newTicketNumber()}/attachments/${attachment.id}`,
      `/support-tickets/${bogdanTicket.ticket_number}/attachments/${attachment.id}`,
      `/support-tickets/${ticket.ticket_number}/attachments/abc`,
    ]) {
      const r = await call.get(other, { token: other.includes(bogdanTicket.ticket_number) ? bogdan.token : ana.token });
      expect(r.statusCode, other).toBe(404);
      expect(r.json()).toEqual(foreign.json());
    }
    expect((await call.get(path)).statusCode).toBe(401);
    // Files never come from the static web root or a guessable public path.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/support/${added[0]}` })).statusCode).toBe(404);
  });

  it('refuses a text file named .png and a file over 5 MB on attachment, storing nothing', async () => {
    const ana = await quickUser(t);
    const before = await storedFiles();
    const text = await multipart(
      '/support-tickets',
      TICKET,
      { name: 'poza.png', type: 'image/png', bytes: Buffer.from('hello, this is not an image at all') },
      { token: ana.token, lang: 'en' },
    );
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: en['validation.attachment_type'], errors: { attachment: [en['validation.attachment_type']] } });
    const textRo = await multipart(
      '/support-tickets',
      TICKET,
      { name: 'poza.png', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { token: ana.token },
    );
    expect(textRo.json().errors).toEqual({ attachment: [ro['validation.attachment_type']] });

    const big = Buffer.concat([PNG, Buffer.alloc(TICKET_ATTACHMENT_MAX_BYTES + 1 - PNG.length)]);
    const tooLarge = await multipart(
      '/support-tickets',
      TICKET,
      { name: 'mare.png', type: 'image/png', bytes: big },
      { token: ana.token, lang: 'en' },
    );
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json()).toEqual({
      message: en['validation.attachment_too_large'],
      errors: { attachment: [en['validation.attachment_too_large']] },
    });
    // Exactly 5 MB is accepted.
    const justFits = await multipart(
      '/support-tickets',
      TICKET,
      { name: 'fix.png', type: 'image/png', bytes: big.subarray(0, TICKET_ATTACHMENT_MAX_BYTES) },
      { token: ana.token },
    );
    expect(justFits.statusCode, justFits.body).toBe(201);
    // Stored as the pipeline's clean copy: the padding after the image's end is gone.
    expect(justFits.json().data.ticket.messages[0].attachment.size).toBeLessThan(1000);
    // Stored once under its content address (the same image as another test's: maybe already there).
    const kept = await storedFiles();
    expect(kept.length - before.length).toBeLessThanOrEqual(1);

    // Text fields are validated in multipart forms too; no file is kept for a refused request.
    const invalid = await multipart(
      '/support-tickets',
      { subject: 'ab', message: TICKET.message },
      { name: 'a.png', type: 'image/png', bytes: PNG },
      { token: ana.token, lang: 'en' },
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ subject: [en['validation.subject_min']] });
    const orderRefused = await multipart(
      '/support-tickets',
      { ...TICKET, order_id: '2000000000' },
      { name: 'a.png', type: 'image/png', bytes: PNG },
      { token: ana.token },
    );
    expect(orderRefused.statusCode).toBe(422);
    expect((await storedFiles()).length).toBe(kept.length);

    // A message field far over the limit is refused on its field, not cut silently.
    const huge = await multipart('/support-tickets', { subject: TICKET.subject, message: 'm'.repeat(70_000) }, undefined, {
      token: ana.token,
      lang: 'en',
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ message: [en['validation.message_max']] });
    // Two files: refused (one image per message), nothing stored.
    const twoFiles = await multipartTwoFiles(ana.token);
    expect(twoFiles.statusCode).toBe(422);
    expect(twoFiles.json().errors).toEqual({ attachment: [ro['validation.attachment_single']] });
    expect((await storedFiles()).length).toBe(kept.length);

    // A form sent without choosing a file is a ticket without attachment.
    const none = await multipart(
      '/support-tickets',
      TICKET,
      { name: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) },
      { token: ana.token },
    );
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().data.ticket.messages[0].attachment).toBeNull();
  });
});

describe('GET /support-tickets and GET /support-tickets/:ticketNumber', () => {
  it('lists the shopper’s own tickets, newest update first, paginated and filtered by status', async () => {
    const ana = await quickUser(t);
    const bogdan = await quickUser(t, 'Bogdan');
    await openTicket(bogdan.token, { subject: 'Al lui Bogdan', message: 'Nu trebuie să apară la Ana.' });
    const made: TicketDetails[] = [];
    for (let i = 0; i < 9; i += 1)
      made.push(await openTicket(ana.token, { subject: `Tichet ${i}`, message: `Mesajul numărul ${i}\ncu două rânduri` }));
    // The oldest ticket gets an answer: it moves to the top.
    await replyToTicket(t.db, made[0]!.ticket_number, 'Bună ziua, verificăm coletul.', notifierFor(t.db)!);

    const page1 = ticketListResponseSchema.parse((await call.get('/support-tickets', { token: ana.token, lang: 'en' })).json());
    expect(page1.message).toBe(en['support.ticket_list']);
    expect(page1.data.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 9 });
    expect(page1.data.data.map((x) => x.subject)).toEqual(['Tichet 0', ...[8, 7, 6, 5, 4, 3, 2, 1].map((i) => `Tichet ${i}`)]);
    expect(page1.data.data[0]).toMatchObject({
      status: 'answered',
      last_message_excerpt: 'Bună ziua, verificăm coletul.',
      last_message_author: 'support',
    });
    expect(page1.data.data[1]).toMatchObject({
      status: 'open',
      last_message_excerpt: 'Mesajul numărul 8 cu două rânduri',
      last_message_author: 'customer',
      order: null,
    });

    const answered = ticketListResponseSchema.parse((await call.get('/support-tickets?status=answered', { token: ana.token })).json());
    expect(answered.data.data.map((x) => x.ticket_number)).toEqual([made[0]!.ticket_number]);

    // (past the 10-an-hour limit: forget its counter for this check)
    await t.db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, `support-ticket:user:${ana.user.id}`));
    for (let i = 0; i < 2; i += 1) await openTicket(ana.token, { subject: `Încă ${i}`, message: 'Încă un mesaj lung.' });
    const page2 = ticketListResponseSchema.parse((await call.get('/support-tickets?page=2', { token: ana.token })).json());
    expect(page2.data.meta).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 11 });
    expect(page2.data.data.map((x) => x.subject)).toEqual(['Tichet 1']);

    const bad = await call.get('/support-tickets?status=lost&page=0', { token: ana.token, lang: 'en' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: [en['validation.ticket_status_invalid']], page: [en['validation.page_invalid']] });
  });

  it('cuts a long last message into a one-line excerpt', async () => {
    const ana = await quickUser(t);
    await openTicket(ana.token, { subject: 'Lung', message: `${'cuvânt '.repeat(100)}sfârșit` });
    const list = ticketListResponseSchema.parse((await call.get('/support-tickets', { token: ana.token })).json());
    const excerpt = list.data.data[0]!.last_message_excerpt;
    expect(excerpt).toHaveLength(140);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).not.toContain('sfârșit');
  });

  it('shows the thread to its owner; another shopper’s number and a guessed one answer the same 404', async () => {
    const ana = await quickUser(t);
    const bogdan = await quickUser(t, 'Bogdan');
    const ticket = await openTicket(ana.token);
    const res = await call.get(`/support-tickets/${ticket.ticket_number}`, { token: ana.token, lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(en['support.ticket_details']);
    expect(ticketResponseSchema.parse(res.json()).data.ticket).toEqual(ticket);
    // Lower case works too (a number typed from an e-mail).
    expect((await call.get(`/support-tickets/${ticket.ticket_number.toLowerCase()}`, { token: ana.token })).statusCode).toBe(200);

    const foreign = await call.get(`/support-tickets/${ticket.ticket_number}`, { token: bogdan.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: ro['support.ticket_not_found'] });
    for (const guess of [newTicketNumber(), 'T-0000000000', '1', 'abc', '%3Cscript%3E']) {
      const r = await call.get(`/support-tickets/${guess}`, { token: bogdan.token });
      expect(r.statusCode, guess).toBe(404);
      expect(r.body).toBe(foreign.body);
    }
    // The same for every route under the number.
    for (const [url, body] of [
      [`/support-tickets/${ticket.ticket_number}/replies`, { message: 'Mesaj străin aici.' }],
      [`/support-tickets/${ticket.ticket_number}/close`, {}],
      [`/support-tickets/${newTicketNumber()}/replies`, { message: 'Mesaj ghicit aici.' }],
      [`/support-tickets/${newTicketNumber()}/close`, {}],
    ] as const) {
      const r = await call.post(url, body, { token: bogdan.token });
      expect(r.statusCode, url).toBe(404);
      expect(r.body).toBe(foreign.body);
    }
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.number, ticket.ticket_number));
    expect(row!.status).toBe('open');
    expect(await t.db.select().from(supportTicketMessages).where(eq(supportTicketMessages.ticketId, row!.id))).toHaveLength(1);
    expect((await call.get(`/support-tickets/${ticket.ticket_number}`)).statusCode).toBe(401);
  });
});

describe('replies, statuses and the operator', () => {
  it('open → answered by replyToTicket (which notifies the owner) → open on the shopper’s reply → closed', async () => {
    const ana = await quickUser(t);
    const ticket = await openTicket(ana.token);
    const n = ticket.ticket_number;

    const answered = await replyToTicket(t.db, n, '  Bună ziua!\r\nColetul pleacă mâine.  ', notifierFor(t.db)!);
    expect(answered.status).toBe('answered');
    expect(answered.messages.map((m) => [m.author, m.body])).toEqual([
      ['customer', TICKET.message],
      ['support', 'Bună ziua!\nColetul pleacă mâine.'],
    ]);
    expect(Date.parse(answered.updated_at)).toBeGreaterThanOrEqual(Date.parse(ticket.updated_at));
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'ticket_reply',
      url: `/support-ticket/${n}`,
      params: { ticket_number: n, subject: TICKET.subject },
      readAt: null,
    });

    const viewed = ticketResponseSchema.parse((await call.get(`/support-tickets/${n}`, { token: ana.token })).json()).data.ticket;
    expect(viewed.status).toBe('answered');
    expect(viewed.messages).toHaveLength(2);

    const reply = await multipart(
      `/support-tickets/${n}/replies`,
      { message: 'Mulțumesc! Iată poza etichetei.' },
      { name: 'eticheta.png', type: 'image/png', bytes: PNG },
      { token: ana.token, lang: 'en' },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const afterReply = ticketResponseSchema.parse(reply.json());
    expect(afterReply.message).toBe(en['support.reply_sent']);
    expect(afterReply.data.ticket.status).toBe('open');
    expect(afterReply.data.ticket.messages.at(-1)).toMatchObject({
      author: 'customer',
      body: 'Mulțumesc! Iată poza etichetei.',
      attachment: { name: 'eticheta.png', mime_type: 'image/png' },
    });

    const json = await call.post(`/support-tickets/${n}/replies`, { message: 'Încă o întrebare.' }, { token: ana.token });
    expect(json.statusCode).toBe(201);
    expect(json.json().data.ticket.messages).toHaveLength(4);

    const closed = await call.post(`/support-tickets/${n}/close`, {}, { token: ana.token, lang: 'en' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe(en['support.ticket_closed_ok']);
    expect(ticketResponseSchema.parse(closed.json()).data.ticket).toMatchObject({ status: 'closed', can_reply: false });
    // Closing again answers the closed ticket.
    const again = await call.post(`/support-tickets/${n}/close`, {}, { token: ana.token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.ticket.status).toBe('closed');

    // Nobody replies to a closed ticket.
    const refused = await call.post(`/support-tickets/${n}/replies`, { message: 'Mai am o întrebare.' }, { token: ana.token, lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: en['support.ticket_closed'], errors: { message: [en['support.ticket_closed']] } });
    const refusedRo = await call.post(`/support-tickets/${n}/replies`, { message: 'Mai am o întrebare.' }, { token: ana.token });
    expect(refusedRo.json().message).toBe(ro['support.ticket_closed']);
    await expect(replyToTicket(t.db, n, 'Răspuns după închidere.', notifierFor(t.db)!)).rejects.toThrow(SupportCommandError);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.number, n));
    expect(row!.status).toBe('closed');
    expect(await t.db.select().from(supportTicketMessages).where(eq(supportTicketMessages.ticketId, row!.id))).toHaveLength(4);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ana.user.id))).toHaveLength(1);
  });

  it('validates replies per field and refuses a bad attachment on a reply', async () => {
    const ana = await quickUser(t);
    const ticket = await openTicket(ana.token);
    const url = `/support-tickets/${ticket.ticket_number}/replies`;
    const empty = await call.post(url, { message: ' \n\t ' }, { token: ana.token, lang: 'en' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ message: [en['validation.message_required']] });
    const long = await call.post(url, { message: 'x'.repeat(5001) }, { token: ana.token });
    expect(long.json().errors).toEqual({ message: [ro['validation.message_max']] });
    const file = await multipart(
      url,
      { message: 'Iată fișierul.' },
      { name: 'x.webp', type: 'image/webp', bytes: Buffer.from('GIF89a not a webp at all') },
      { token: ana.token, lang: 'en' },
    );
    expect(file.statusCode).toBe(422);
    expect(file.json().errors).toEqual({ attachment: [en['validation.attachment_type']] });
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.number, ticket.ticket_number));
    expect(await t.db.select().from(supportTicketMessages).where(eq(supportTicketMessages.ticketId, row!.id))).toHaveLength(1);
  });

  it('the operator commands refuse unknown tickets and bad messages, and close any ticket', async () => {
    const ana = await quickUser(t);
    const ticket = await openTicket(ana.token);
    await expect(replyToTicket(t.db, newTicketNumber(), 'Răspuns pierdut.', notifierFor(t.db)!)).rejects.toThrow(/No ticket/);
    await expect(replyToTicket(t.db, ticket.ticket_number, ' ok ', notifierFor(t.db)!)).rejects.toThrow(/between 5 and 5000/);
    const closed = await closeTicketAsOperator(t.db, ticket.ticket_number.toLowerCase());
    expect(closed.status).toBe('closed');
    await expect(closeTicketAsOperator(t.db, newTicketNumber())).rejects.toThrow(/No ticket/);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.user.id), eq(notifications.kind, 'ticket_reply')));
    expect(rows).toHaveLength(0);
  });

  it('npm run ops -- ticket:reply / ticket:close (runTicketCommand)', async () => {
    const ana = await quickUser(t);
    const ticket = await openTicket(ana.token);
    const n = ticket.ticket_number;
    expect(await runTicketCommand(t.db, ['ticket:reply', n, 'Bună', 'ziua,', 'revenim', 'azi.'], notifierFor(t.db)!)).toBe(
      `Ticket ${n}: reply added, status answered; the shopper is notified.`,
    );
    const viewed = (await call.get(`/support-tickets/${n}`, { token: ana.token })).json().data.ticket as TicketDetails;
    expect(viewed.messages.at(-1)).toMatchObject({ author: 'support', body: 'Bună ziua, revenim azi.' });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, ana.user.id))).toHaveLength(1);
    for (const argv of [[], ['ticket:reply', n], ['ticket:close'], ['ticket:close', n, 'extra'], ['ticket:open', n]]) {
      await expect(runTicketCommand(t.db, argv, notifierFor(t.db)!), argv.join(' ')).rejects.toThrow(TICKET_USAGE);
    }
    expect(await runTicketCommand(t.db, ['ticket:close', n], notifierFor(t.db)!)).toBe(`Ticket ${n}: closed.`);
    expect((await call.get(`/support-tickets/${n}`, { token: ana.token })).json().data.ticket.status).toBe('closed');
  });
});
