/**
 * The contact form (issue #6): POST /contact signed in or not, validation per field in Romanian
 * and English (at least one of e-mail and phone), plain text storage, and the per-address limit.
 * Client addresses come from inject's remoteAddress (the test app does not trust proxies).
 */
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { contactResponseSchema } from '#contract/support.ts';
import { contactMessages } from '#server/db/schema.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, newIp } from '../harness/auth-helpers.ts';
import { quickUser } from '../harness/cart-fixtures.ts';
import en from '#src/locales/en.json';
import ro from '#src/locales/ro.json';

let t: TestApp;
let call: ReturnType<typeof api>;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  call = api(t);
});

const FORM = {
  name: 'Maria Ionescu',
  email: 'Maria.Ionescu@Example.ro',
  subject: 'Întrebare despre livrare',
  message: 'Bună ziua, livrați și în Sibiu în aceeași zi?',
};

const latest = async () => (await t.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1))[0]!;

describe('POST /contact', () => {
  it('stores the message and answers a translated confirmation (201), signed out', async () => {
    const res = await call.post('/contact', FORM, { ip: newIp() });
    expect(res.statusCode, res.body).toBe(201);
    const body = contactResponseSchema.parse(res.json());
    expect(body.data.message).toBe(ro['contact.sent']);
    expect(body.message).toBe(ro['contact.sent']);
    expect(await latest()).toMatchObject({
      userId: null,
      name: 'Maria Ionescu',
      email: 'maria.ionescu@example.ro',
      phone: null,
      subject: FORM.subject,
      message: FORM.message,
    });

    const enRes = await call.post('/contact', { ...FORM, email: '', phone: '0721 234 567'.replace(/ /g, '') }, { ip: newIp(), lang: 'en' });
    expect(enRes.statusCode, enRes.body).toBe(201);
    expect(enRes.json().data.message).toBe('Thank you! We received your message and will answer within one working day.');
    expect(await latest()).toMatchObject({ email: null, phone: '+40721234567' });
  });

  it('links the signed-in user; a stale token still sends the message, unlinked', async () => {
    const ana = await quickUser(t);
    const res = await call.post('/contact', FORM, { ip: newIp(), token: ana.token });
    expect(res.statusCode).toBe(201);
    expect((await latest()).userId).toBe(ana.user.id);

    const stale = await call.post('/contact', FORM, { ip: newIp(), token: 'x'.repeat(43) });
    expect(stale.statusCode).toBe(201);
    expect((await latest()).userId).toBeNull();
  });

  it('asks for an e-mail or a phone on both fields when neither is given, in Romanian and English', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const ro422 = await call.post('/contact', { ...FORM, email: '', phone: '' }, { ip: newIp() });
    expect(ro422.statusCode).toBe(422);
    expect(ro422.json()).toEqual({
      message: ro['validation.contact_email_or_phone'],
      errors: { email: [ro['validation.contact_email_or_phone']], phone: [ro['validation.contact_email_or_phone']] },
    });
    const { email: _omit, ...noEmail } = FORM;
    const en422 = await call.post('/contact', noEmail, { ip: newIp(), lang: 'en' });
    expect(en422.statusCode).toBe(422);
    expect(en422.json().errors).toEqual({
      email: [en['validation.contact_email_or_phone']],
      phone: [en['validation.contact_email_or_phone']],
    });
    expect((await t.db.select().from(contactMessages)).length).toBe(before);
  });

  it('validates every field with its own message', async () => {
    const ip = newIp();
    const empty = await call.post('/contact', { name: '', email: 'x@y.ro', subject: '', message: '' }, { ip, lang: 'en' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: [en['validation.name_required']],
      subject: [en['validation.subject_required']],
      message: [en['validation.message_required']],
    });
    const short = await call.post(
      '/contact',
      { name: 'A', email: 'nu-e-email', phone: '07a1', subject: 'ab', message: 'scurt' },
      { ip, lang: 'en' },
    );
    expect(short.json().errors).toEqual({
      name: [en['validation.contact_name_min']],
      email: [en['validation.email_invalid']],
      phone: [en['validation.phone_digits']],
      subject: [en['validation.subject_min']],
      message: [en['validation.contact_message_min']],
    });
    const long = await call.post(
      '/contact',
      { name: 'n'.repeat(101), phone: '0812345678', subject: 's'.repeat(151), message: 'm'.repeat(5001) },
      { ip },
    );
    expect(long.json().errors).toEqual({
      name: [ro['validation.contact_name_max']],
      phone: [ro['validation.phone_invalid']],
      subject: [ro['validation.subject_max']],
      message: [ro['validation.message_max']],
    });
    // Romanian numbers typed the usual ways are accepted and stored in E.164.
    for (const phone of ['0721234567', '721234567', '40721234567', '0040721234567', '0264123456']) {
      const ok = await call.post('/contact', { ...FORM, email: undefined, phone }, { ip: newIp() });
      expect(ok.statusCode, phone).toBe(201);
      expect((await latest()).phone).toBe(phone === '0264123456' ? '+40264123456' : '+40721234567');
    }
    // Shaped like a Romanian mobile but in a range the numbering plan has not allocated: refused
    // like a malformed number, nothing stored.
    const before = (await latest()).id;
    const unallocated = await call.post('/contact', { ...FORM, email: undefined, phone: '0714123456' }, { ip: newIp() });
    expect(unallocated.statusCode).toBe(422);
    expect(unallocated.json().errors).toEqual({ phone: [ro['validation.phone_invalid']] });
    expect((await latest()).id).toBe(before);
  });

  it('stores <script> and markup verbatim as text, CR LF as LF; other control characters are refused (issue 14)', async () => {
    const refused = await call.post('/contact', { ...FORM, message: 'Un mesaj\u0000 destul de lung.' }, { ip: newIp(), lang: 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ message: [en['validation.control_characters']] });
    const message = '<script>alert(1)</script>\r\n<a href="javascript:x">link</a>';
    const res = await call.post('/contact', { ...FORM, name: '<b>Maria</b>', message }, { ip: newIp() });
    expect(res.statusCode).toBe(201);
    const row = await latest();
    expect(row.name).toBe('<b>Maria</b>');
    expect(row.message).toBe('<script>alert(1)</script>\n<a href="javascript:x">link</a>');
    // The answer never echoes the text back.
    expect(res.body).not.toContain('<script>');
  });

  it('takes 5 messages an hour per address: the 6th answers 429 with the usual message; another address is unaffected', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) {
      const ok = await call.post('/contact', { ...FORM, subject: `Mesajul ${i}` }, { ip });
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const sixth = await call.post('/contact', FORM, { ip, lang: 'en' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
    const sixthRo = await call.post('/contact', FORM, { ip });
    expect(sixthRo.json().message).toMatch(/^Prea multe încercări\./);
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Mesajul 4'));
    expect(rows.length).toBeGreaterThan(0);
    // Being signed in does not lift the per-address limit.
    const ana = await quickUser(t);
    expect((await call.post('/contact', FORM, { ip, token: ana.token })).statusCode).toBe(429);
    expect((await call.post('/contact', FORM, { ip: newIp() })).statusCode).toBe(201);
  });
});
