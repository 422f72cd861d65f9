/**
 * The API-wide per-address limit is shared by every instance (issue 14, ADR 023): two apps on one
 * database (two instances on PostgreSQL; two apps on one PGlite handle, which is what a second
 * process would see of the counters) count the same requests, so a client alternating between
 * them — as a round-robin proxy makes it — is refused at the same count as with one instance. A
 * forged X-Forwarded-For changes nothing; the limit starts again when its window ends; another
 * address has its own count. Before ADR 023 the counter lived in each process's memory and a
 * client got the limit once per instance.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '#server/db/schema.ts';
import { failureDelay, hitBucket } from '#server/repositories/rate-limit-repository.ts';
import { API_LIMIT_KEY_PREFIX } from '#server/plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';
import { buildAppOn } from '../harness/push-helpers.ts';

const MAX = 6;
const ENV = { API_RATE_LIMIT: String(MAX), TRUST_PROXY: '127.0.0.1', PUSH_WORKER: 'false' };

describe('the API-wide per-address limit across two instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildAppOn>>;
  beforeAll(async () => {
    a = await buildTestApp({ env: ENV });
    b = await buildAppOn(a.handle, ENV);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  afterEach(async () => {
    await a.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, `${API_LIMIT_KEY_PREFIX}%`));
  });

  /** GET /api/settings on instance i % 2, from `remote`, with optional extra headers. */
  const hit = (i: number, remote: string, headers: Record<string, string> = {}) =>
    (i % 2 === 0 ? a.app : b.app).inject({ method: 'GET', url: '/api/settings', remoteAddress: remote, headers });

  async function statuses(remote: string, headers: (i: number) => Record<string, string> = () => ({})) {
    const answers = [];
    for (let i = 0; i <= MAX; i += 1) answers.push(await hit(i, remote, headers(i)));
    return answers;
  }
  const limited = [...Array<number>(MAX).fill(200), 429];

  it('a client alternating between the instances is refused after MAX requests in all, with Retry-After', async () => {
    const answers = await statuses('203.0.113.10');
    expect(answers.map((r) => r.statusCode)).toEqual(limited);
    // The remaining count goes down across instances: each saw the other's requests.
    expect(answers.slice(0, MAX).map((r) => Number(r.headers['x-ratelimit-remaining']))).toEqual([5, 4, 3, 2, 1, 0]);
    const refused = answers[MAX]!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().message).toMatch(/Too many requests/);
    // Both instances now refuse this address; another address is not affected.
    expect((await hit(0, '203.0.113.10')).statusCode).toBe(429);
    expect((await hit(1, '203.0.113.10')).statusCode).toBe(429);
    expect((await hit(1, '203.0.113.11')).statusCode).toBe(200);
    // One row in the database counts the address (refused hits are not counted).
    const [row] = await a.db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, `${API_LIMIT_KEY_PREFIX}203.0.113.10`));
    expect(row?.count).toBe(MAX);
  });

  it('a forged X-Forwarded-For does not escape it, directly or through the trusted proxy', async () => {
    let n = 0;
    const forged = () => `172.16.${(n += 1) & 255}.${n >> 8}`;
    // A client connecting directly: its X-Forwarded-For is not believed at all.
    expect((await statuses('198.51.100.20', () => ({ 'x-forwarded-for': forged() }))).map((r) => r.statusCode)).toEqual(limited);
    // Through the proxy (127.0.0.1), which appends the address it saw: the forged hops before it are not believed.
    expect((await statuses('127.0.0.1', () => ({ 'x-forwarded-for': `${forged()}, 198.51.100.21` }))).map((r) => r.statusCode)).toEqual(
      limited,
    );
    expect((await hit(0, '127.0.0.1', { 'x-forwarded-for': '198.51.100.21' })).statusCode).toBe(429);
    // …and the proxy's own address, exempt outside production, was never the one counted.
    expect((await hit(0, '127.0.0.1', { 'x-forwarded-for': '198.51.100.22' })).statusCode).toBe(200);
  });

  it('starts again when the window ends; IPv6 clients count per /64', async () => {
    expect((await statuses('203.0.113.30')).map((r) => r.statusCode)).toEqual(limited);
    await a.db
      .update(rateLimitBuckets)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(rateLimitBuckets.key, `${API_LIMIT_KEY_PREFIX}203.0.113.30`));
    expect((await hit(1, '203.0.113.30')).statusCode).toBe(200);

    const v6 = await statuses('2001:db8:1:2::1').then((answers) => answers.map((r) => r.statusCode));
    expect(v6).toEqual(limited);
    // Another address in the same /64 shares the count; the next /64 does not.
    expect((await hit(0, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await hit(0, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('does not count the app files and images, only /api', async () => {
    for (let i = 0; i < MAX + 2; i += 1) {
      const res = await (i % 2 ? b.app : a.app).inject({ method: 'GET', url: '/media/none.svg', remoteAddress: '203.0.113.40' });
      expect(res.statusCode).not.toBe(429);
    }
    const rows = await a.db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, `${API_LIMIT_KEY_PREFIX}203.0.113.40`));
    expect(rows).toEqual([]);
  });
});

describe('counters past a thousand hits in a window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUSH_WORKER: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  // power(2, count - 2) overflowed a double past ~1 025 hits (SQLSTATE 22003): a busy address under
  // the API-wide limit, or an account's `login:known` counter, then failed on every hit.
  it('keep counting, and growing waits stop growing instead of overflowing', async () => {
    const key = 'test:busy';
    await hitBucket(t.db, key, { windowSeconds: 60, max: 1_000_000 });
    await t.db.update(rateLimitBuckets).set({ count: 5000 }).where(eq(rateLimitBuckets.key, key));
    expect(await hitBucket(t.db, key, { windowSeconds: 60, max: 1_000_000 })).toMatchObject({ allowed: true, count: 5001, retryAfter: 0 });
    const refused = await hitBucket(t.db, key, { windowSeconds: 60, max: 1_000_000, cooldownSeconds: 1 });
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(86_400);
    expect(await failureDelay(t.db, key, { windowSeconds: 60, free: 5, maxSeconds: 900 })).toBeGreaterThan(890);
  });
});
