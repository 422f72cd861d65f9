/**
 * One-time codes (ADR 005): issue (throttled, hashed, delivered) and check (attempt-limited,
 * single use). Codes live 10 minutes; 5 tries, then the code is burned.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { HttpError, fieldError } from '#server/lib/http-error.ts';
import { hashOtp, newOtpCode, verifyOtpHash } from '#server/lib/tokens.ts';
import { consumeOtp, findLatestOtp, insertOtp, reserveOtpAttempt, type OtpPurpose } from '#server/repositories/otp-repository.ts';
import { countDecoyTry, findDecoyBucket, hitBucket, resetDecoyBucket } from '#server/repositories/rate-limit-repository.ts';
import { maskRecipient, type MessageChannel, type MessageSender } from './message-delivery.ts';
import { LIMITS, tooManyRequests } from './limits.ts';
import { clientIp } from './session-service.ts';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_SECONDS = 15 * 60;

/** Codes that prove the same thing replace each other: a resend retires the previous code. */
const SUPERSEDES: Record<OtpPurpose, readonly OtpPurpose[]> = {
  register: ['register', 'login_verify'],
  login_verify: ['register', 'login_verify'],
  reset: ['reset'],
  phone_change: ['phone_change'],
};
/** Codes /verify-otp-register accepts: sent after sign-up or by a login with an unverified phone. */
export const VERIFY_PHONE_PURPOSES = ['register', 'login_verify'] as const satisfies readonly OtpPurpose[];

const context = (purpose: OtpPurpose, recipient: string) => `${purpose}:${recipient}`;

export interface SendAllowance {
  /** Seconds before the next send to this recipient is allowed. */
  resendIn: number;
}

/**
 * Counts a send of one kind of code (`family`) to `recipientKey` (an E.164 phone or an e-mail,
 * whether or not an account uses it, so the answer does not depend on that) and from the
 * client's address. 429 with
 * Retry-After: "wait N seconds" inside a recipient's waiting time, "too many" past a cap.
 */
export type SendFamily = 'verify' | 'reset' | 'phone_change';

export async function throttleSend(
  db: Database,
  request: FastifyRequest,
  recipientKey: string,
  family: SendFamily,
): Promise<SendAllowance> {
  const byIp = await hitBucket(db, `otp-send:ip:${clientIp(request)}`, LIMITS.sendOtp.ip);
  if (!byIp.allowed) throw tooManyRequests(byIp.retryAfter);
  // Per kind of code: a shopper who just signed up and at once asks for a reset code is not
  // made to wait; resends of the same kind wait (60 s, growing) and each kind is capped per hour.
  const byRecipient = await hitBucket(db, `otp-send:to:${family}:${recipientKey}`, LIMITS.sendOtp.recipient);
  if (!byRecipient.allowed) {
    const capped = byRecipient.count >= LIMITS.sendOtp.recipient.max;
    throw tooManyRequests(byRecipient.retryAfter, capped ? 'auth.too_many_requests' : 'auth.otp_resend_wait');
  }
  return { resendIn: byRecipient.retryAfter };
}

export interface CodeRequest {
  userId: number;
  purpose: OtpPurpose;
  channel: MessageChannel;
  recipient: string;
}

/**
 * Creates, stores (hashed) and QUEUES a code (ADR 020): the delivery worker sends it, so no gateway
 * round trip happens inside the request. The code itself never reaches a log. A channel this
 * deployment has no gateway for at all is a 503 at once (a configuration fault, not a retry).
 */
export async function issueCode(
  deps: { db: Database; sender: MessageSender; otpLength: number; appName: string; available?: (channel: MessageChannel) => boolean },
  request: FastifyRequest,
  code: CodeRequest,
) {
  if (deps.available && !deps.available(code.channel)) {
    request.log.error(
      { channel: code.channel, to: maskRecipient(code.channel, code.recipient) },
      'code not sent: no gateway for this channel',
    );
    throw new HttpError(503, 'auth.delivery_unavailable');
  }
  const value = newOtpCode(deps.otpLength);
  await insertOtp(
    deps.db,
    { ...code, codeHash: hashOtp(value, context(code.purpose, code.recipient)), ttlSeconds: OTP_TTL_SECONDS },
    SUPERSEDES[code.purpose],
  );
  const body = request.t('auth.otp_message', { app: deps.appName, code: value, minutes: OTP_TTL_SECONDS / 60 });
  await deps.sender.send(code.channel, code.recipient, body, { subject: request.t('auth.otp_email_subject', { app: deps.appName }) });
}

/**
 * When send-otp issues no code (unknown recipient, or a phone that needs none), it records that "a
 * code was sent" to `recipient` anyway (issue 14, ADR 020): a row of rate_limit_buckets whose count
 * is 1 + the wrong tries since. checkCode then answers a guess for it exactly as for a real code —
 * "not correct" 4 times, "entered wrongly too many times" from the 5th, "expired" after the code's
 * lifetime — so verify-otp tells nobody whether the phone has an account.
 */
export async function recordDecoyCode(db: Database, family: SendFamily, recipient: string) {
  await resetDecoyBucket(db, decoyKey(family, recipient));
}

export const decoyKey = (family: SendFamily, recipient: string) => `otp-decoy:${family}:${recipient}`;

/** The answer for a try against a decoy (or for nothing at all): always a 422 on `otp`. */
async function failDecoy(db: Database, key: string | undefined): Promise<never> {
  if (!key) throw fieldError('otp', 'auth.otp_invalid');
  const decoy = await findDecoyBucket(db, key, OTP_TTL_SECONDS);
  if (!decoy) throw fieldError('otp', 'auth.otp_invalid');
  const tries = Number(decoy.count) - 1;
  if (tries >= OTP_MAX_ATTEMPTS) throw fieldError('otp', 'auth.otp_too_many_attempts');
  if (decoy.expired) throw fieldError('otp', 'auth.otp_expired');
  await countDecoyTry(db, key);
  throw fieldError('otp', tries + 1 >= OTP_MAX_ATTEMPTS ? 'auth.otp_too_many_attempts' : 'auth.otp_invalid');
}

/**
 * Checks `code` against the user's newest unused code for these purposes. Every try counts;
 * after OTP_MAX_ATTEMPTS wrong tries the code is burned, even for the right digits. Success
 * consumes it (single use). Failures are 422 `{errors: {otp: [...]}}`.
 */
export async function checkCode(
  db: Database,
  lookup: {
    userId: number | undefined;
    purposes: readonly OtpPurpose[];
    recipient?: string;
    decoy?: { family: SendFamily; recipient: string };
  },
  code: string,
): Promise<{ recipient: string }> {
  const otp = lookup.userId === undefined ? undefined : await findLatestOtp(db, lookup.userId, lookup.purposes, lookup.recipient);
  // No code for this account (or no account): the decoy answers, exactly like a code would.
  if (!otp) return failDecoy(db, lookup.decoy && decoyKey(lookup.decoy.family, lookup.decoy.recipient));
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw fieldError('otp', 'auth.otp_too_many_attempts');
  if (otp.expired) throw fieldError('otp', 'auth.otp_expired');

  const attempts = await reserveOtpAttempt(db, otp.id, OTP_MAX_ATTEMPTS);
  if (attempts === undefined) throw fieldError('otp', 'auth.otp_too_many_attempts');
  if (!verifyOtpHash(code, context(otp.purpose, otp.recipient), otp.codeHash)) {
    throw fieldError('otp', attempts >= OTP_MAX_ATTEMPTS ? 'auth.otp_too_many_attempts' : 'auth.otp_invalid');
  }
  if (!(await consumeOtp(db, otp.id))) throw fieldError('otp', 'auth.otp_invalid');
  return { recipient: otp.recipient };
}
