// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, DEFAULT_LOG_N, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { hashOtp, hashToken, newOtpCode, newToken, verifyOtpHash } from './tokens.ts';

describe('password hashing', () => {
  it('hashes at N = 2^17, r = 8, p = 1 by default and verifies in constant time', async () => {
    const hash = await hashPassword('corect horse battery');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(DEFAULT_LOG_N).toBe(17);
    expect(await verifyPassword('corect horse battery', hash)).toBe(true);
    expect(await verifyPassword('corect horse batterY', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    // Three hashes at the production cost (~0.3 s each on a quiet core): room for a busy machine.
  }, 30_000);

  it('salts every hash, flags cheaper hashes for rehashing and rejects malformed ones', async () => {
    const a = await hashPassword('parola-mea', 12);
    const b = await hashPassword('parola-mea', 12);
    expect(a).not.toBe(b);
    expect(needsRehash(a)).toBe(true);
    expect(await verifyPassword('parola-mea', 'scrypt$40$8$1$aa$bb')).toBe(false);
    expect(await verifyPassword('parola-mea', 'plain')).toBe(false);
  });

  it('normalises Unicode so a precomposed ș equals s + comma below', async () => {
    const hasher = createPasswordHasher(12);
    const hash = await hasher.hash('parolă-ș');
    expect(await hasher.verify('parola\u0306-s\u0326', hash)).toBe(true);
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });
});

describe('tokens and codes', () => {
  it('makes 256-bit tokens and stores only their SHA-256', () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(token);
  });

  it('makes codes of the asked length and checks them against salted HMACs bound to their context', () => {
    expect(newOtpCode(4)).toMatch(/^\d{4}$/);
    expect(newOtpCode(6)).toMatch(/^\d{6}$/);
    const stored = hashOtp('0427', 'register:+40721234567');
    expect(stored).not.toContain('0427');
    expect(verifyOtpHash('0427', 'register:+40721234567', stored)).toBe(true);
    expect(verifyOtpHash('0428', 'register:+40721234567', stored)).toBe(false);
    expect(verifyOtpHash('0427', 'reset:+40721234567', stored)).toBe(false);
  });
});
