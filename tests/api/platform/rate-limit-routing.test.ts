/**
 * The API-wide per-address limit counts what the router routes, and counts it exactly under
 * concurrency (issue 38).
 *
 * 1. Keyed on the matched route, never on the raw URL: `/%61pi/master` is routed to
 *    `GET /api/master` (the router decodes the path) but did not start with `/api/`, so it was never
 *    counted — 200 of 200 passed after `/api/master` answered 429. Every spelling is sent over a
 *    real socket (nothing rewrites the path on the way, as `inject` would) through a trusted proxy
 *    address, so the count is the client's.
 * 2. On PostgreSQL the bucket compared its last hit with `now()` — the transaction's start — so
 *    hits waiting on one row lock saw time run backwards and were refused far below the limit
 *    (43 of 320 parallel requests). N parallel requests from one address get exactly the allowance.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBuckets } from '#server/db/schema.ts';
import { hitBucket } from '#server/repositories/rate-limit-repository.ts';
import { API_LIMIT_KEY_PREFIX } from '#server/plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';
import { buildAppOn } from '../harness/push-helpers.ts';

const MAX = 8;
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { API_RATE_LIMIT: String(MAX), TRUST_PROXY: '127.0.0.1', PUSH_WORKER: 'false' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, `${API_LIMIT_KEY_PREFIX}%`));
});

/** GET `path` exactly as written (no normalisation on the way), as client `address` behind the trusted proxy. */
function rawGet(path: string, address: string, to = port): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: to, method: 'GET', path, headers: { 'x-forwarded-for': address }, timeout: 10_000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out: ${path}`)));
    request.on('error', reject);
    request.end();
  });
}

/** Spellings the router sends to GET /api/master (percent-encoded letters, either case of hex digits, a query). */
const ROUTED = [
  '/api/master',
  '/%61pi/master',
  '/%61%70%69/master',
  '/api/%6Daster',
  '/a%70i/master',
  '/api/%6daster',
  '/api/master?x=1',
  '/%61pi/%6d%61ster?per_page=1',
];
/**
 * Spellings it does not route there — the router is case-sensitive, does not merge slashes nor
 * resolve dot segments (over a socket; `inject` would resolve them first): never the API's answer.
 */
const NOT_ROUTED = [
  '/api/./master',
  '/api/x/../master',
  '/api/%2e/master',
  '/API/master',
  '/Api/master',
  '//api/master',
  '/api//master',
  '/api/master/',
  '/api%2Fmaster',
  '/%2561pi/master',
];

const isMaster = (body: string) => body.includes('"Master data"');

describe('the API-wide limit counts what the router routes', () => {
  it('every spelling routed to GET /api/master counts in the same bucket: MAX answers in all, then 429 for each spelling', async () => {
    const address = '198.51.100.61';
    const answers = [];
    for (let i = 0; i < MAX; i += 1) answers.push(await rawGet(ROUTED[i % ROUTED.length]!, address));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(MAX).fill(200));
    expect(answers.every((a) => isMaster(a.body))).toBe(true);
    // The allowance is spent: no spelling gets the master data again.
    for (const path of ROUTED) {
      const res = await rawGet(path, address);
      expect([path, res.status]).toEqual([path, 429]);
    }
    // Another address is not limited.
    expect((await rawGet('/%61pi/master', '198.51.100.62')).status).toBe(200);
  });

  it('spellings the router does not send to the route never reach it (and so cannot spend or escape its count)', async () => {
    const address = '198.51.100.63';
    for (const path of NOT_ROUTED) {
      const res = await rawGet(path, address);
      expect([path, res.status, isMaster(res.body)]).toEqual([path, 404, false]);
    }
    // Limited through the one spelling, still limited through the others.
    for (let i = 0; i < MAX; i += 1) expect((await rawGet('/api/master', address)).status).toBe(200);
    expect((await rawGet('/%61pi/master', address)).status).toBe(429);
    expect((await rawGet('/api/%6Daster', address)).status).toBe(429);
  });
});

describe('limit buckets under concurrency', () => {
  it('eight parallel clients of one address, 320 requests under a limit of 300 a minute: exactly 300 answered', async () => {
    // A second instance on the same database with the production-sized limit (the reproduction).
    const busy = await buildAppOn(t.handle, { API_RATE_LIMIT: '300', TRUST_PROXY: '127.0.0.1', PUSH_WORKER: 'false' });
    try {
      await busy.app.listen({ host: '127.0.0.1', port: 0 });
      const busyPort = (busy.app.server.address() as AddressInfo).port;
      const statuses: number[] = [];
      const client = async () => {
        for (let i = 0; i < 40; i += 1) statuses.push((await rawGet('/api/master', '198.51.100.70', busyPort)).status);
      };
      await Promise.all(Array.from({ length: 8 }, client));
      expect([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 429).length]).toEqual([300, 20]);
    } finally {
      await busy.close();
    }
  });

  it('eight clients of one address in parallel, 320 hits on one bucket of 300: exactly 300 allowed', async () => {
    const limit = { windowSeconds: 60, max: 300 };
    const key = 'test:parallel';
    const allowed: number[] = [];
    let refused = 0;
    const client = async () => {
      for (let i = 0; i < 40; i += 1) {
        const hit = await hitBucket(t.db, key, limit);
        if (hit.allowed) allowed.push(hit.count);
        else refused += 1;
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(refused).toBe(20);
    expect(allowed.sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    await t.db.delete(rateLimitBuckets).where(like(rateLimitBuckets.key, 'test:parallel%'));
  });
});
