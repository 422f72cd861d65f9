/**
 * Rate limits of the account endpoints, counted in the database (rate-limit-repository.ts) per
 * client address and per phone (or account), so several server processes share them.
 * Per-address limits stay generous: Romanian mobile carriers put many phones behind one
 * address (CGNAT); per-phone limits are the tight ones.
 */
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { clearBucket, hitBucket, type BucketLimit } from '#server/repositories/rate-limit-repository.ts';

const MINUTE = 60;
const HOUR = 3600;

export const LIMITS = {
  /** Attempts per address; failures per phone are counted by LOGIN_FAILURES below (issue 14, ADR 017). */
  login: { ip: { windowSeconds: 15 * MINUTE, max: 30 } },
  registration: { ip: { windowSeconds: HOUR, max: 10 }, phone: { windowSeconds: HOUR, max: 5 } },
  /** Code sends (send-otp, login of an unverified phone, phone change): 5 per recipient an hour with growing waits, 20 per address. */
  sendOtp: { ip: { windowSeconds: HOUR, max: 20 }, recipient: { windowSeconds: HOUR, max: 5, cooldownSeconds: 60 } },
  /**
   * Code checks per address only. Per phone the limit is the code's own: OTP_MAX_ATTEMPTS tries,
   * then it is burned and a new code (send limits above) starts afresh (issue 38, ADR 029). A
   * per-phone count of wrong tries let strangers refuse the owner's correct code for 15 minutes.
   */
  verifyOtp: { ip: { windowSeconds: 15 * MINUTE, max: 30 } },
  /** A signed-in shopper's own checks of a phone-change code (only she can make them). */
  verifyPhoneChange: { user: { windowSeconds: 15 * MINUTE, max: 10 } },
  resetPassword: { ip: { windowSeconds: 15 * MINUTE, max: 10 }, user: { windowSeconds: 15 * MINUTE, max: 5 } },
  changePassword: { user: { windowSeconds: 15 * MINUTE, max: 10 } },
  social: { ip: { windowSeconds: 15 * MINUTE, max: 30 } },
} satisfies Record<string, Record<string, BucketLimit>>;

/**
 * Failed logins (issue 14, ADR 017; issue 38, ADR 029), counted only when the password is wrong:
 * - per (phone, address): `freeFailures` free, then each further try waits 2^(k - freeFailures)
 *   seconds after the k-th failure (1 s, 2 s, 4 s… at most `maxDelaySeconds`), within `windowSeconds`;
 *   a stranger's failures from other addresses never delay the owner's address;
 * - per phone, from all addresses: after `phoneCeiling` failures in `windowSeconds`, only addresses
 *   this account signed in from in the last `knownAddressDays` days may still try (a distributed
 *   guess stops; the owner at home is not locked out);
 * - a code sent to the phone lifts it (liftLoginLockout): a correct reset code clears the phone's
 *   count and makes the address it came from a known one, and a password reset clears the count.
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

/** Counts a hit on `key`; 429 with Retry-After (and the message `messageKey`) when the limit is reached. */
export async function enforceLimit(db: Database, key: string, limit: BucketLimit, messageKey?: string) {
  const result = await hitBucket(db, key, limit);
  if (!result.allowed) throw tooManyRequests(result.retryAfter, messageKey);
  return result;
}

/** The counters of login failures for a phone (E.164) tried from an address (ADR 017). */
export const loginKeys = (phone: string, ip: string) => ({
  /** Failures of this phone from this address: growing delays. */
  pair: `login:fail:${phone}:${ip}`,
  /** Failures of this phone from every address: the ceiling for unknown addresses. */
  phone: `login:fail-phone:${phone}`,
  /** Written at each successful sign-in (and each correct reset code) from this address. */
  known: `login:known:${phone}:${ip}`,
});

/** Marks `ip` as an address the owner of `phone` proved herself from (a sign-in, or a code sent to her phone). */
export async function rememberLoginAddress(db: Database, phone: string, ip: string) {
  await hitBucket(db, loginKeys(phone, ip).known, { windowSeconds: LOGIN_FAILURES.knownAddressDays * 86_400, max: 1_000_000 });
}

/**
 * The owner proved she holds the phone (issue 38, ADR 029): strangers' failures no longer refuse
 * her. With `ip` (a correct reset code, sent from there): this address's failures are forgotten
 * and it becomes a known address, so refilling the ceiling later does not refuse her there either.
 * The phone's count goes in every case: a password reset clears the lockout.
 */
export async function liftLoginLockout(db: Database, phone: string, ip?: string) {
  const keys = loginKeys(phone, ip ?? '');
  await clearBucket(db, keys.phone);
  if (ip === undefined) return;
  await clearBucket(db, keys.pair);
  await rememberLoginAddress(db, phone, ip);
}
