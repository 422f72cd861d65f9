/**
 * Login's `device_key` (product §3 Login payload, issue #6): the client sends
 * JSON.stringify(PushSubscription.toJSON()) when the device has a Web Push subscription. When it
 * parses as one (same checks as POST /push/subscriptions), it is stored for the new session, so
 * the device keeps receiving pushes — for whoever signed in. Anything else stays a plain
 * device key on the session (sessions.device_key), as before.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Database } from '#server/db/client.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { makePushSubscriptionSchema } from '#contract/engagement.ts';
import type { Locale } from '#contract/constants.ts';
import {
  findSubscriptionHolder,
  trimUserSubscriptions,
  upsertSubscription,
  type SubscriptionInput,
} from '#server/repositories/push-repository.ts';
import { findSessionIdByTokenHash } from '#server/repositories/session-repository.ts';

/** Devices kept per user (the newest); older subscriptions go. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

export interface PushHostPolicy {
  /** PUSH_SERVICE_HOSTS: host names, `*.domain` for its subdomains. */
  hosts: readonly string[];
  /** Plain http to 127.0.0.1 (tests only, NODE_ENV=test; 127.0.0.1 must still be listed). */
  allowLoopbackHttp: boolean;
}

/** Whether `host` is one of `hosts` (`*.domain` matches any subdomain of domain, not domain itself). */
export function hostAllowed(host: string, hosts: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return hosts.some((entry) => (entry.startsWith('*.') ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry));
}

/**
 * Whether a push endpoint is one of the known push services (issue 14, ADR 019): https, no
 * credentials, its host on PUSH_SERVICE_HOSTS. The server POSTs to it, so nothing else passes.
 */
export function isPushServiceHost(endpoint: string, policy: PushHostPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:') return policy.allowLoopbackHttp && host === '127.0.0.1' && hostAllowed(host, policy.hosts);
  if (url.protocol !== 'https:') return false;
  if (isIP(host) && !policy.hosts.includes(host)) return false;
  return hostAllowed(host, policy.hosts);
}

/** The subscription a device_key carries, or undefined when it is not one. */
export function parseDeviceSubscription(deviceKey: string | null | undefined, policy: PushHostPolicy) {
  if (!deviceKey || !deviceKey.trimStart().startsWith('{')) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(deviceKey);
  } catch {
    return undefined;
  }
  const parsed = makePushSubscriptionSchema(policy.allowLoopbackHttp).safeParse(json);
  if (!parsed.success || !isPushServiceHost(parsed.data.endpoint, policy)) return undefined;
  // The language the device asked for when it subscribed, if the key carries it.
  const locale = (json as { locale?: unknown }).locale === undefined ? undefined : parsed.data.locale;
  return { ...parsed.data, locale };
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Stores a device's subscription for this user and session, keeping the newest
 * MAX_SUBSCRIPTIONS_PER_USER. Answers its id, or null when the endpoint is registered to ANOTHER
 * account with other keys (issue 38): only the browser holding the subscription knows its keys
 * (`auth` is a secret it never shows), so a device that really changed hands sends the same ones
 * and moves to the new account, while someone who merely learnt the endpoint cannot take it over.
 */
export async function saveSubscription(db: Database, input: SubscriptionInput): Promise<number | null> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const holder = await findSubscriptionHolder(tx, input.endpoint);
    if (holder && holder.userId !== input.userId && !(sameSecret(holder.auth, input.auth) && sameSecret(holder.p256dh, input.p256dh))) {
      return null;
    }
    const id = await upsertSubscription(tx, input);
    await trimUserSubscriptions(tx, input.userId, MAX_SUBSCRIPTIONS_PER_USER);
    return id;
  });
}

/** Stores the device's subscription for the session of `token`; answers its id, or null when device_key is not a subscription. */
export async function registerDevicePush(
  db: Database,
  input: { userId: number; token: string; deviceKey: string | null | undefined; locale: Locale },
  policy: PushHostPolicy,
): Promise<number | null> {
  const subscription = parseDeviceSubscription(input.deviceKey, policy);
  if (!subscription) return null;
  const sessionId = await findSessionIdByTokenHash(db, hashToken(input.token));
  if (sessionId === undefined) return null;
  // Held by another account with other keys: not moved (null, like a key that is no subscription).
  return saveSubscription(db, {
    userId: input.userId,
    sessionId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    locale: subscription.locale ?? input.locale,
  });
}
