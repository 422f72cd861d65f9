/** Real, verified users for browser tests: registered through the API, code read from the dev outbox. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The newest code sent to a phone, from the development outbox. Codes are delivered by a queue
 * outside the request (issue 14), so the message arrives shortly after send-otp answers: poll.
 */
export async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const body = await (await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(`+40${phone}`)}`)).json();
      code = body.data.messages[0]?.body.match(/\b(\d{4,6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * A Romanian mobile number no other test shopper has: 072…–077… only, ranges the numbering plan
 * has allocated (the server checks numbers by it, lib/phone.ts: 0702…, 0714…, 0795… are refused).
 */
export const uniquePhone = () => `7${20_000_000 + (((Date.now() % 100_000) * 1000 + Math.floor(Math.random() * 1000)) % 60_000_000)}`;

/** A made-up client address per test shopper (the e2e server trusts X-Forwarded-For). */
const fakeAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export async function createVerifiedUser(request: APIRequestContext, name = 'Ana Popescu') {
  const phone = uniquePhone();
  const base = { phone, phone_code: '+40' };
  const headers = { 'X-Forwarded-For': fakeAddress() };
  const registered = await request.post('/api/registration', {
    data: { name, ...base, email: null, password: 'parola-sigura-2026', country: 'România' },
    headers,
  });
  if (!registered.ok()) throw new Error(`registration failed: ${registered.status()} ${await registered.text()}`);
  const sent = await request.post('/api/send-otp', { data: { ...base, forgot_password: null }, headers });
  if (!sent.ok() && sent.status() !== 429) throw new Error(`send-otp failed: ${sent.status()} ${await sent.text()}`);
  const code = await latestCode(request, phone);
  const verified = await request.post('/api/verify-otp-register', { data: { ...base, otp: code }, headers });
  if (!verified.ok()) throw new Error(`verify failed: ${verified.status()} ${await verified.text()}`);
  const body = await verified.json();
  return { phone, token: body.data.access.token.token as string, user: body.data.user };
}

/** Signs the page in before its scripts run, as a returning shopper would be. */
export async function signIn(page: Page, session: { token: string; user: unknown }) {
  await page.addInitScript((auth) => localStorage.setItem('auth', JSON.stringify(auth)), {
    token: session.token,
    user: session.user,
    addresses: [],
    favoriteProducts: 0,
  });
}
