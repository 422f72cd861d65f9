/**
 * Password hashing with scrypt (node:crypto), at the parameters of docs/references.md / OWASP:
 * N = 2^17, r = 8, p = 1, 16-byte salt, 32-byte key. The parameters are stored with each hash
 * ("scrypt$17$8$1$<salt>$<key>", base64url), so verifying always uses the hash's own cost and a
 * stronger default later only needs `needsRehash`.
 *
 * TEST_SCRYPT_LOG_N (test-only, refused by server/env.ts outside NODE_ENV=test) lowers the cost
 * of NEW hashes so API tests stay fast; production always hashes at 2^17.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const DEFAULT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; node's default maxmem (32 MiB) is below that for N = 2^17.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, logN = DEFAULT_LOG_N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, logN, R, P);
  return ['scrypt', logN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 22 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  return { logN, r, p, salt: Buffer.from(parts[4]!, 'base64url'), key: Buffer.from(parts[5]!, 'base64url') };
}

/** Constant-time check of `password` against a stored hash; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await scrypt(password, parsed.salt, parsed.logN, parsed.r, parsed.p);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash is weaker than what `hashPassword(…, logN)` would write now. */
export function needsRehash(stored: string, logN = DEFAULT_LOG_N): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.logN < logN || parsed.r < R || parsed.p < P;
}

/**
 * A hasher bound to one cost, with a dummy hash to verify against when the account does not
 * exist, so "unknown phone" takes as long as "wrong password" (no timing oracle).
 */
export function createPasswordHasher(logN = DEFAULT_LOG_N) {
  let dummy: Promise<string> | undefined;
  return {
    logN,
    hash: (password: string) => hashPassword(password, logN),
    verify: verifyPassword,
    needsRehash: (stored: string) => needsRehash(stored, logN),
    /** Spends the same work as a real verification and answers false. */
    async verifyDummy(password: string): Promise<false> {
      dummy ??= hashPassword('talcioc-dummy-password', logN);
      await verifyPassword(password, await dummy);
      return false;
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
