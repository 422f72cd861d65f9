/**
 * Opaque secrets: session tokens and password-reset tokens are 256 random bits (base64url, 43
 * characters); only their SHA-256 is stored, so a database leak yields no usable token (ADR 006).
 * A plain hash is enough: the input has 256 bits of entropy, nothing to brute-force.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A one-time code of `length` decimal digits from the CSPRNG (uniform: crypto.randomInt rejects bias). */
export function newOtpCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(0, 10));
  return code;
}

/**
 * HMAC-SHA256 of a code with a random per-code salt as key, bound to its purpose and recipient
 * ("salt$mac", hex). Keeps codes out of plain sight in the database, backups and logs; see ADR 005
 * for why hashing alone cannot protect a 4-digit code and what does.
 */
export function hashOtp(code: string, context: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${createHmac('sha256', salt).update(`${context}\n${code}`).digest('hex')}`;
}

export function verifyOtpHash(code: string, context: string, stored: string): boolean {
  const [salt, mac] = stored.split('$');
  if (!salt || !mac) return false;
  const expected = Buffer.from(mac, 'hex');
  const actual = createHmac('sha256', salt).update(`${context}\n${code}`).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
