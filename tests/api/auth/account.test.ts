/**
 * The signed-in account (issue #4): profile, profile photo, phone change through a code to the
 * new number, password change, dashboard, and isolation between users. One app for the file;
 * profile photos go to a temporary DATA_DIR.
 */
import sharp from 'sharp';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { currentUserResponseSchema, dashboardResponseSchema, sendOtpResponseSchema, sessionResponseSchema } from '#contract/auth.ts';
import { products, users } from '#server/db/schema.ts';
import { storedFileNames } from '../harness/stored-files.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, latestCode, newIp, newPhone, PASSWORD, signUp, wrongCode } from '../harness/auth-helpers.ts';
import en from '#src/locales/en.json';
import ro from '#src/locales/ro.json';

let t: TestApp;
let call: ReturnType<typeof api>;
let dataDir: string;

// eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern: none
test.override('appOptions', async ({}, { onCleanup }) => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'talcioc-account-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dataDir } };
});
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  call = api(t);
});

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

function upload(token: string | undefined, file: { name: string; type: string; bytes: Buffer; field?: string }, lang?: string) {
  const boundary = `----talcioc${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/photo',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token && { authorization: `Bearer ${token}` }),
      ...(lang && { 'accept-language': lang }),
    },
  });
}

describe('GET /user and GET /dashboard', () => {
  it('answer the session’s user; the dashboard has empty order counts until orders exist', async () => {
    const ana = await signUp(t, 'Ana Dobre');
    const me = currentUserResponseSchema.parse((await call.get('/user', { token: ana.token })).json());
    expect(me.data.user).toMatchObject({
      id: ana.user.id,
      name: 'Ana Dobre',
      phone: ana.phone.national,
      phone_code: '+40',
      email: null,
      profile_photo: null,
    });

    const res = await call.get('/dashboard', { token: ana.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(dashboardResponseSchema.parse(res.json()).data).toEqual({
      user: me.data.user,
      orders_by_status: {},
      favorites_count: 0,
      recent_orders: [],
    });
    expect((await call.get('/dashboard')).statusCode).toBe(401);
  });

  it('counts the favourites of products still listed', async () => {
    const ana = await signUp(t, 'Ana Dobre');
    const listed = await t.db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(2);
    for (const { id } of listed) expect((await call.put(`/favorite-products/${id}`, undefined, { token: ana.token })).statusCode).toBe(200);
    const count = async () =>
      dashboardResponseSchema.parse((await call.get('/dashboard', { token: ana.token })).json()).data.favorites_count;
    expect(await count()).toBe(2);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, listed[0]!.id));
    expect(await count()).toBe(1);
  });
});

describe('PUT /profile', () => {
  it('updates name and e-mail, with translated messages and per-field errors', async () => {
    const ana = await signUp(t, 'Ana Dobre');
    const res = await call.put('/profile', { name: '  Ana Maria Dobre ', email: 'Ana.Dobre@Example.RO' }, { token: ana.token, lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const body = currentUserResponseSchema.parse(res.json());
    expect(body.message).toBe(en['auth.profile_updated']);
    expect(body.data.user).toMatchObject({ name: 'Ana Maria Dobre', email: 'ana.dobre@example.ro' });

    const bad = await call.put('/profile', { name: '', email: 'nu-e-email' }, { token: ana.token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ name: [ro['validation.name_required']], email: [ro['validation.email_invalid']] });

    // Another verified account's e-mail is refused; clearing the e-mail is allowed.
    const bogdan = await signUp(t, 'Bogdan');
    const taken = await call.put('/profile', { name: 'Bogdan', email: 'ana.dobre@example.ro' }, { token: bogdan.token });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [ro['validation.email_taken']] });
    const cleared = await call.put('/profile', { name: 'Ana', email: '' }, { token: ana.token });
    expect(cleared.json().data.user.email).toBeNull();
  });
});

describe('POST /profile/photo', () => {
  it('accepts a real PNG, stores it under a name of ours and serves it with its type and nosniff', async () => {
    const ana = await signUp(t);
    const res = await upload(ana.token, { name: 'eu.png', type: 'image/png', bytes: PNG }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const body = currentUserResponseSchema.parse(res.json());
    expect(body.message).toBe(en['auth.photo_updated']);
    const url = body.data.user.profile_photo!;
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.png$/);
    expect(url).not.toContain('eu');
    // Through the image pipeline (issue 15): the original under its content address.
    expect(await storedFileNames(t, 'originals', dataDir)).toContain(path.basename(url));

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.rawPayload.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);

    // A new photo replaces the file; the old name is no longer served.
    const other = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const again = await upload(ana.token, { name: 'nou.jpg', type: 'image/jpeg', bytes: other });
    const newUrl = again.json().data.user.profile_photo as string;
    expect(newUrl).toMatch(/\.png$/); // the type comes from the bytes, not the name
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await storedFileNames(t, 'originals', dataDir)).not.toContain(path.basename(url));
  });

  it('rejects a text file renamed .png, a file over 2 MB and a missing file, per field', async () => {
    const ana = await signUp(t);
    const text = await upload(
      ana.token,
      { name: 'poza.png', type: 'image/png', bytes: Buffer.from('hello, this is not an image at all') },
      'en',
    );
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: en['validation.photo_type'], errors: { photo: [en['validation.photo_type']] } });

    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const tooLarge = await upload(ana.token, { name: 'mare.png', type: 'image/png', bytes: big });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors).toEqual({ photo: [ro['validation.photo_too_large']] });

    const wrongField = await upload(ana.token, { name: 'eu.png', type: 'image/png', bytes: PNG, field: 'avatar' });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toEqual({ photo: [ro['validation.photo_required']] });

    const json = await call.post('/profile/photo', { photo: 'x' }, { token: ana.token });
    expect(json.statusCode).toBe(422);

    expect((await t.db.select().from(users).where(eq(users.id, ana.user.id)))[0]!.profilePhoto).toBeNull();
    expect((await upload(undefined, { name: 'eu.png', type: 'image/png', bytes: PNG })).statusCode).toBe(401);
  });

  it('serves only names it generated and still uses', async () => {
    for (const file of ['..%2F..%2Fetc%2Fpasswd', 'x.png', 'a'.repeat(32) + '.svg', 'a'.repeat(32) + '.png']) {
      expect((await t.app.inject({ method: 'GET', url: `/media/avatars/${file}` })).statusCode, file).toBe(404);
    }
  });
});

describe('phone change', () => {
  it('sends a code to the NEW number and changes the phone only once it is verified', async () => {
    const ana = await signUp(t);
    const next = newPhone();
    const sent = await call.post('/profile/phone/send-otp', { phone: next.typed, phone_code: '+40' }, { token: ana.token, ip: ana.ip });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sendOtpResponseSchema.parse(sent.json()).data.email_or_phone).toBe(`+407*****${next.e164.slice(-3)}`);
    const code = await latestCode(t, next.e164);
    // Nothing changed yet.
    expect((await call.get('/user', { token: ana.token })).json().data.user.phone).toBe(ana.phone.national);

    const wrong = await call.post(
      '/profile/phone/verify',
      { phone: next.typed, phone_code: '+40', otp: wrongCode(code) },
      { token: ana.token },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toEqual([ro['auth.otp_invalid']]);
    // The code only proves that number: another number with it fails.
    const other = await call.post('/profile/phone/verify', { phone: newPhone().typed, phone_code: '+40', otp: code }, { token: ana.token });
    expect(other.statusCode).toBe(422);

    const ok = await call.post(
      '/profile/phone/verify',
      { phone: next.typed, phone_code: '+40', otp: code },
      { token: ana.token, lang: 'en' },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(en['auth.phone_changed']);
    expect(ok.json().data.user.phone).toBe(next.national);
    expect((await call.post('/login', { phone: next.typed, password: PASSWORD, phone_code: '+40' }, { ip: newIp() })).statusCode).toBe(200);
    expect((await call.post('/login', { phone: ana.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: newIp() })).statusCode).toBe(
      422,
    );
  });

  it('refuses a number another verified account uses', async () => {
    const ana = await signUp(t);
    const bogdan = await signUp(t);
    const res = await call.post(
      '/profile/phone/send-otp',
      { phone: bogdan.phone.typed, phone_code: '+40' },
      { token: ana.token, lang: 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone: [en['validation.phone_taken']] });
  });
});

describe('POST /change-password', () => {
  it('checks the current password, ends every other session and answers a fresh one for this device', async () => {
    const ana = await signUp(t);
    const second = (await call.post('/login', { phone: ana.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: newIp() })).json()
      .data.access.token.token as string;

    const wrong = await call.post(
      '/change-password',
      { current_password: 'nu-e-bine', password: 'parola-noua-1', password_confirmation: 'parola-noua-1' },
      { token: ana.token },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [ro['validation.current_password_wrong']] });
    const mismatch = await call.post(
      '/change-password',
      { current_password: PASSWORD, password: 'parola-noua-1', password_confirmation: 'alta-parola-1' },
      { token: ana.token, lang: 'en' },
    );
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Confirm Password does not match.'] });

    const res = await call.post(
      '/change-password',
      { current_password: PASSWORD, password: 'parola-noua-1', password_confirmation: 'parola-noua-1' },
      { token: ana.token, lang: 'en' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = sessionResponseSchema.parse(res.json());
    expect(body.message).toBe(en['auth.password_changed']);
    const fresh = body.data.access.token.token;
    expect(fresh).not.toBe(ana.token);

    expect((await call.get('/user', { token: ana.token })).statusCode).toBe(401);
    expect((await call.get('/user', { token: second })).statusCode).toBe(401);
    expect((await call.get('/user', { token: fresh })).statusCode).toBe(200);
    expect(
      (await call.post('/login', { phone: ana.phone.typed, password: 'parola-noua-1', phone_code: '+40' }, { ip: newIp() })).statusCode,
    ).toBe(200);
    expect((await call.post('/login', { phone: ana.phone.typed, password: PASSWORD, phone_code: '+40' }, { ip: newIp() })).statusCode).toBe(
      422,
    );
  });
});

describe('one user’s token never reaches another user’s data', () => {
  it('reads, updates and ends only its own account', async () => {
    const ana = await signUp(t, 'Ana');
    const bogdan = await signUp(t, 'Bogdan');

    expect((await call.get('/user', { token: bogdan.token })).json().data.user.id).toBe(bogdan.user.id);
    await call.put('/profile', { name: 'Schimbat de Bogdan', email: '' }, { token: bogdan.token });
    const [anaRow] = await t.db.select().from(users).where(eq(users.id, ana.user.id));
    expect(anaRow!.name).toBe('Ana');

    // Ana's phone-change code cannot be used by Bogdan.
    const next = newPhone();
    await call.post('/profile/phone/send-otp', { phone: next.typed, phone_code: '+40' }, { token: ana.token });
    const code = await latestCode(t, next.e164);
    const stolen = await call.post('/profile/phone/verify', { phone: next.typed, phone_code: '+40', otp: code }, { token: bogdan.token });
    expect(stolen.statusCode).toBe(422);
    expect(
      (await call.post('/profile/phone/verify', { phone: next.typed, phone_code: '+40', otp: code }, { token: ana.token })).statusCode,
    ).toBe(200);

    // Bogdan's logout leaves Ana signed in; no route takes a user id.
    await call.get('/logout', { token: bogdan.token });
    expect((await call.get('/user', { token: ana.token })).statusCode).toBe(200);
    expect((await call.get(`/user?id=${bogdan.user.id}`, { token: ana.token })).json().data.user.id).toBe(ana.user.id);
  });
});
