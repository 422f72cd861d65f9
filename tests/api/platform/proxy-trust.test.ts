/**
 * TRUST_PROXY (issue 14, ADR 014): the client address the per-address limits count is the
 * socket's unless the request came through a trusted proxy, and then the address that proxy saw.
 * A forged X-Forwarded-For — alone, or before a real address the proxy appended — never moves a
 * client to a fresh counter. Measured on the registration limit (10 an hour per address).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#server/services/limits.ts';
import { rateLimitBuckets } from '#server/db/schema.ts';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';
import { api, newPhone, PASSWORD } from '../harness/auth-helpers.ts';

const MAX = LIMITS.registration.ip.max;
let forged = 0;
/** A made-up address a client could write into X-Forwarded-For. */
const forgedIp = () => {
  forged += 1;
  return `172.16.${(forged >> 8) & 255}.${forged & 255}`;
};

function register(t: TestApp, remote: string, xff?: string) {
  const phone = newPhone();
  return api(t).post(
    '/registration',
    { name: 'Ana Popescu', phone: phone.typed, email: '', password: PASSWORD, country: 'România', phone_code: '+40' },
    { ip: remote, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } },
  );
}

/** Registers MAX times, then once more: every answer's status. */
async function exhaust(t: TestApp, remote: string, xff: () => string | undefined) {
  const statuses: number[] = [];
  for (let i = 0; i <= MAX; i += 1) statuses.push((await register(t, remote, xff())).statusCode);
  return statuses;
}
const limited = [...Array<number>(MAX).fill(200), 429];

describe.each([
  ['unset (trust none)', ''],
  ['a hop count, 1', '1'],
  ['the proxy address, 127.0.0.1', '127.0.0.1'],
  ['a CIDR, 127.0.0.0/8', '127.0.0.0/8'],
])('TRUST_PROXY %s', (_name, trust) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: trust } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await t.db.delete(rateLimitBuckets);
  });

  // A hop count cannot tell a direct client from the proxy (ADR 014: only when nothing but the
  // proxy reaches the server); addresses and CIDRs can.
  if (trust !== '1') {
    it('a client connecting directly and writing a new X-Forwarded-For every time is still one address', async () => {
      expect(await exhaust(t, '198.51.100.7', forgedIp)).toEqual(limited);
    });
  }

  if (trust === '') {
    it('behind a proxy it does not trust, every client is the proxy (nothing read from the header)', async () => {
      expect(await exhaust(t, '127.0.0.1', () => `203.0.113.${1 + (forged++ % 200)}`)).toEqual(limited);
    });
  } else {
    it('through the trusted proxy, the address it appended counts, whatever the client wrote before it', async () => {
      expect(await exhaust(t, '127.0.0.1', () => `${forgedIp()}, 203.0.113.7`)).toEqual(limited);
      // Another client behind the same proxy has its own counter.
      expect((await register(t, '127.0.0.1', `${forgedIp()}, 203.0.113.8`)).statusCode).toBe(200);
    });
  }
});
