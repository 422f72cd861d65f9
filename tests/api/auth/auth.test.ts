/**
 * Accounts API (issue #4): sign-up, one-time codes, login, password reset, sessions, validation
 * messages and rate limits, against the real app and database (one app for the file).
 * Codes are read from the development outbox; times are moved by editing rows through `t.db`.
 */
import { describe, expect, it } from 'vitest';
import { like, eq, sql } from 'drizzle-orm';
import {
  loginResponseSchema,
  loginUnverifiedResponseSchema,
  registrationResponseSchema,
  sendOtpResponseSchema,
  verifyOtpRegisterResponseSchema,
  verifyOtpResponseSchema,
} from '#contract/auth.ts';
import { errorBody, validationErrorBody } from '#contract/envelope.ts';
import { otpCodes, passwordResetTokens, rateLimitBuckets, sessions, settings, users } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { hitBucket } from '#server/repositories/rate-limit-repository.ts';
import { LOGIN_FAILURES } from '#server/services/limits.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, deliverQueued, latestCode, newIp, newPhone, outboxCount, PASSWORD, signUp, wrongCode } from '../harness/auth-helpers.ts';
import en from '#src/locales/en.json';
import ro from '#src/locales/ro.json';

let t: TestApp;
let call: ReturnType<typeof api>;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  call = api(t);
});

const registration = (phone: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ion Ionescu',
  phone,
  email: '',
  password: PASSWORD,
  country: 'România',
  phone_code: '+40',
  ...extra,
});

async function setMaster(patch: Record<string, unknown>) {
  await t.db
    .update(settings)
    .set({ value: sql`${settings.value} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(settings.key, 'master'));
}

/** Moves the send cooldown of a recipient back so the next send is allowed by time. */
async function ageSendBucket(recipient: string, seconds: number) {
  await t.db
    .update(rateLimitBuckets)
    .set({ lastHitAt: sql`${rateLimitBuckets.lastHitAt} - (${seconds}::integer * interval '1 second')` })
    .where(like(rateLimitBuckets.key, `otp-send:to:%:${recipient}`));
}

async function userByPhone(e164: string) {
  const [row] = await t.db.select().from(users).where(eq(users.phone, e164));
  return row;
}

describe('registration → code → verification → session', () => {
  it('creates an unverified account, sends a code to the outbox and signs in once it is verified', async () => {
    const phone = newPhone();
    const ip = newIp();
    const reg = await call.post('/registration', registration(phone.typed), { ip });
    expect(reg.statusCode).toBe(200);
    const body = registrationResponseSchema.parse(reg.json());
    expect(body.message).toBe(ro['auth.registered']);
    expect(body.data.requires_verification).toBe(true);
    expect(body.data.access).toBeUndefined();
    expect(body.data.user).toMatchObject({ name: 'Ion Ionescu', phone: phone.national, phone_code: '+40', phone_verified_at: null });

    const stored = await userByPhone(phone.e164);
    expect(stored).toBeDefined();
    expect(stored!.phone).toBe(phone.e164);
    expect(stored!.phoneVerifiedAt).toBeNull();
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(stored!.passwordHash).not.toContain(PASSWORD);

    const sent = await call.post('/send-otp', { phone: phone.typed, phone_code: '+40', forgot_password: null }, { ip });
    expect(sent.statusCode, sent.body).toBe(200);
    const sentBody = sendOtpResponseSchema.parse(sent.json());
    expect(sentBody.data).toEqual({ email_or_phone: '+407*****' + phone.e164.slice(-3), otp_length: 4, resend_in: 60, expires_in: 600 });

    const code = await latestCode(t, phone.e164);
    expect(code).toMatch(/^\d{4}$/);
    // Only a hash of the code is stored.
    const [otp] = await t.db.select().from(otpCodes).where(eq(otpCodes.userId, stored!.id));
    expect(otp!.codeHash).not.toContain(code);
    expect(otp!.purpose).toBe('register');

    const verified = await call.post('/verify-otp-register', { phone: phone.typed, otp: code }, { ip, lang: 'en' });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verifyOtpRegisterResponseSchema.parse(verified.json());
    expect(session.message).toBe('Phone number verified successfully!');
    expect(session.data.user.id).toBe(stored!.id);
    expect(session.data.user.phone_verified_at).not.toBeNull();
    expect(session.data.access.token.token).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(session.data.access.token.expires_at!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const me = await call.get('/user', { token: session.data.access.token.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toEqual(session.data.user);

    // The session is stored as the token's SHA-256, never the token.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, stored!.id));
    expect(row!.tokenHash).toBe(hashToken(session.data.access.token.token));
  });

  it('answers a sign-up with an already verified phone exactly like a new one, and changes nothing', async () => {
    const existing = await signUp(t, 'Maria Pop');
    const before = await userByPhone(existing.phone.e164);
    const fresh = newPhone();

    const taken = await call.post('/registration', registration(existing.phone.typed, { name: 'Intrus' }), { ip: newIp() });
    const brandNew = await call.post('/registration', registration(fresh.typed, { name: 'Intrus' }), { ip: newIp() });
    expect(taken.statusCode).toBe(brandNew.statusCode);
    const a = registrationResponseSchema.parse(taken.json());
    const b = registrationResponseSchema.parse(brandNew.json());
    expect({ ...a.data.user, phone: '' }).toEqual({ ...b.data.user, phone: '' });
    expect(a.message).toBe(b.message);
    expect(a.data.requires_verification).toBe(b.data.requires_verification);
    expect(a.data.user.id).toBe(0);

    // The verified account keeps its name and password; a code request for it is answered the same and sends nothing.
    expect(await userByPhone(existing.phone.e164)).toEqual(before);
    const messagesBefore = await outboxCount(t, existing.phone.e164);
    const send = await call.post('/send-otp', { phone: existing.phone.typed, phone_code: '+40' }, { ip: newIp() });
    expect(send.statusCode).toBe(200);
    expect(await outboxCount(t, existing.phone.e164)).toBe(messagesBefore);
    const login = await call.post('/login', { phone: existing.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: newIp() });
    expect(login.statusCode).toBe(200);
  });

  it('lets the latest sign-up of a never-verified phone win, and retires codes sent for the earlier one', async () => {
    const phone = newPhone();
    const ip = newIp();
    await call.post('/registration', registration(phone.typed, { name: 'Primul' }), { ip });
    await call.post('/send-otp', { phone: phone.typed, phone_code: '+40' }, { ip });
    const firstCode = await latestCode(t, phone.e164);
    await call.post('/registration', registration(phone.typed, { name: 'Al doilea', password: 'alta-parola-2' }), { ip });
    expect((await userByPhone(phone.e164))!.name).toBe('Al doilea');
    const stale = await call.post('/verify-otp-register', { phone: phone.typed, phone_code: '+40', otp: firstCode }, { ip });
    expect(stale.statusCode).toBe(422);
    // A retired code reads as expired: the shopper asks for a new one.
    expect(stale.json().errors.otp).toEqual([ro['auth.otp_expired']]);
  });

  it('signs in at once when register_otp_verify is off, and then refuses a verified phone', async () => {
    await setMaster({ register_otp_verify: false });
    try {
      const phone = newPhone();
      const res = await call.post('/registration', registration(phone.typed), { ip: newIp(), lang: 'en' });
      expect(res.statusCode, res.body).toBe(200);
      const body = registrationResponseSchema.parse(res.json());
      expect(body.data.requires_verification).toBe(false);
      expect(body.data.user.phone_verified_at).not.toBeNull();
      expect(body.data.user.id).toBeGreaterThan(0);
      expect((await call.get('/user', { token: body.data.access!.token.token })).statusCode).toBe(200);

      const again = await call.post('/registration', registration(phone.typed), { ip: newIp(), lang: 'en' });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.phone).toEqual([en['validation.phone_taken']]);
    } finally {
      await setMaster({ register_otp_verify: true });
    }
  });
});

describe('one-time codes', () => {
  async function pendingUser() {
    const phone = newPhone();
    const ip = newIp();
    expect((await call.post('/registration', registration(phone.typed), { ip })).statusCode).toBe(200);
    expect((await call.post('/send-otp', { phone: phone.typed, phone_code: '+40' }, { ip })).statusCode).toBe(200);
    return { phone, ip, code: await latestCode(t, phone.e164) };
  }
  const verify = (p: { phone: { typed: string }; ip: string }, otp: string, lang?: string) =>
    call.post('/verify-otp-register', { phone: p.phone.typed, phone_code: '+40', otp }, { ip: p.ip, lang });

  it('burns a code after five wrong tries: the sixth try fails even with the right code', async () => {
    const p = await pendingUser();
    for (let i = 1; i <= 4; i++) {
      const res = await verify(p, wrongCode(p.code));
      expect(res.statusCode).toBe(422);
      expect(validationErrorBody.parse(res.json()).errors.otp).toEqual([ro['auth.otp_invalid']]);
    }
    const fifth = await verify(p, wrongCode(p.code), 'en');
    expect(fifth.json()).toEqual({ message: en['auth.otp_too_many_attempts'], errors: { otp: [en['auth.otp_too_many_attempts']] } });
    const sixth = await verify(p, p.code, 'en');
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().errors.otp).toEqual([en['auth.otp_too_many_attempts']]);
    expect((await userByPhone(p.phone.e164))!.phoneVerifiedAt).toBeNull();
  });

  it('accepts the right code on the fifth try', async () => {
    const p = await pendingUser();
    for (let i = 1; i <= 4; i++) expect((await verify(p, wrongCode(p.code))).statusCode).toBe(422);
    expect((await verify(p, p.code)).statusCode).toBe(200);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const p = await pendingUser();
    const user = await userByPhone(p.phone.e164);
    const [otp] = await t.db.select().from(otpCodes).where(eq(otpCodes.userId, user!.id));
    expect(otp!.expiresAt.getTime() - otp!.createdAt.getTime()).toBe(600_000);
    await t.db
      .update(otpCodes)
      .set({ createdAt: sql`now() - interval '11 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(otpCodes.userId, user!.id));
    const res = await verify(p, p.code, 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.otp).toEqual([en['auth.otp_expired']]);
  });

  it('refuses a code used once already', async () => {
    const p = await pendingUser();
    expect((await verify(p, p.code)).statusCode).toBe(200);
    const again = await verify(p, p.code);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.otp).toEqual([ro['auth.otp_invalid']]);
  });

  it('refuses a resend inside 60 s with 429, Retry-After and the seconds left; waits grow, 5 sends an hour at most', async () => {
    const p = await pendingUser();
    const send = () => call.post('/send-otp', { phone: p.phone.typed, phone_code: '+40' }, { ip: p.ip, lang: 'en' });

    const early = await send();
    expect(early.statusCode).toBe(429);
    const seconds = Number(early.headers['retry-after']);
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(errorBody.parse(early.json()).message).toBe(en['auth.otp_resend_wait'].replace('{{seconds}}', String(seconds)));

    // After 60 s the resend goes out, and the earlier code stops working.
    await ageSendBucket(p.phone.e164, 61);
    const second = await send();
    expect(second.statusCode, second.body).toBe(200);
    expect(sendOtpResponseSchema.parse(second.json()).data.resend_in).toBe(60);
    const newCode = await latestCode(t, p.phone.e164);
    if (newCode !== p.code) expect((await verify(p, p.code)).statusCode).toBe(422);

    await ageSendBucket(p.phone.e164, 61);
    const third = await send();
    expect(third.statusCode).toBe(200);
    expect(third.json().data.resend_in).toBe(120);
    await ageSendBucket(p.phone.e164, 61);
    const tooSoon = await send();
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);

    await ageSendBucket(p.phone.e164, 200);
    expect((await send()).statusCode).toBe(200); // 4th
    await ageSendBucket(p.phone.e164, 500);
    const fifth = await send();
    expect(fifth.statusCode).toBe(200);
    expect(fifth.json().data.resend_in).toBeGreaterThan(3000); // until the hour is over
    await ageSendBucket(p.phone.e164, 3000);
    const sixth = await send();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    // The newest code still verifies.
    expect((await verify(p, await latestCode(t, p.phone.e164))).statusCode).toBe(200);
  });

  it('allows at most 20 code requests an hour from one address, known numbers or not', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const res = await call.post('/send-otp', { phone: newPhone().typed, phone_code: '+40' }, { ip });
      expect(res.statusCode, `send ${i + 1}`).toBe(200);
    }
    const refused = await call.post('/send-otp', { phone: newPhone().typed, phone_code: '+40' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('login', () => {
  it('signs in with phone and password, with a new token at each login', async () => {
    const user = await signUp(t);
    const ip = newIp();
    const first = await call.post(
      '/login',
      { phone: user.phone.typed, password: PASSWORD, phone_code: '+40', device_key: 'push-1' },
      { ip, lang: 'en' },
    );
    expect(first.statusCode, first.body).toBe(200);
    const a = loginResponseSchema.parse(first.json());
    expect(a.message).toBe('Login Successful');
    expect(a.data.user.phone).toBe(user.phone.national);
    // The number may be typed in any usual form.
    const second = await call.post('/login', { phone: user.phone.e164.slice(1), password: PASSWORD, phone_code: '40' }, { ip });
    expect(second.statusCode).toBe(200);
    const b = loginResponseSchema.parse(second.json());
    expect(b.message).toBe(ro['auth.login_success']);
    expect(b.data.access.token.token).not.toBe(a.data.access.token.token);
    for (const token of [user.token, a.data.access.token.token, b.data.access.token.token]) {
      expect((await call.get('/user', { token })).statusCode).toBe(200);
    }
  });

  it('answers an unknown phone and a wrong password with the same 422 and message', async () => {
    const user = await signUp(t);
    const wrongPassword = await call.post(
      '/login',
      { phone: user.phone.typed, password: 'not-the-password', phone_code: '+40' },
      { ip: newIp() },
    );
    const unknown = await call.post(
      '/login',
      { phone: newPhone().typed, password: 'not-the-password', phone_code: '+40' },
      { ip: newIp() },
    );
    expect(wrongPassword.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual({ message: ro['auth.invalid_credentials'], errors: { password: [ro['auth.invalid_credentials']] } });
    const enBody = await call.post('/login', { phone: newPhone().typed, password: 'x', phone_code: '+40' }, { ip: newIp(), lang: 'en' });
    expect(enBody.json().message).toBe('The phone number or password is incorrect');
  });

  it('answers 403 requires_verification with the user for an unverified phone, sends a code, and verifying signs in', async () => {
    const phone = newPhone();
    const ip = newIp();
    await call.post('/registration', registration(phone.typed), { ip });
    const wrong = await call.post('/login', { phone: phone.typed, password: 'wrong-password', phone_code: '+40' }, { ip });
    expect(wrong.statusCode).toBe(422);
    expect(await outboxCount(t, phone.e164)).toBe(0);

    const res = await call.post('/login', { phone: phone.typed, password: PASSWORD, phone_code: '+40' }, { ip });
    expect(res.statusCode).toBe(403);
    const body = loginUnverifiedResponseSchema.parse(res.json());
    expect(body.data.requires_verification).toBe(true);
    expect(body.data.user.phone).toBe(phone.national);
    expect(body.data.user.phone_verified_at).toBeNull();
    expect(await outboxCount(t, phone.e164)).toBe(1);

    // The client's resend re-posts the login: inside 60 s no second code goes out, the answer stays 403.
    expect((await call.post('/login', { phone: phone.typed, password: PASSWORD, phone_code: '+40' }, { ip })).statusCode).toBe(403);
    expect(await outboxCount(t, phone.e164)).toBe(1);

    const verified = await call.post('/verify-otp-register', { phone: phone.typed, otp: await latestCode(t, phone.e164) }, { ip });
    expect(verified.statusCode).toBe(200);
    expect((await call.post('/login', { phone: phone.typed, password: PASSWORD, phone_code: '+40' }, { ip })).statusCode).toBe(200);
  });

  it('limits logins from one address: 429 with Retry-After after 30 in 15 minutes', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const res = await call.post('/login', { phone: newPhone().typed, password: 'whatever-1', phone_code: '+40' }, { ip });
      expect(res.statusCode, `login ${i + 1}`).toBe(422);
    }
    const refused = await call.post('/login', { phone: newPhone().typed, password: 'whatever-1', phone_code: '+40' }, { ip, lang: 'en' });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(800);
    expect(refused.json()).toEqual({ message: `Too many attempts. Please try again in ${seconds} seconds.` });
    // Other addresses are not affected.
    expect(
      (await call.post('/login', { phone: newPhone().typed, password: 'whatever-1', phone_code: '+40' }, { ip: newIp() })).statusCode,
    ).toBe(422);
  });

  // Issue 14, ADR 017: failures count per (phone, address) with growing delays; a stranger's
  // failures from other addresses never lock the owner out; a looser per-phone ceiling stays.
  it('10 wrong passwords for a phone from rotating addresses do not lock its owner out', async () => {
    const user = await signUp(t);
    for (let i = 0; i < 10; i++) {
      expect(
        (await call.post('/login', { phone: user.phone.typed, password: 'guess-' + i + 'xyz', phone_code: '+40' }, { ip: newIp() }))
          .statusCode,
      ).toBe(422);
    }
    expect(
      (await call.post('/login', { phone: user.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: user.ip })).statusCode,
    ).toBe(200);
    // Nor a new address of the owner's (under the per-phone ceiling).
    expect(
      (await call.post('/login', { phone: user.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: newIp() })).statusCode,
    ).toBe(200);
  });

  it('from one address, failures past the free ones wait 1 s, 2 s, 4 s… (Retry-After), and only that address waits', async () => {
    const user = await signUp(t);
    const ip = newIp();
    const key = `login:fail:${user.phone.e164}:${ip}`;
    const wrong = () =>
      call.post('/login', { phone: user.phone.typed, password: 'wrong-password-1', phone_code: '+40' }, { ip, lang: 'en' });
    for (let i = 0; i < LOGIN_FAILURES.freeFailures; i++) expect((await wrong()).statusCode).toBe(422);
    // The time since the last failure is moved back instead of waiting for it.
    const delays: number[] = [];
    for (let k = LOGIN_FAILURES.freeFailures; k < LOGIN_FAILURES.freeFailures + 4; k++) {
      const refused = await wrong();
      expect(refused.statusCode).toBe(429);
      delays.push(Number(refused.headers['retry-after']));
      await t.db.execute(sql`UPDATE rate_limit_buckets SET last_hit_at = last_hit_at - interval '1 hour' WHERE key = ${key}`);
      await t.db.execute(sql`UPDATE rate_limit_buckets SET window_start = now() WHERE key = ${key}`);
      expect((await wrong()).statusCode).toBe(422);
    }
    expect(delays).toEqual([1, 2, 4, 8]);
    // The owner's own address is not delayed by this one.
    expect(
      (await call.post('/login', { phone: user.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: user.ip })).statusCode,
    ).toBe(200);
  });

  it(`past ${LOGIN_FAILURES.phoneCeiling} failures on one phone, only addresses it signed in from may still try`, async () => {
    const user = await signUp(t);
    // The owner signs in once from home.
    expect(
      (await call.post('/login', { phone: user.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: user.ip })).statusCode,
    ).toBe(200);
    await t.db.execute(
      sql`INSERT INTO rate_limit_buckets (key, window_start, count, last_hit_at, expires_at)
          VALUES (${`login:fail-phone:${user.phone.e164}`}, now(), ${LOGIN_FAILURES.phoneCeiling - 1}, now(), now() + interval '1 day')`,
    );
    expect(
      (await call.post('/login', { phone: user.phone.typed, password: 'one-more-guess', phone_code: '+40' }, { ip: newIp() })).statusCode,
    ).toBe(422);
    // The ceiling is reached: a new address is refused, even with the right password…
    const refused = await call.post('/login', { phone: user.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: newIp() });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // …the owner's known address is not.
    expect(
      (await call.post('/login', { phone: user.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: user.ip })).statusCode,
    ).toBe(200);
  });
});

describe('rate-limit buckets', () => {
  it('count atomically: of 25 concurrent hits on one key exactly 5 pass', async () => {
    const key = `test:concurrent:${newIp()}`;
    const results = await Promise.all(Array.from({ length: 25 }, () => hitBucket(t.db, key, { windowSeconds: 60, max: 5 })));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfter > 0 && r.retryAfter <= 60)).toBe(true);
    const [row] = await t.db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    expect(row!.count).toBe(5);
  });

  it('start a new window once the old one is over', async () => {
    const key = `test:window:${newIp()}`;
    for (let i = 0; i < 2; i++) expect((await hitBucket(t.db, key, { windowSeconds: 60, max: 2 })).allowed).toBe(true);
    expect((await hitBucket(t.db, key, { windowSeconds: 60, max: 2 })).allowed).toBe(false);
    await t.db
      .update(rateLimitBuckets)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimitBuckets.key, key));
    const next = await hitBucket(t.db, key, { windowSeconds: 60, max: 2 });
    expect(next).toMatchObject({ allowed: true, count: 1 });
  });
});

describe('sessions', () => {
  it('POST /logout revokes the token: later calls answer 401 {message}', async () => {
    const user = await signUp(t);
    const out = await call.post('/logout', undefined, { token: user.token, lang: 'en' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logout successfully' });
    const after = await call.get('/user', { token: user.token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: ro['auth.unauthenticated'] });
    expect((await call.post('/logout', undefined, { token: user.token })).statusCode).toBe(401);
  });

  it("GET /logout, the deprecated form kept for the spec's clients, revokes the token as well", async () => {
    const user = await signUp(t);
    expect((await call.get('/logout', { token: user.token })).statusCode).toBe(200);
    expect((await call.get('/user', { token: user.token })).statusCode).toBe(401);
  });

  it('answers 401 without a token, with a malformed header or an unknown token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ]) {
      const res = await call.get('/user', { headers, lang: 'en' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Please login first!' });
    }
  });

  it('ends a session idle for longer than SESSION_IDLE_DAYS (30)', async () => {
    const user = await signUp(t);
    const hash = hashToken(user.token);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '29 days'` })
      .where(eq(sessions.tokenHash, hash));
    expect((await call.get('/user', { token: user.token })).statusCode).toBe(200);
    // Use refreshes last_used_at.
    const [touched] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hash));
    expect(Date.now() - touched!.lastUsedAt.getTime()).toBeLessThan(60_000);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.tokenHash, hash));
    expect((await call.get('/user', { token: user.token })).statusCode).toBe(401);
  });
});

describe('forgot password', () => {
  it('code → reset token → new password; every session ends; the token works once', async () => {
    const user = await signUp(t);
    const other = await call.post('/login', { phone: user.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: newIp() });
    const otherToken = other.json().data.access.token.token as string;
    const ip = newIp();

    const sent = await call.post('/send-otp', { phone: user.phone.typed, phone_code: '+40', forgot_password: 1 }, { ip, lang: 'en' });
    expect(sent.statusCode).toBe(200);
    expect(sendOtpResponseSchema.parse(sent.json()).message).toBe(`We sent a verification code to ${sent.json().data.email_or_phone}.`);
    const code = await latestCode(t, user.phone.e164);

    // A registration-verification call cannot use a reset code.
    expect((await call.post('/verify-otp-register', { phone: user.phone.typed, otp: code }, { ip })).statusCode).toBe(422);
    const verified = await call.post('/verify-otp', { phone: user.phone.typed, otp: code }, { ip });
    expect(verified.statusCode, verified.body).toBe(200);
    const { token } = verifyOtpResponseSchema.parse(verified.json()).data;
    expect(token).toMatch(/^[\w-]{43}$/);
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(15 * 60_000);

    const mismatch = await call.post(
      '/reset-password',
      { password: 'parola-noua-9', password_confirmation: 'alta', token },
      { ip, lang: 'en' },
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['Confirm Password does not match.']);

    const reset = await call.post(
      '/reset-password',
      { password: 'parola-noua-9', password_confirmation: 'parola-noua-9', token },
      { ip, lang: 'en' },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ message: en['auth.password_reset'] });

    for (const old of [user.token, otherToken]) expect((await call.get('/user', { token: old })).statusCode).toBe(401);
    expect((await call.post('/login', { phone: user.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip })).statusCode).toBe(422);
    expect((await call.post('/login', { phone: user.phone.typed, password: 'parola-noua-9', phone_code: '+40' }, { ip })).statusCode).toBe(
      200,
    );

    const reuse = await call.post(
      '/reset-password',
      { password: 'a-treia-parola', password_confirmation: 'a-treia-parola', token },
      { ip },
    );
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.token).toEqual([ro['validation.token_invalid']]);
  });

  it('refuses a reset token after 15 minutes', async () => {
    const user = await signUp(t);
    const ip = newIp();
    await call.post('/send-otp', { phone: user.phone.typed, phone_code: '+40', forgot_password: '1' }, { ip });
    const verified = await call.post('/verify-otp', { phone: user.phone.typed, otp: await latestCode(t, user.phone.e164) }, { ip });
    const token = verified.json().data.token as string;
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const res = await call.post('/reset-password', { password: 'parola-noua-9', password_confirmation: 'parola-noua-9', token }, { ip });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toEqual([ro['validation.token_invalid']]);
  });

  it('answers a reset request for an unknown phone exactly like a known one, and sends nothing', async () => {
    const user = await signUp(t);
    const unknown = newPhone();
    const known = await call.post('/send-otp', { phone: user.phone.typed, phone_code: '+40', forgot_password: 1 }, { ip: newIp() });
    const nobody = await call.post('/send-otp', { phone: unknown.typed, phone_code: '+40', forgot_password: 1 }, { ip: newIp() });
    expect(nobody.statusCode).toBe(known.statusCode);
    const mask = (body: { message: string; data: { email_or_phone: string } }) =>
      JSON.stringify(body).replaceAll(body.data.email_or_phone, '#');
    expect(mask(nobody.json())).toBe(mask(known.json()));
    expect(await outboxCount(t, unknown.e164)).toBe(0);
    // …and a code "for" it is just a wrong code.
    const verify = await call.post('/verify-otp', { phone: unknown.typed, otp: '1234' }, { ip: newIp() });
    expect(verify.statusCode).toBe(422);
    expect(verify.json().errors.otp).toEqual([ro['auth.otp_invalid']]);
  });
});

describe('malformed payloads: per-field 422s, Romanian by default, English on request', () => {
  it('names every missing field of a sign-up', async () => {
    const res = await call.post('/registration', {}, { ip: newIp() });
    expect(res.statusCode).toBe(422);
    const body = validationErrorBody.parse(res.json());
    expect(body.errors).toEqual({
      name: [ro['validation.name_required']],
      phone: [ro['validation.phone_required']],
      password: [ro['validation.password_required']],
      country: ['Câmpul țară este obligatoriu'],
      phone_code: [ro['validation.country_required']],
    });
    expect(body.message).toBe(ro['validation.name_required']);

    const english = await call.post(
      '/registration',
      { name: 'Ana', phone: '0721234567', password: PASSWORD, phone_code: '+40' },
      { ip: newIp(), lang: 'en-GB,en;q=0.9' },
    );
    expect(english.json()).toEqual({ message: 'The country field is required', errors: { country: ['The country field is required'] } });
    // The first of ro/en the client prefers, Romanian otherwise.
    const french = await call.post('/registration', { name: 'Ana' }, { ip: newIp(), lang: 'fr-FR, en;q=0.5, ro;q=0.4' });
    expect(french.json().errors.country).toEqual(['The country field is required']);
    const german = await call.post('/registration', { name: 'Ana' }, { ip: newIp(), lang: 'de' });
    expect(german.json().errors.country).toEqual([ro['validation.country_required']]);
  });

  it('refuses a 10 kB name, a phone with letters, an unknown country or dial code, short passwords and bad e-mails', async () => {
    const res = await call.post(
      '/registration',
      { name: 'N'.repeat(10_240), phone: '0721-ab-567', email: 'not-an-email', password: 'short', country: 'România', phone_code: '+40' },
      { ip: newIp(), lang: 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['The name may not be longer than 120 characters'],
      phone: ['The phone number may only contain digits'],
      email: ['The e-mail address is not valid'],
      password: ['The password must be at least 8 characters'],
    });

    const unknown = await call.post('/registration', registration('0721234567', { country: 'Narnia', phone_code: '+999' }), {
      ip: newIp(),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ country: ['Țara aleasă nu este validă'], phone_code: ['Țara aleasă nu este validă'] });

    const shortPhone = await call.post('/registration', registration('0721'), { ip: newIp(), lang: 'en' });
    expect(shortPhone.json().errors).toEqual({ phone: ['The phone number is not valid'] });
  });

  it('validates login, code and reset payloads the same way', async () => {
    const login = await call.post('/login', { phone: 'abc' }, { ip: newIp(), lang: 'en' });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors).toEqual({
      phone: ['The phone number may only contain digits'],
      password: ['The password field is required'],
      phone_code: ['The country field is required'],
    });
    const otp = await call.post('/verify-otp', { phone: '0721234567', otp: '12a4' }, { ip: newIp(), lang: 'en' });
    expect(otp.json().errors).toEqual({ otp: ['The code is not valid'] });
    const send = await call.post('/send-otp', { phone_code: '+40', forgot_password: 1 }, { ip: newIp(), lang: 'en' });
    expect(send.json().errors).toEqual({ phone: ['The phone field is required'] });
    const reset = await call.post('/reset-password', { password: 'x' }, { ip: newIp(), lang: 'en' });
    expect(Object.keys(reset.json().errors).sort()).toEqual(['password', 'password_confirmation', 'token']);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('development outbox', () => {
  it('lists messages newest first, filtered by recipient, and never exposes more than the message', async () => {
    const user = await signUp(t);
    const ip = newIp();
    await call.post('/send-otp', { phone: user.phone.typed, phone_code: '+40', forgot_password: 1 }, { ip });
    await deliverQueued(t); // codes are queued (ADR 020)
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(user.phone.e164)}` });
    const messages = res.json().data.messages as { id: number; recipient: string; channel: string; body: string }[];
    expect(messages.length).toBe(2);
    expect(messages[0]!.id).toBeGreaterThan(messages[1]!.id);
    expect(messages.every((m) => m.recipient === user.phone.e164 && m.channel === 'sms')).toBe(true);
    expect(messages[0]!.body).toMatch(/^Codul tău Talcioc este \d{4}\. Este valabil 10 minute\./);
    // An unencoded "+" (a space once decoded) finds the same messages.
    const plain = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${user.phone.e164}` });
    expect(plain.json().data.messages).toHaveLength(2);
  });
});
