/**
 * Social sign-in (product §1, §7 POST /auth/{provider}/token): the provider's credential is
 * verified for real before anyone is signed in.
 *
 * - Google, Apple: `code` is an ID token (JWT). Its RS256 signature is checked against the
 *   provider's published keys (JWKS from GOOGLE_JWKS_URL / APPLE_JWKS_URL, fetched and cached by
 *   key id by jose), with the provider's issuer, audience = the configured client id, and expiry.
 * - Facebook: `code` is a user access token. GET {FACEBOOK_GRAPH_URL}/debug_token with the app
 *   token must say it is valid and issued to our app; then /me gives id, name and e-mail.
 */
import { createHmac } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { SocialProvider } from '#contract/auth.ts';
import type { Env } from '#server/env.ts';

export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  /** Lower-cased; only set when the provider says it is verified. */
  email: string | null;
  name: string | null;
}

/** Any failure to verify a credential (bad signature, wrong audience, expired, refused by Graph…). */
export class SocialTokenInvalid extends Error {}

const ISSUERS = {
  google: ['accounts.google.com', 'https://accounts.google.com'],
  apple: ['https://appleid.apple.com'],
} as const;

const trueish = (value: unknown) => value === true || value === 'true';
const text = (value: unknown, max = 200) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

/** Apple sends the name only to the client, once: {user: {name: {firstName, lastName}}} or {name}. */
function nameFromClientData(data: Record<string, unknown> | undefined): string | null {
  if (!data) return null;
  const user = (data.user ?? {}) as { name?: { firstName?: unknown; lastName?: unknown } };
  const parts = [user.name?.firstName, user.name?.lastName].map((p) => text(p, 60)).filter(Boolean);
  return parts.length ? parts.join(' ') : text(data.name, 120);
}

export function createSocialVerifier(env: Env, fetchImpl: typeof fetch = fetch) {
  // One key set per URL for the life of the process: jose caches keys, refetching for unknown kids.
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySet = (url: string) => {
    let set = keySets.get(url);
    if (!set) keySets.set(url, (set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 })));
    return set;
  };

  async function verifyIdToken(
    provider: 'google' | 'apple',
    token: string,
    clientId: string,
    data?: Record<string, unknown>,
  ): Promise<SocialIdentity> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet(provider === 'google' ? env.GOOGLE_JWKS_URL : env.APPLE_JWKS_URL), {
        issuer: [...ISSUERS[provider]],
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch (error) {
      throw new SocialTokenInvalid((error as Error).message);
    }
    const email = trueish(payload.email_verified) ? (text(payload.email, 190)?.toLowerCase() ?? null) : null;
    return { provider, subject: payload.sub!, email, name: text(payload.name, 120) ?? nameFromClientData(data) };
  }

  async function verifyFacebook(token: string, appId: string, appSecret: string): Promise<SocialIdentity> {
    const graph = env.FACEBOOK_GRAPH_URL.replace(/\/+$/, '');
    const getJson = async (url: URL) => {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new SocialTokenInvalid(`Graph API answered ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const debug = new URL(`${graph}/debug_token`);
    debug.searchParams.set('input_token', token);
    debug.searchParams.set('access_token', `${appId}|${appSecret}`);
    const info = ((await getJson(debug)).data ?? {}) as { is_valid?: unknown; app_id?: unknown; user_id?: unknown };
    if (info.is_valid !== true || String(info.app_id) !== appId || !info.user_id)
      throw new SocialTokenInvalid('token not valid for this app');

    const me = new URL(`${graph}/me`);
    me.searchParams.set('fields', 'id,name,email');
    me.searchParams.set('access_token', token);
    me.searchParams.set('appsecret_proof', createHmac('sha256', appSecret).update(token).digest('hex'));
    const profile = await getJson(me);
    if (String(profile.id) !== String(info.user_id)) throw new SocialTokenInvalid('profile does not match the token');
    // Facebook only hands out e-mail addresses its users confirmed.
    return {
      provider: 'facebook',
      subject: String(profile.id),
      email: text(profile.email, 190)?.toLowerCase() ?? null,
      name: text(profile.name, 120),
    };
  }

  return {
    async verify(
      provider: SocialProvider,
      credential: string,
      config: { clientId: string; appSecret?: string },
      data?: Record<string, unknown>,
    ): Promise<SocialIdentity> {
      if (provider === 'facebook') {
        if (!config.appSecret) throw new SocialTokenInvalid('FACEBOOK_APP_SECRET is not configured');
        try {
          return await verifyFacebook(credential, config.clientId, config.appSecret);
        } catch (error) {
          throw error instanceof SocialTokenInvalid ? error : new SocialTokenInvalid((error as Error).message);
        }
      }
      return verifyIdToken(provider, credential, config.clientId, data);
    },
  };
}
export type SocialVerifier = ReturnType<typeof createSocialVerifier>;
