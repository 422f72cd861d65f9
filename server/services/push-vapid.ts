/**
 * The VAPID key pair (RFC 8292) the server signs pushes with; its public half is the
 * applicationServerKey the browser subscribes with (GET /api/push/public-key).
 *
 * From the environment (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, validated in env.ts) or else
 * generated once and kept in the settings table under 'vapid_keys'. Two processes starting
 * together both try to insert their own pair with ON CONFLICT DO NOTHING and then both read the
 * row back, so they end up with the same pair. Changing the pair invalidates every subscription
 * (browsers must subscribe again), so the stored pair is never replaced.
 */
import webpush from 'web-push';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { insertSettingIfMissing, readSetting } from '#server/repositories/settings-repository.ts';

export const VAPID_SETTING_KEY = 'vapid_keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

interface StoredVapid {
  public_key: string;
  private_key: string;
  created_at: string;
}

export async function loadVapidKeys(
  db: Database,
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
  }
  const fresh = webpush.generateVAPIDKeys();
  const value: StoredVapid = { public_key: fresh.publicKey, private_key: fresh.privateKey, created_at: new Date().toISOString() };
  await insertSettingIfMissing(db, VAPID_SETTING_KEY, value);
  const stored = await readSetting<StoredVapid>(db, VAPID_SETTING_KEY);
  if (!stored?.public_key || !stored.private_key) throw new Error(`settings.${VAPID_SETTING_KEY} is not a VAPID key pair`);
  return { publicKey: stored.public_key, privateKey: stored.private_key, subject: env.VAPID_SUBJECT };
}
