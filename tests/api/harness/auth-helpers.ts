/**
 * Helpers for the accounts API tests (issue #4): requests with a client address, language and
 * token; unique phone numbers and addresses per test (the rate limits count per phone and per
 * address); codes read from the development outbox like a person trying the demo would.
 */
import { expect } from 'vitest';
import { like } from 'drizzle-orm';
import { rateLimitBuckets } from '#server/db/schema.ts';
import type { TestApp } from './test-app.ts';
import { deliveryWorkerFor } from '#server/services/delivery-queue.ts';

let sequence = 0;
/**
 * A fresh Romanian mobile number typed nationally ("07…") and its E.164 form. Kept within
 * 072…–077…, ranges allocated to mobiles: the server checks Romania's numbering plan
 * (server/lib/phone.ts), and 0714…, 0781…, 0795… and the like are not numbers.
 */
export function newPhone() {
  sequence += 1;
  const national = `7${20_000_000 + ((process.pid * 1000 + sequence) % 60_000_000)}`;
  return { typed: `0${national}`, national, e164: `+40${national}` };
}
/** A fresh client address. */
export function newIp() {
  sequence += 1;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
}

export interface CallOptions {
  ip?: string;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export function api(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, options: CallOptions = {}) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...(options.lang && { 'accept-language': options.lang }),
        ...options.headers,
      },
    });
  return {
    get: (url: string, options?: CallOptions) => call('GET', url, undefined, options),
    post: (url: string, body: unknown, options?: CallOptions) => call('POST', url, body, options),
    put: (url: string, body: unknown, options?: CallOptions) => call('PUT', url, body, options),
  };
}

/** The newest code the outbox holds for a recipient (E.164 phone or e-mail). */
/** Codes are queued (ADR 020): one pass of the app's delivery worker sends what is due. */
export async function deliverQueued(t: TestApp) {
  return deliveryWorkerFor(t.db).runDue();
}

export async function latestCode(t: TestApp, recipient: string): Promise<string> {
  await deliverQueued(t);
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` });
  expect(res.statusCode).toBe(200);
  const messages = res.json().data.messages as { body: string }[];
  expect(messages.length, `no message for ${recipient}`).toBeGreaterThan(0);
  const code = /\b(\d{6}|\d{4})\b/.exec(messages[0]!.body)?.[1];
  expect(code).toBeDefined();
  return code!;
}

export async function outboxCount(t: TestApp, recipient: string): Promise<number> {
  await deliverQueued(t);
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` });
  return (res.json().data.messages as unknown[]).length;
}

/** A different code of the same length. */
export const wrongCode = (code: string) => code.replace(/^\d/, (d) => String((Number(d) + 1) % 10));

export const PASSWORD = 'parola-sigura-1';

/**
 * Signs up a new verified user through the real flow (registration → send-otp → outbox →
 * verify-otp-register) and answers its phone, address and session token. The send cooldown of
 * the number is then forgotten, so a test can ask for another code at once.
 */
export async function signUp(t: TestApp, name = 'Ana Popescu', password = PASSWORD) {
  const { post } = api(t);
  const phone = newPhone();
  const ip = newIp();
  const reg = await post('/registration', { name, phone: phone.typed, email: '', password, country: 'România', phone_code: '+40' }, { ip });
  expect(reg.statusCode, reg.body).toBe(200);
  const sent = await post('/send-otp', { phone: phone.typed, phone_code: '+40' }, { ip });
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await post(
    '/verify-otp-register',
    { phone: phone.typed, phone_code: '+40', otp: await latestCode(t, phone.e164) },
    { ip },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  const body = verified.json();
  await t.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, `otp-send:to:%:${phone.e164}`));
  return { phone, ip, token: body.data.access.token.token as string, user: body.data.user as { id: number; name: string } };
}
