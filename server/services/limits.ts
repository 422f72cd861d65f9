/**
 * Rate limits of the account endpoints, counted in the database (rate-limit-repository.ts) per
 * client address and per phone (or account), so several server processes share them.
 * Per-address limits stay generous: Romanian mobile carriers put many phones behind one
 * address (CGNAT); per-phone limits are the tight ones.
 */
import type { Database } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { hitBucket, type BucketLimit } from '../repositories/rate-limit-repository.ts';

const MINUTE = 60;
const HOUR = 3600;

export const LIMITS = {
  /** Attempts per address; failures per phone are counted by LOGIN_FAILURES below (issue 14, ADR 017). */
  login: { ip: { windowSeconds: 15 * MINUTE, max: 30 } },
  registration: { ip: { windowSeconds: HOUR, max: 10 }, phone: { windowSeconds: HOUR, max: 5 } },
  /** Code sends (send-otp, login of an unverified phone, phone change): 5 per recipient an hour with growing waits, 20 per address. */
  sendOtp: { ip: { windowSeconds: HOUR, max: 20 }, recipient: { windowSeconds: HOUR, max: 5, cooldownSeconds: 60 } },
  verifyOtp: { ip: { windowSeconds: 15 * MINUTE, max: 30 }, phone: { windowSeconds: 15 * MINUTE, max: 10 } },
  resetPassword: { ip: { windowSeconds: 15 * MINUTE, max: 10 }, user: { windowSeconds: 15 * MINUTE, max: 5 } },
  changePassword: { user: { windowSeconds: 15 * MINUTE, max: 10 } },
  social: { ip: { windowSeconds: 15 * MINUTE, max: 30 } },
} satisfies Record<string, Record<string, BucketLimit>>;

/**
 * Failed logins (issue 14, ADR 017), counted only when the password is wrong:
 * - per (phone, address): `freeFailures` free, then each further try waits 2^(k - freeFailures)
 *   seconds after the k-th failure (1 s, 2 s, 4 s… at most `maxDelaySeconds`), within `windowSeconds`;
 *   a stranger's failures from other addresses never delay the owner's address;
 * - per phone, from all addresses: after `phoneCeiling` failures in `windowSeconds`, only addresses
 *   this account signed in from in the last `knownAddressDays` days may still try (a distributed
 *   guess stops; the owner at home is not locked out).
 */
export const LOGIN_FAILURES = {
  windowSeconds: HOUR,
  freeFailures: 5,
  maxDelaySeconds: 15 * MINUTE,
  phoneCeiling: 50,
  knownAddressDays: 30,
} as const;

export const tooManyRequests = (seconds: number, key = 'auth.too_many_requests') =>
  new HttpError(429, key, undefined, { vars: { seconds }, headers: { 'Retry-After': String(seconds) } });

/** Counts a hit on `key`; 429 with Retry-After when the limit is reached. */
export async function enforceLimit(db: Database, key: string, limit: BucketLimit) {
  const result = await hitBucket(db, key, limit);
  if (!result.allowed) throw tooManyRequests(result.retryAfter);
  return result;
}
