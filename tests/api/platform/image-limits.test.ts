/**
 * Images that hold against an attacker (issue 38):
 *
 * 5. A private upload's variants (a ticket attachment) go to its owner only, `private`, and its key
 *    is not the hash of its bytes. Before: `/media/img/v1/<key>/160.jpg` of an attachment answered
 *    200 with no token, `public, immutable`, and the key was the SHA-256 of the picture (anyone
 *    holding a copy could confirm it had been uploaded).
 * 6. New variants count against a per-address limit in the database (shared by the instances);
 *    a job whose clients all went away is dropped before it is encoded. Before: no limit (160
 *    uncached variants from one client kept the encoders busy), and abandoned jobs were encoded.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { images, supportAttachments } from '#server/db/schema.ts';
import { createFileStore } from '#server/services/file-store.ts';
import { ImagePipeline, VariantAbandoned } from '#server/media/pipeline.ts';
import { buildTestApp, type TestApp } from '../harness/test-app.ts';
import { buildAppOn } from '../harness/push-helpers.ts';
import { quickUser } from '../harness/cart-fixtures.ts';
import en from '#src/locales/en.json';

const LIMIT = 4;
const ENV = { IMAGE_NEW_VARIANTS_PER_MINUTE: String(LIMIT), PUSH_WORKER: 'false' };
let t: TestApp;
let second: Awaited<ReturnType<typeof buildAppOn>>;

beforeAll(async () => {
  t = await buildTestApp({ env: ENV });
  second = await buildAppOn(t.handle, ENV);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const get = (url: string, options: { token?: string; ip?: string; headers?: Record<string, string>; app?: TestApp['app'] } = {}) =>
  (options.app ?? t.app).inject({
    method: 'GET',
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.token && { authorization: `Bearer ${options.token}` }), 'accept-language': 'en', ...options.headers },
  });

/** A small photo of a receipt: distinct bytes per call. */
const photo = (seed: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: (seed * 37) % 255, b: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Opens a ticket with `bytes` attached for `token`; answers the attachment's row. */
async function attach(token: string, bytes: Buffer) {
  const boundary = `----talcioc${randomUUID()}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('subject', 'Comanda mea') + field('message', 'Am primit alt produs, vedeți poza.')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="bon.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support-tickets',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.ticket.messages[0].attachment.id as number;
  const [row] = await t.db.select().from(supportAttachments).where(eq(supportAttachments.id, id));
  return { ...row!, url: res.json().data.ticket.messages[0].attachment.url as string };
}

describe("a private upload's variants", () => {
  it('are served to its owner only, privately; to anyone else its key is unknown', async () => {
    const ana = await quickUser(t, 'Ana');
    const ion = await quickUser(t, 'Ion');
    const attachment = await attach(ana.token, await photo(1));
    const key = attachment.storageKey.split('.')[0]!;
    const variant = `/media/img/v1/${key}/160.jpg`;

    for (const stranger of [{}, { token: ion.token }, { token: 'not-a-session-token-at-all-000000000000000' }]) {
      const res = await get(variant, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: en['media.image_not_found'] });
      // Not even a 304 for a stranger who names the ETag.
      expect((await get(variant, { ...stranger, headers: { 'if-none-match': `"${key}-160-jpg"` } })).statusCode).toBe(404);
    }
    const own = await get(variant, { token: ana.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await sharp(own.rawPayload).metadata()).width).toBe(160);
    // Asked again by a stranger once it is stored: still unknown to them.
    expect((await get(variant)).statusCode).toBe(404);
    expect((await get(`/media/img/v1/${key}/320.webp`, { token: ion.token })).statusCode).toBe(404);
  });

  it('have a key that is not the hash of the picture: the same bytes uploaded twice get two keys, and a copy confirms nothing', async () => {
    const ana = await quickUser(t, 'Ana');
    const bytes = await photo(2);
    const first = await attach(ana.token, bytes);
    const again = await attach(ana.token, bytes);
    expect(first.storageKey).not.toBe(again.storageKey);
    // Whoever holds the stored picture (the clean original, as its owner downloads it) cannot derive its key.
    const original = await get(first.url, { token: ana.token });
    expect(original.statusCode).toBe(200);
    const contentKey = createHash('sha256').update(original.rawPayload).digest('hex').slice(0, 32);
    expect(first.storageKey.startsWith(contentKey)).toBe(false);
    expect((await get(`/media/img/v1/${contentKey}/160.jpg`)).statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(images)
      .where(eq(images.key, first.storageKey.split('.')[0]!));
    expect(row?.ownerId).toBe(ana.user.id);
  });

  it('a catalog photo stays public', async () => {
    const [seeded] = await t.db.select({ key: images.key }).from(images).limit(1);
    const res = await get(`/media/img/v1/${seeded!.key}/160.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('new variants per client address', () => {
  it(`are limited to ${LIMIT} a minute across instances; stored variants and other addresses are not refused`, async () => {
    const keys = (
      await t.db
        .select({ key: images.key })
        .from(images)
        .orderBy(images.key)
        .limit(LIMIT + 3)
    ).map((r) => r.key);
    const address = '203.0.113.90';
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i += 1)
      answers.push(await get(`/media/img/v1/${keys[i]}/160.webp`, { ip: address, app: i % 2 ? second.app : t.app }));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    const refused = answers[LIMIT]!;
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json().message).toBe(en['limits.image_variants_too_many'].replace('{{seconds}}', String(wait)));
    // Variants already stored are served to the limited address (on either instance)…
    expect((await get(`/media/img/v1/${keys[0]}/160.webp`, { ip: address, app: second.app })).statusCode).toBe(200);
    // …and another address may still have new ones made.
    expect((await get(`/media/img/v1/${keys[LIMIT + 2]}/160.webp`, { ip: '203.0.113.91' })).statusCode).toBe(200);
  });

  it('a job whose client went away is dropped before encoding; one another client still waits for is made', async () => {
    const store = createFileStore(t.handle.kind, t.db, 'memory://');
    const pipeline = new ImagePipeline(t.db, store, { concurrency: 1 });
    const keys = (
      await t.db.select({ key: images.key }).from(images).where(eq(images.width, 1600)).orderBy(images.key).offset(20).limit(4)
    ).map((r) => r.key);
    const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 5 });

    // The one slot is busy drawing a full-size photo; a second job waits behind it, and its client leaves.
    const busy = pipeline.variant(keys[0]!, 1600, 'jpg');
    await until(() => pipeline.running === 1);
    const gone = new AbortController();
    const abandoned = pipeline.variant(keys[1]!, 320, 'avif', { signal: gone.signal });
    await until(() => pipeline.queued === 1);
    gone.abort();
    await expect(abandoned).rejects.toBeInstanceOf(VariantAbandoned);
    expect(await busy).toBeDefined();
    expect([pipeline.encodes, pipeline.abandoned]).toEqual([1, 1]);
    expect(await store.get('variants', `${keys[1]}-320.avif`)).toBeUndefined();

    // A client that left before its job started: nothing is queued at all.
    const left = new AbortController();
    left.abort();
    await expect(pipeline.variant(keys[1]!, 480, 'avif', { signal: left.signal })).rejects.toBeInstanceOf(VariantAbandoned);
    expect([pipeline.encodes, pipeline.abandoned]).toEqual([1, 2]);

    // Two clients wait for one job; one leaves: it is still made for the other.
    const busyAgain = pipeline.variant(keys[3]!, 1600, 'jpg');
    await until(() => pipeline.running === 1);
    const leaving = new AbortController();
    const first = pipeline.variant(keys[2]!, 320, 'avif', { signal: leaving.signal });
    await until(() => pipeline.queued === 1);
    const staying = pipeline.variant(keys[2]!, 320, 'avif', { signal: new AbortController().signal });
    leaving.abort();
    expect(await staying).toBeDefined();
    expect(await first).toBeDefined();
    expect(await busyAgain).toBeDefined();
    expect([pipeline.encodes, pipeline.abandoned]).toEqual([3, 2]);
    expect(await store.get('variants', `${keys[2]}-320.avif`)).toBeDefined();
  });
});
