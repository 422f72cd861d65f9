/**
 * Social sign-in (issue #4): Google and Apple ID tokens verified against a local JWKS endpoint
 * (keys generated here), Facebook access tokens against a local fake Graph API. The provider
 * URLs are configuration (GOOGLE_JWKS_URL, APPLE_JWKS_URL, FACEBOOK_GRAPH_URL).
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { sessionResponseSchema } from '#contract/auth.ts';
import { masterResponseSchema } from '#contract/master.ts';
import { settings, socialAccounts, users } from '#server/db/schema.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { api, newIp } from '../harness/auth-helpers.ts';
import en from '#src/locales/en.json';

const GOOGLE_CLIENT = 'talcioc-web.apps.googleusercontent.com';
const APPLE_CLIENT = 'ro.talcioc.web';
const FB_APP = '424242';
const FB_SECRET = 'fb-app-secret';

let t: TestApp;
let call: ReturnType<typeof api>;
let keys: { privateKey: CryptoKey; jwk: JWK };
let rogue: { privateKey: CryptoKey };
let jwksHits = 0;

/** Facebook users of the fake Graph API, by access token. */
const FB_TOKENS: Record<string, { app_id: string; user_id: string; name: string; email?: string }> = {
  'fb-token-ion-0001': { app_id: FB_APP, user_id: 'fb-1001', name: 'Ion Facebook', email: 'ion@fb.example' },
  'fb-token-other-app': { app_id: '999', user_id: 'fb-1002', name: 'Alt App' },
};

// The providers' stand-in comes first (the app's environment names it) and closes after the app.
// eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern: none
test.override('appOptions', async ({}, { onCleanup }) => {
  const pair = await generateKeyPair('RS256');
  keys = { privateKey: pair.privateKey, jwk: { ...(await exportJWK(pair.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' } };
  rogue = { privateKey: (await generateKeyPair('RS256')).privateKey };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/google/certs' || url.pathname === '/apple/keys') {
      jwksHits += 1;
      return json(200, { keys: [keys.jwk] });
    }
    if (url.pathname === '/graph/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP}|${FB_SECRET}`) return json(400, { error: { message: 'bad app token' } });
      const user = FB_TOKENS[url.searchParams.get('input_token') ?? ''];
      return json(200, { data: user ? { is_valid: true, app_id: user.app_id, user_id: user.user_id } : { is_valid: false } });
    }
    if (url.pathname === '/graph/me') {
      const token = url.searchParams.get('access_token') ?? '';
      const user = FB_TOKENS[token];
      const proof = createHmac('sha256', FB_SECRET).update(token).digest('hex');
      if (!user || url.searchParams.get('appsecret_proof') !== proof) return json(400, { error: { message: 'invalid token' } });
      return json(200, { id: user.user_id, name: user.name, ...(user.email && { email: user.email }) });
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    env: {
      GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
      APPLE_CLIENT_ID: APPLE_CLIENT,
      FACEBOOK_APP_ID: FB_APP,
      FACEBOOK_APP_SECRET: FB_SECRET,
      GOOGLE_JWKS_URL: `${base}/google/certs`,
      APPLE_JWKS_URL: `${base}/apple/keys`,
      FACEBOOK_GRAPH_URL: `${base}/graph`,
    },
  };
});
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  call = api(t);
});

async function activate(providers: Record<'google' | 'facebook' | 'apple', boolean>) {
  const social_auths = {
    google: { is_active: providers.google, client_id: null },
    facebook: { is_active: providers.facebook, client_id: null },
    apple: { is_active: providers.apple, client_id: null, redirect_url: null },
  };
  await t.db
    .update(settings)
    .set({ value: sql`${settings.value} || ${JSON.stringify({ social_auths })}::jsonb` })
    .where(eq(settings.key, 'master'));
}

interface TokenOptions {
  issuer?: string;
  audience?: string;
  subject?: string;
  expiresIn?: string | number;
  key?: CryptoKey;
  claims?: Record<string, unknown>;
}
function idToken(options: TokenOptions = {}) {
  return new SignJWT({ email: 'maria@gmail.example', email_verified: true, name: 'Maria Google', ...options.claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
    .setIssuer(options.issuer ?? 'https://accounts.google.com')
    .setAudience(options.audience ?? GOOGLE_CLIENT)
    .setSubject(options.subject ?? 'google-sub-1')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(options.key ?? keys.privateKey);
}

const social = (provider: string, code: string, data?: Record<string, unknown>, lang = 'en') =>
  call.post(`/auth/${provider}/token`, { code, ...(data && { data }) }, { ip: newIp(), lang });

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('social sign-in availability', () => {
  it('answers 404 for a provider that is not active, 422 for an unknown one; /master shows the truth', async () => {
    await activate({ google: false, facebook: false, apple: false });
    const res = await social('google', await idToken());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Signing in with Google is not available.' });
    const unknown = await social('twitter', 'x'.repeat(20));
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['provider']);

    await activate({ google: true, facebook: true, apple: true });
    const master = masterResponseSchema.parse((await call.get('/master')).json()).data.data;
    expect(master.social_auths.google).toEqual({ is_active: true, client_id: GOOGLE_CLIENT });
    expect(master.social_auths.facebook).toEqual({ is_active: true, client_id: FB_APP });
    expect(master.social_auths.apple).toMatchObject({ is_active: true, client_id: APPLE_CLIENT });
  });
});

describe('Google and Apple ID tokens', () => {
  it('creates a user from a valid token, and a second sign-in finds the same user', async () => {
    await activate({ google: true, facebook: true, apple: true });
    const before = await userCount();
    const first = await social('google', await idToken());
    expect(first.statusCode, first.body).toBe(200);
    const body = sessionResponseSchema.parse(first.json());
    expect(body.message).toBe('Login Successful');
    expect(body.data.user).toMatchObject({
      name: 'Maria Google',
      email: 'maria@gmail.example',
      phone: '',
      phone_code: '',
      profile_photo: null,
    });
    expect(body.data.user.phone_verified_at).not.toBeNull(); // signed in per product §4
    expect(await userCount()).toBe(before + 1);
    expect((await call.get('/user', { token: body.data.access.token.token })).json().data.user.id).toBe(body.data.user.id);

    const second = await social('google', await idToken({ claims: { name: 'Alt Nume' } }));
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.id).toBe(body.data.user.id);
    expect(second.json().data.access.token.token).not.toBe(body.data.access.token.token);
    expect(await userCount()).toBe(before + 1);
    // Keys were fetched once and cached by key id.
    expect(jwksHits).toBe(1);

    // Apple, same verified e-mail: linked to the same account; name from the client's data.
    const apple = await social(
      'apple',
      await idToken({
        issuer: 'https://appleid.apple.com',
        audience: APPLE_CLIENT,
        subject: 'apple-sub-1',
        claims: { email_verified: 'true', name: undefined },
      }),
      { user: { name: { firstName: 'Maria', lastName: 'Apple' } } },
    );
    expect(apple.statusCode, apple.body).toBe(200);
    expect(apple.json().data.user.id).toBe(body.data.user.id);
    const links = await t.db.select().from(socialAccounts).where(eq(socialAccounts.userId, body.data.user.id));
    expect(links.map((l) => l.provider).sort()).toEqual(['apple', 'google']);
  });

  it('rejects a wrong audience, an expired token, a wrong signature, a wrong issuer and garbage', async () => {
    await activate({ google: true, facebook: true, apple: true });
    const before = await userCount();
    const bad = {
      audience: await idToken({ audience: 'someone-else.apps.googleusercontent.com', subject: 'g-bad-1' }),
      expired: await idToken({ expiresIn: Math.floor(Date.now() / 1000) - 120, subject: 'g-bad-2' }),
      signature: await idToken({ key: rogue.privateKey, subject: 'g-bad-3' }),
      issuer: await idToken({ issuer: 'https://evil.example', subject: 'g-bad-4' }),
      appleForGoogle: await idToken({ issuer: 'https://appleid.apple.com', subject: 'g-bad-5' }),
      garbage: 'not.a.jwt-at-all',
    };
    for (const [name, token] of Object.entries(bad)) {
      const res = await social('google', token);
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({
        message: 'Signing in with Google failed. Please try again.',
        errors: { code: ['Signing in with Google failed. Please try again.'] },
      });
    }
    // A Google token is not an Apple token.
    expect((await social('apple', await idToken({ subject: 'g-bad-6' }))).statusCode).toBe(422);
    expect(await userCount()).toBe(before);
  });

  it('does not link to an account whose e-mail nobody verified', async () => {
    await activate({ google: true, facebook: true, apple: true });
    // A phone sign-up typed this e-mail; a Google user with the same verified e-mail gets an account of their own.
    const reg = await call.post(
      '/registration',
      {
        name: 'Pre Hijack',
        phone: '0731000111',
        email: 'victim@gmail.example',
        password: 'parola-sigura-1',
        country: 'România',
        phone_code: '+40',
      },
      { ip: newIp() },
    );
    expect(reg.statusCode).toBe(200);
    const [typed] = await t.db.select().from(users).where(eq(users.phone, '+40731000111'));
    const res = await social('google', await idToken({ subject: 'victim-sub', claims: { email: 'victim@gmail.example', name: 'Victim' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).not.toBe(typed!.id);
    // The unverified sign-up gave the address up to its verified owner.
    expect(res.json().data.user.email).toBe('victim@gmail.example');
  });
});

describe('Facebook access tokens', () => {
  it('verifies the token with debug_token and reads /me; a second sign-in finds the user', async () => {
    await activate({ google: true, facebook: true, apple: true });
    const first = await social('facebook', 'fb-token-ion-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.user).toMatchObject({ name: 'Ion Facebook', email: 'ion@fb.example', phone: '' });
    const second = await social('facebook', 'fb-token-ion-0001');
    expect(second.json().data.user.id).toBe(first.json().data.user.id);
  });

  it('rejects tokens Graph calls invalid or issued to another app', async () => {
    await activate({ google: true, facebook: true, apple: true });
    for (const token of ['fb-token-unknown-1', 'fb-token-other-app']) {
      const res = await social('facebook', token, undefined, 'ro');
      expect(res.statusCode, token).toBe(422);
      expect(res.json().errors.code).toEqual(['Autentificarea cu Facebook nu a reușit. Încearcă din nou.']);
    }
    expect(en['auth.social_invalid']).toContain('{{provider}}');
  });
});
