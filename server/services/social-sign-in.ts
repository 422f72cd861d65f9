/**
 * Social sign-in (product §7 `POST /auth/{provider}/token`, issue #4): a provider's credential,
 * checked against the provider's keys (social-auth.ts), signs in the account linked to that
 * identity, else the account whose e-mail the provider verified, else a new one. The route keeps
 * the HTTP side (rate limit, status codes); this is the rule.
 */
import { NAME_MAX, type SocialProvider } from '#contract/auth.ts';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { getAccountSettings, type AccountSettings } from '#server/repositories/settings-repository.ts';
import {
  claimEmail,
  deleteUser,
  findUserBySocialAccount,
  findUserByVerifiedEmail,
  insertUser,
  isUniqueViolation,
  linkSocialAccount,
  type UserRow,
} from '#server/repositories/user-repository.ts';
import type { SocialIdentity, SocialVerifier } from './social-auth.ts';

export const PROVIDER_TITLES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

/** The provider is switched off in the settings, or has no client id (answered 404). */
export class SocialProviderUnavailable extends Error {}

interface SocialSignInDeps {
  db: Database;
  env: Env;
  verifier: SocialVerifier;
}

/**
 * The account a provider credential signs in. Throws SocialProviderUnavailable, or
 * SocialTokenInvalid (social-auth.ts) when the credential does not verify.
 */
export async function signInWithProvider(
  { db, env, verifier }: SocialSignInDeps,
  provider: SocialProvider,
  credential: { code: string; data?: Record<string, unknown> },
): Promise<UserRow> {
  const config = providerConfig(env, provider, await getAccountSettings(db));
  if (!config) throw new SocialProviderUnavailable(provider);
  const identity = await verifier.verify(provider, credential.code, config, credential.data);
  return findOrCreateSocialUser(db, identity);
}

/** The client id (and Facebook's secret) of an active provider: env first, else master settings. */
function providerConfig(env: Env, provider: SocialProvider, settings: AccountSettings) {
  const stored = settings.socialAuths?.[provider];
  if (!stored?.is_active) return undefined;
  const envId = { google: env.GOOGLE_CLIENT_ID, apple: env.APPLE_CLIENT_ID, facebook: env.FACEBOOK_APP_ID }[provider];
  const clientId = envId ?? stored.client_id ?? undefined;
  if (!clientId) return undefined;
  if (provider === 'facebook' && !env.FACEBOOK_APP_SECRET) return undefined;
  return { clientId, appSecret: provider === 'facebook' ? env.FACEBOOK_APP_SECRET : undefined };
}

/**
 * The account of a provider identity: linked before, or the account whose e-mail a provider
 * already verified, or a new one. A new social account has no phone (answered as "") and its
 * phone_verified_at is the sign-in time, so the session counts as signed in (product §4).
 */
async function findOrCreateSocialUser(db: Database, identity: SocialIdentity): Promise<UserRow> {
  const linked = await findUserBySocialAccount(db, identity.provider, identity.subject);
  if (linked) return linked;
  let user = identity.email ? await findUserByVerifiedEmail(db, identity.email) : undefined;
  const created = !user;
  if (!user) {
    const email = identity.email && (await claimEmail(db, identity.email)) === 'free' ? identity.email : null;
    const now = new Date();
    const name = (identity.name ?? identity.email?.split('@')[0] ?? PROVIDER_TITLES[identity.provider]).slice(0, NAME_MAX);
    try {
      user = await insertUser(db, { name, email, emailVerifiedAt: email ? now : null, phoneVerifiedAt: now });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      user = await insertUser(db, { name, email: null, phoneVerifiedAt: now });
    }
  }
  await linkSocialAccount(db, { userId: user.id, provider: identity.provider, subject: identity.subject, email: identity.email });
  // Two first sign-ins at once: the identity stays linked to whichever account won; a loser created here goes.
  const winner = (await findUserBySocialAccount(db, identity.provider, identity.subject)) ?? user;
  if (winner.id !== user.id && created) await deleteUser(db, user.id);
  return winner;
}
