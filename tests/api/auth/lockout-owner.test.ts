/**
 * Lockouts that stop a guesser and never the owner (issue 38, ADR 029; OWASP ASVS 5 §6.3,
 * NIST SP 800-63B §5.2.2).
 *
 * - Login: 50 wrong passwords for her phone from 10 addresses pause sign-in from unknown addresses
 *   for the hour (her known address still signs in). A code sent to her phone lifts it: a correct
 *   reset code clears the phone's count and makes that address a known one, a password reset by
 *   code clears the count. Before: the reset changed nothing, and her correct new password
 *   answered 429 for an hour from any new address, again after every refill.
 * - Codes: strangers' wrong tries burn the code they guessed at (5 tries per code), and a new
 *   code she asks for works at once. Before: ten wrong tries from ten addresses made her correct
 *   code — and every new one — answer 429 for 15 minutes.
 */
import { like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '#server/db/schema.ts';
import { LOGIN_FAILURES } from '#server/services/limits.ts';
import { OTP_MAX_ATTEMPTS } from '#server/services/otp-service.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, latestCode, newIp, newPhone, PASSWORD, signUp, wrongCode } from '../harness/auth-helpers.ts';
import en from '#src/locales/en.json';

let t: TestApp;
let call: ReturnType<typeof api>;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  call = api(t);
});

const login = (phone: string, password: string, ip: string) =>
  call.post('/login', { phone, password, phone_code: '+40' }, { ip, lang: 'en' });

/** `ceiling` wrong passwords for `phone`, spread over 10 fresh addresses (5 each: no address is ever delayed). */
async function strangersGuess(phone: string, ceiling = LOGIN_FAILURES.phoneCeiling) {
  const addresses = Array.from({ length: 10 }, newIp);
  for (let i = 0; i < ceiling; i += 1) {
    const res = await login(phone, `guess-${i}-xyz`, addresses[i % addresses.length]!);
    expect(res.statusCode).toBe(422);
  }
}

/** The reset flow from `ip`: code by SMS, verify-otp, then (optionally) a new password. */
async function resetByCode(user: Awaited<ReturnType<typeof signUp>>, ip: string, newPassword?: string) {
  expect((await call.post('/send-otp', { phone: user.phone.typed, phone_code: '+40', forgot_password: 1 }, { ip })).statusCode).toBe(200);
  const verified = await call.post('/verify-otp', { phone: user.phone.typed, otp: await latestCode(t, user.phone.e164) }, { ip });
  expect(verified.statusCode, verified.body).toBe(200);
  if (!newPassword) return;
  const reset = await call.post(
    '/reset-password',
    { password: newPassword, password_confirmation: newPassword, token: verified.json().data.token },
    { ip },
  );
  expect(reset.statusCode, reset.body).toBe(200);
}

describe('failed logins from strangers', () => {
  it('pause only unknown addresses, and a password reset by code lifts the pause — for good at the address it came from', async () => {
    const user = await signUp(t);
    expect((await login(user.phone.typed, PASSWORD, user.ip)).statusCode).toBe(200);
    await strangersGuess(user.phone.typed);

    // The ceiling is reached: a new address of hers is paused, with words that name the way out…
    const away = newIp();
    const paused = await login(user.phone.typed, PASSWORD, away);
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(paused.json().message).toBe(en['limits.login_paused'].replace('{{seconds}}', String(paused.headers['retry-after'])));
    // …her known address is not.
    expect((await login(user.phone.typed, PASSWORD, user.ip)).statusCode).toBe(200);

    // She resets her password by a code from the new address: signed in from there at once, and from elsewhere too.
    await resetByCode(user, away, 'parola-noua-38');
    expect((await login(user.phone.typed, 'parola-noua-38', away)).statusCode).toBe(200);
    const elsewhere = newIp();
    expect((await login(user.phone.typed, 'parola-noua-38', elsewhere)).statusCode).toBe(200);

    // The stranger fills the ceiling again: the addresses she proved herself from still sign in;
    // an unknown one is paused again (a guesser gets no more than the ceiling an hour).
    await strangersGuess(user.phone.typed);
    expect((await login(user.phone.typed, 'parola-noua-38', away)).statusCode).toBe(200);
    expect((await login(user.phone.typed, 'parola-noua-38', elsewhere)).statusCode).toBe(200);
    expect((await login(user.phone.typed, 'parola-noua-38', newIp())).statusCode).toBe(429);
    expect((await login(user.phone.typed, 'another-guess-1', newIp())).statusCode).toBe(429);
  }, 180_000); // about 110 sign-ins (scrypt each)

  it('a correct reset code alone (no new password) lets her sign in from that address', async () => {
    const user = await signUp(t);
    await strangersGuess(user.phone.typed);
    const away = newIp();
    expect((await login(user.phone.typed, PASSWORD, away)).statusCode).toBe(429);
    await resetByCode(user, away);
    expect((await login(user.phone.typed, PASSWORD, away)).statusCode).toBe(200);
  });

  it('answer an unknown phone past the ceiling in the same words', async () => {
    const phone = newPhone();
    await strangersGuess(phone.typed);
    const paused = await login(phone.typed, PASSWORD, newIp());
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toBe(en['limits.login_paused'].replace('{{seconds}}', String(paused.headers['retry-after'])));
  });
});

describe('wrong code tries from strangers', () => {
  /** Ten wrong verify-otp tries for `phone` from ten addresses: their statuses and messages. */
  async function strangersTryCodes(phone: string, guess: string) {
    const answers: [number, string][] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await call.post('/verify-otp', { phone, otp: guess }, { ip: newIp(), lang: 'en' });
      answers.push([res.statusCode, (res.json().errors?.otp?.[0] ?? res.json().message) as string]);
    }
    return answers;
  }

  it('burn the code they guessed at; the next code she asks for works at once', async () => {
    const user = await signUp(t);
    const ip = newIp();
    expect((await call.post('/send-otp', { phone: user.phone.typed, phone_code: '+40', forgot_password: 1 }, { ip })).statusCode).toBe(200);
    const first = await latestCode(t, user.phone.e164);

    const answers = await strangersTryCodes(user.phone.typed, wrongCode(first));
    expect(answers.map(([status]) => status)).toEqual(Array<number>(10).fill(422));
    expect(answers.slice(0, OTP_MAX_ATTEMPTS - 1).every(([, m]) => m === en['auth.otp_invalid'])).toBe(true);
    expect(answers.slice(OTP_MAX_ATTEMPTS - 1).every(([, m]) => m === en['auth.otp_too_many_attempts'])).toBe(true);

    // Her correct code was burned by the strangers (5 tries per code), not refused for a quarter of an hour.
    const burned = await call.post('/verify-otp', { phone: user.phone.typed, otp: first }, { ip, lang: 'en' });
    expect([burned.statusCode, burned.json().errors?.otp]).toEqual([422, [en['auth.otp_too_many_attempts']]]);

    // A new code: the send waits against SMS pumping still hold (60 s after the last send)…
    const tooSoon = await call.post('/send-otp', { phone: user.phone.typed, phone_code: '+40', forgot_password: 1 }, { ip });
    expect(tooSoon.statusCode).toBe(429);
    await t.db.execute(
      sql`UPDATE rate_limit_buckets SET last_hit_at = last_hit_at - interval '61 seconds' WHERE key = ${`otp-send:to:reset:${user.phone.e164}`}`,
    );
    // …and once it is sent, it works at the first try.
    expect((await call.post('/send-otp', { phone: user.phone.typed, phone_code: '+40', forgot_password: 1 }, { ip })).statusCode).toBe(200);
    const second = await latestCode(t, user.phone.e164);
    const verified = await call.post('/verify-otp', { phone: user.phone.typed, otp: second }, { ip });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.token).toMatch(/^[\w-]{43}$/);
  });

  it('answer alike for a phone with an account and one without', async () => {
    const user = await signUp(t);
    const unknown = newPhone();
    for (const phone of [user.phone.typed, unknown.typed])
      expect((await call.post('/send-otp', { phone, phone_code: '+40', forgot_password: 1 }, { ip: newIp() })).statusCode).toBe(200);
    const code = await latestCode(t, user.phone.e164);
    expect(await strangersTryCodes(unknown.typed, wrongCode(code))).toEqual(await strangersTryCodes(user.phone.typed, wrongCode(code)));
  });

  it('keep no per-phone counter of code tries (only the per-address one)', async () => {
    const user = await signUp(t);
    await strangersTryCodes(user.phone.typed, '0000');
    const rows = await t.db
      .select({ key: rateLimitBuckets.key })
      .from(rateLimitBuckets)
      .where(like(rateLimitBuckets.key, `verify:%${user.phone.e164}%`));
    expect(rows).toEqual([]);
  });
});
