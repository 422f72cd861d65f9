/**
 * Code delivery in production (issue #4): a local fake HTTP SMS gateway receives the SMS, a local
 * SMTP sink receives e-mailed reset codes (forgot_otp_type email), the development outbox does
 * not exist, and codes and passwords never reach the logs. The app runs with NODE_ENV=production,
 * so passwords are hashed at the real cost (scrypt N = 2^17): this file hashes only a few times.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { settingsResponseSchema } from '#contract/master.ts';
import { messageDeliveries, outboxMessages, settings } from '#server/db/schema.ts';
import { DELIVERY_MAX_ATTEMPTS, deliveryWorkerFor } from '#server/services/delivery-queue.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, deliverQueued, newIp, newPhone } from '../harness/auth-helpers.ts';

let t: TestApp;
let call: ReturnType<typeof api>;
const logLines: string[] = [];
const sms: { authorization?: string; body: { to: string; message: string } }[] = [];
const mails: { from: string; to: string[]; raw: string }[] = [];
/** Recipients the fake gateway refuses (answers 500). */
const failing = new Set<string>();

const PASSWORD = 'parola-de-productie-1';

// The app's SMS gateway and SMTP server come first (its environment names them) and close after it.
// eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern: none
test.override('appOptions', async ({}, { onCleanup }) => {
  const gateway = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const body = JSON.parse(data) as { to: string; message: string };
      sms.push({ authorization: req.headers.authorization, body });
      res.writeHead(failing.has(body.to) ? 500 : 202, { 'content-type': 'application/json' });
      res.end('{"status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  onCleanup(async () => {
    await new Promise((resolve) => gateway.close(resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return {
    env: {
      NODE_ENV: 'production',
      SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/v1/messages`,
      SMS_GATEWAY_TOKEN: 'gateway-secret',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      MAIL_FROM: 'Talcioc <coduri@talcioc.ro>',
      OTP_LENGTH: '6',
    },
    logStream,
  };
});
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  call = api(t);
});

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('production delivery', () => {
  it('has no development outbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No API route for GET /api/dev/outbox.');
  });

  it('answers otp_length from OTP_LENGTH', async () => {
    expect(settingsResponseSchema.parse((await call.get('/settings')).json()).data.data.otp_length).toBe(6);
  });

  it('sends sign-up codes through the SMS gateway; e-mailed reset codes through SMTP; nothing secret is logged', async () => {
    const phone = newPhone();
    const ip = newIp();
    const reg = await call.post(
      '/registration',
      { name: 'Elena Prod', phone: phone.typed, email: 'elena@example.ro', password: PASSWORD, country: 'Romania', phone_code: '+40' },
      { ip },
    );
    expect(reg.statusCode, reg.body).toBe(200);
    const sent = await call.post('/send-otp', { phone: phone.typed, phone_code: '+40' }, { ip });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.otp_length).toBe(6);

    await deliverQueued(t); // the request only queued it (ADR 020)
    const delivered = sms.find((m) => m.body.to === phone.e164);
    expect(delivered).toBeDefined();
    expect(delivered!.authorization).toBe('Bearer gateway-secret');
    const code = codeIn(delivered!.body.message);
    expect(code).toMatch(/^\d{6}$/);
    expect(delivered!.body.message).toContain('Talcioc');

    const verified = await call.post('/verify-otp-register', { phone: phone.typed, phone_code: '+40', otp: code }, { ip });
    expect(verified.statusCode, verified.body).toBe(200);

    // Forgot password by e-mail.
    await t.db
      .update(settings)
      .set({ value: sql`${settings.value} || '{"forgot_otp_type":"email"}'::jsonb` })
      .where(eq(settings.key, 'master'));
    const needsEmail = await call.post('/send-otp', { phone: phone.typed, phone_code: '+40', forgot_password: 1 }, { ip, lang: 'en' });
    expect(needsEmail.statusCode).toBe(422);
    expect(needsEmail.json().errors).toEqual({ email: ['The email field is required'] });

    const mailed = await call.post('/send-otp', { email: 'Elena@Example.ro', forgot_password: 1 }, { ip, lang: 'en' });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json().data.email_or_phone).toBe('el***@example.ro');
    await deliverQueued(t);
    const mail = mails.find((m) => m.to.includes('elena@example.ro'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('coduri@talcioc.ro');
    expect(mail!.raw).toMatch(/^Subject: Your Talcioc code$/m);
    const mailCode = codeIn(
      mail!.raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    );
    expect(mailCode).toMatch(/^\d{6}$/);

    const token = await call.post('/verify-otp', { email: 'elena@example.ro', otp: mailCode }, { ip });
    expect(token.statusCode, token.body).toBe(200);
    const reset = await call.post(
      '/reset-password',
      { password: 'parola-noua-de-prod', password_confirmation: 'parola-noua-de-prod', token: token.json().data.token },
      { ip },
    );
    expect(reset.statusCode, reset.body).toBe(200);

    // An unknown e-mail is answered the same way and gets nothing.
    const before = mails.length;
    const unknown = await call.post('/send-otp', { email: 'nimeni@example.ro', forgot_password: 1 }, { ip: newIp(), lang: 'en' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe('We sent a verification code to ni***@example.ro.');
    await deliverQueued(t);
    expect(mails.length).toBe(before);

    // Nothing went to the outbox table, and the logs name the masked recipient only.
    expect(await t.db.select().from(outboxMessages)).toEqual([]);
    const logs = logLines.join('\n');
    expect(logs).toContain('code sent');
    expect(logs).toContain(`+407*****${phone.e164.slice(-3)}`);
    for (const secret of [
      code!,
      mailCode!,
      PASSWORD,
      'parola-noua-de-prod',
      token.json().data.token,
      verified.json().data.access.token.token,
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toContain('elena@example.ro');
  });

  it('a failing gateway never shows in the answer: the message is retried with backoff, then given up (ADR 020)', async () => {
    const phone = newPhone();
    const ip = newIp();
    await t.db
      .update(settings)
      .set({ value: sql`${settings.value} || '{"forgot_otp_type":"phone"}'::jsonb` })
      .where(eq(settings.key, 'master'));
    await call.post(
      '/registration',
      { name: 'Fail', phone: phone.typed, password: PASSWORD, country: 'România', phone_code: '+40' },
      { ip },
    );
    failing.add(phone.e164);
    const res = await call.post('/send-otp', { phone: phone.typed, phone_code: '+40' }, { ip, lang: 'en' });
    expect(res.statusCode).toBe(200);
    const row = async () => (await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.recipient, phone.e164))).at(-1)!;
    // The worker may already have made its first try; run passes until the row is failed for good,
    // each at the time its next try is due (no waiting).
    for (let pass = 0; pass < DELIVERY_MAX_ATTEMPTS + 2 && (await row()).status === 'pending'; pass += 1) {
      const due = (await row()).nextAttemptAt;
      await deliveryWorkerFor(t.db).runDue({ now: new Date(Math.max(Date.now(), due.getTime()) + 1000) });
    }
    const final = await row();
    expect(final).toMatchObject({ status: 'failed', attempts: DELIVERY_MAX_ATTEMPTS, body: '' });
    expect(sms.filter((m) => m.body.to === phone.e164)).toHaveLength(DELIVERY_MAX_ATTEMPTS);
    const code = codeIn(sms.findLast((m) => m.body.to === phone.e164)!.body.message)!;
    const logs = logLines.join('\n');
    expect(logs).toContain('code delivery failed, will retry');
    expect(logs).toContain('code delivery failed for good');
    expect(logs).not.toContain(code);
  });
});
