/**
 * The image pipeline (issue 15, ADR 043) through the real app: seeded photos with size and
 * placeholder in the API, variants in AVIF/WebP/JPEG at the ladder's widths with immutable
 * caching and ETags, one encode for concurrent requests, a second instance finding a variant in
 * storage, and uploads (avatars, ticket attachments) turned upright with every metadata block
 * (GPS) gone, decompression bombs and wrong types refused with translated 4xx.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { thumbHashToRGBA } from 'thumbhash';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { signUp } from '../harness/auth-helpers.ts';
import { client } from '../harness/cart-call.ts';
import { key, shopperWithAddress } from '../harness/cart-fixtures.ts';
import { ImagePipeline, imagePipeline as pipelineOf } from '#server/media/pipeline.ts';
import { createFileStore } from '#server/services/file-store.ts';
import { WARM_UP_LOCK_KEY, WARM_UP_MAX_JOBS, imagesIn, warmFirstScreens, warmUpJobs } from '#server/media/warm-up.ts';
import { IMAGE_WIDTHS } from '#contract/image-constants.ts';
import type { ImageMeta } from '#contract/images.ts';

let t: TestApp;
test.beforeAll(async ({ testApp }) => {
  t = testApp;
});

/** The app's own pipeline (one per database handle) and file store (memory:// → the same directory). */
const files = () => createFileStore(t.handle.kind, t.db, 'memory://');
const imagePipeline = () => pipelineOf({ db: t.db, files: files() });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function productDetails(id: number) {
  const res = await get(`/api/products/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.product as {
    thumbnail: string;
    thumbnail_meta: ImageMeta | null;
    images: { id: number; url: string; meta: ImageMeta | null }[];
  };
}

function multipart(field: string, filename: string, type: string, bytes: Buffer, extra: Record<string, string> = {}) {
  const boundary = `----talcioc${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(extra))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A PNG whose header claims width × height pixels, with almost no data: a decompression bomb. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 300×200 JPEG (left half red) tagged "rotate 90° clockwise to show" with GPS coordinates. */
async function phonePhotoWithGps(): Promise<Buffer> {
  const left = await sharp({ create: { width: 150, height: 200, channels: 3, background: '#d02020' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#2040d0' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'GPS 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 46/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '23/1 35/1 5678/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether an EXIF block (as sharp's metadata().exif gives it) has a GPS IFD (tag 0x8825 in IFD0). */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0', 0, 'latin1') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

async function expectNoMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(hasGps(meta.exif)).toBe(false);
  expect(bytes.includes(Buffer.from('TestPhone'))).toBe(false);
}

describe('seeded photographs in the API', () => {
  it('gives every product at least 3 photos with intrinsic size, a ThumbHash and the variant ladder', async () => {
    const product = await productDetails(1);
    expect(product.images.length).toBeGreaterThanOrEqual(3);
    for (const image of product.images) {
      expect(image.meta).not.toBeNull();
      const meta = image.meta!;
      expect([meta.width, meta.height]).toEqual([1600, 1200]);
      expect(meta.widths).toEqual([...IMAGE_WIDTHS]);
      expect(meta.variants).toMatch(/^\/media\/img\/v1\/[0-9a-f]{32}$/);
      // The spec's url stays, and it is a variant of the same image.
      expect(image.url.startsWith(`${meta.variants}/`)).toBe(true);
      const hash = Buffer.from(meta.placeholder, 'base64');
      expect(hash.length).toBeGreaterThan(10);
      expect(hash.length).toBeLessThan(40);
      const decoded = thumbHashToRGBA(hash);
      expect(decoded.w * decoded.h).toBeGreaterThan(0);
    }
    expect(product.thumbnail_meta?.variants).toBe(product.images[0]!.meta!.variants);
  });

  it('describes category, shop and banner images too', async () => {
    const categories = (await get('/api/categories')).json().data.categories as { thumbnail_meta: ImageMeta | null }[];
    expect(categories.every((c) => c.thumbnail_meta && c.thumbnail_meta.width === 640)).toBe(true);
    const shops = (await get('/api/shops')).json().data.data as { logo_meta: ImageMeta | null; banner_meta: ImageMeta | null }[];
    expect(shops.every((s) => s.logo_meta && s.banner_meta?.width === 1600 && s.banner_meta.height === 400)).toBe(true);
    const banners = (await get('/api/banners')).json().data.data as { image_meta: ImageMeta | null }[];
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.every((b) => b.image_meta?.width === 1600)).toBe(true);
    const list = (await get('/api/products?per_page=5')).json().data.data as { thumbnail_meta: ImageMeta | null }[];
    expect(list.every((p) => p.thumbnail_meta?.width === 1600)).toBe(true);
  });
});

describe('variants', () => {
  it('serves AVIF, WebP and JPEG at the asked width, immutable, with an ETag (304 on repeat)', async () => {
    const { images } = await productDetails(2);
    const base = images[0]!.meta!.variants;
    for (const [format, type, sharpFormat] of [
      ['avif', 'image/avif', 'heif'],
      ['webp', 'image/webp', 'webp'],
      ['jpg', 'image/jpeg', 'jpeg'],
    ] as const) {
      const res = await get(`${base}/320.${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{32}-320-/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe(sharpFormat);
      if (format === 'avif') expect(meta.compression).toBe('av1');
      expect([meta.width, meta.height]).toEqual([320, 240]);
      await expectNoMetadata(res.rawPayload);
      const again = await get(`${base}/320.${format}`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    // A generated photo's narrower widths are drawn at their width: the full-size original is
    // drawn only when something asks for it (the full width here).
    const key = base.split('/').pop()!;
    expect(await imagePipeline().storedOriginal(`${key}.jpg`)).toBeUndefined();
    const full = await get(`${base}/1600.jpg`);
    expect(full.statusCode).toBe(200);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1600);
    // The generated original is a phone-like JPEG: 1600 px wide, between 150 and 600 KB.
    const original = await imagePipeline().storedOriginal(`${key}.jpg`);
    expect(original).toBeDefined();
    expect(original!.length).toBeGreaterThan(150_000);
    expect(original!.length).toBeLessThan(600_000);
    expect((await sharp(original!).metadata()).width).toBe(1600);
  });

  it('refuses widths off the ladder and unknown images with 404', async () => {
    const { images } = await productDetails(3);
    const base = images[0]!.meta!.variants;
    expect((await get(`${base}/500.webp`)).statusCode).toBe(404);
    expect((await get(`${base}/3200.webp`)).statusCode).toBe(404);
    const unknown = await get(`/media/img/v1/${'0'.repeat(32)}/320.webp`, { 'accept-language': 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Image not found');
    expect((await get(`${base}/320.gif`)).statusCode).toBe(422);
  });

  it('encodes a variant once when several requests for it arrive together', async () => {
    const { images } = await productDetails(4);
    const url = `${images[1]!.meta!.variants}/480.webp`;
    const pipeline = imagePipeline();
    const before = pipeline.encodes;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    expect(pipeline.encodes - before).toBe(1);
    // Asked again later: read from storage, not encoded.
    await get(url);
    expect(pipeline.encodes - before).toBe(1);
  });

  it('a second instance finds a variant made by the first in storage', async () => {
    const { images } = await productDetails(5);
    const key = images[0]!.meta!.variants.split('/').pop()!;
    const first = imagePipeline();
    const made = await first.variant(key, 160, 'avif');
    expect(made).toBeDefined();
    const second = new ImagePipeline(t.db, files());
    const found = await second.variant(key, 160, 'avif');
    expect(second.encodes).toBe(0);
    expect(second.drawn).toBe(0);
    expect(found!.equals(made!)).toBe(true);
  });

  it("the start-up warm-up makes the home page's photos at the widths phones pick; a shopper then waits for no encoding", async () => {
    const home = (await get('/api/home')).json();
    const found = imagesIn(home);
    expect(found.length).toBeGreaterThan(5);
    const jobs = warmUpJobs(found);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.length).toBeLessThanOrEqual(WARM_UP_MAX_JOBS);
    // The home's first product card: its phone width (480) is among the jobs.
    const card = found.find((f) => f.field === 'thumbnail_meta')!;
    const cardKey = card.meta.variants.split('/').pop()!;
    expect(jobs).toContainEqual([cardKey, card.meta.widths.find((w) => w >= 480)]);

    // The first six jobs (the whole list takes ~30 s on 2 cores).
    const done = await warmFirstScreens(t.app, imagePipeline(), () => false, 6);
    expect(done.made).toBeGreaterThan(0);
    // Asked by a shopper afterwards: served from storage, nothing drawn or encoded.
    const pipeline = imagePipeline();
    const before = pipeline.encodes;
    const [key, width] = jobs[5]!;
    const res = await get(`/media/img/v1/${key}/${width}.avif`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    expect(pipeline.encodes).toBe(before);
    expect((await warmFirstScreens(t.app, imagePipeline(), () => false, 6)).made).toBe(0);
  });
});

describe('warm-up with several instances', () => {
  it('instances starting together on PostgreSQL leave the warm-up to one (the others skip at once); embedded, the one instance runs it', async () => {
    // Two warm-ups at the same moment, as two instances' onListen hooks would start them.
    let inside = 0;
    let most = 0;
    const warm = () =>
      t.handle.tryExclusive(WARM_UP_LOCK_KEY, async () => {
        most = Math.max(most, ++inside);
        try {
          return await warmFirstScreens(t.app, imagePipeline(), () => false, 2);
        } finally {
          inside -= 1;
        }
      });
    const results = await Promise.all([warm(), warm()]);
    const ran = results.filter((r) => r.ran).length;
    if (t.handle.kind === 'postgres') {
      expect(ran).toBe(1);
      expect(most).toBe(1);
      // Released afterwards: the next start warms again (finding the variants made).
      expect((await warm()).ran).toBe(true);
    } else {
      expect(ran).toBe(2);
    }
  });
});

describe('uploads through the pipeline', () => {
  let token = '';
  beforeAll(async () => {
    token = (await signUp(t)).token;
  });

  const upload = (url: string, field: string, filename: string, type: string, bytes: Buffer, extra: Record<string, string> = {}) => {
    const body = multipart(field, filename, type, bytes, extra);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': 'en', 'idempotency-key': crypto.randomUUID() },
    });
  };

  it('a profile photo is turned upright and loses its GPS position and camera tags in the original and every variant', async () => {
    const photo = await phonePhotoWithGps();
    const sent = await sharp(photo).metadata();
    expect(hasGps(sent.exif)).toBe(true);
    expect(sent.orientation).toBe(6);
    expect(photo.includes(Buffer.from('TestPhone'))).toBe(true);
    const res = await upload('/api/profile/photo', 'photo', 'IMG_0001.jpg', 'image/jpeg', photo);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.user.profile_photo as string;
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    await expectNoMetadata(served.rawPayload);
    const meta = await sharp(served.rawPayload).metadata();
    // Orientation 6 applied: 300×200 as stored, 200×300 as seen.
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.orientation ?? 1).toBe(1);
    const key = url.split('/').pop()!.split('.')[0]!;
    for (const width of [160, 200]) {
      for (const format of ['avif', 'webp', 'jpg']) {
        const variant = await get(`/media/img/v1/${key}/${width}.${format}`);
        expect(variant.statusCode).toBe(200);
        await expectNoMetadata(variant.rawPayload);
        const vm = await sharp(variant.rawPayload).metadata();
        expect(vm.width).toBe(width);
        expect(vm.height).toBe(width * 1.5);
      }
    }
    // Upright: the red half (the photo's left) is now on top.
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const top = [data[(20 * 200 + 100) * 3]!, data[(20 * 200 + 100) * 3 + 2]!];
    expect(top[0]).toBeGreaterThan(150);
    expect(top[1]).toBeLessThan(100);
  });

  it('refuses a decompression bomb and a file that is not an image with translated 422s', async () => {
    const bomb = bombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200_000);
    const big = await upload('/api/profile/photo', 'photo', 'bomb.png', 'image/png', bomb);
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.photo).toEqual(['The photo has too many pixels: at most 50 megapixels']);
    const text = await upload('/api/profile/photo', 'photo', 'notes.jpg', 'image/jpeg', Buffer.from('GIF89a not really an image at all'));
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.photo).toEqual(['The photo must be a JPEG, PNG or WebP image']);
    // Romanian by default.
    const body = multipart('photo', 'bomb.png', 'image/png', bomb);
    const ro = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(ro.json().errors.photo).toEqual(['Fotografia are prea mulți pixeli: cel mult 50 de megapixeli']);
  });

  it('a ticket attachment goes through the same pipeline (no GPS; a bomb refused on its field)', async () => {
    const photo = await phonePhotoWithGps();
    const res = await upload('/api/support-tickets', 'attachment', 'receipt.jpg', 'image/jpeg', photo, {
      subject: 'Comanda mea',
      message: 'Am primit alt produs, vedeți poza.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json().data.ticket;
    const attachment = ticket.messages[0].attachment as { url: string };
    const served = await t.app.inject({ method: 'GET', url: attachment.url, headers: { authorization: `Bearer ${token}` } });
    expect(served.statusCode).toBe(200);
    await expectNoMetadata(served.rawPayload);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    const bomb = await upload('/api/support-tickets', 'attachment', 'bomb.png', 'image/png', bombPng(30_000, 30_000), {
      subject: 'Altă comandă',
      message: 'Mesaj cu o imagine prea mare.',
    });
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().errors.attachment).toEqual(['The attached image has too many pixels: at most 50 megapixels']);
  });
});

describe('small pictures of cart and order lines', () => {
  it('a cart line and an order line describe their picture (a 56 px slot can take a 160 px variant, not the 640 px JPEG)', async () => {
    const c = client(t);
    const shopper = await shopperWithAddress(t, c);
    type Listed = { id: number; shop_id: number; sizes: unknown[]; quantity: number; thumbnail: string; thumbnail_meta: ImageMeta | null };
    const listed = (await get('/api/products/filter?in_stock=1&per_page=60')).json().data.data as Listed[];
    const product = listed.find((p) => p.sizes.length === 0 && p.quantity >= 1 && p.thumbnail_meta)!;
    expect(product, 'a seeded photographed product without sizes').toBeDefined();

    const added = await c.post('/cart/store', { product_id: product.id, quantity: 1 }, { token: shopper.token });
    expect(added.statusCode, added.body).toBe(200);
    const lines = (await c.get('/carts', { token: shopper.token }))
      .json()
      .data.cart_items.flatMap((g: { products: unknown[] }) => g.products) as {
      product_id: number;
      thumbnail: string;
      thumbnail_meta: ImageMeta | null;
    }[];
    const line = lines.find((l) => l.product_id === product.id)!;
    expect(line.thumbnail).toBe(product.thumbnail);
    expect(line.thumbnail_meta).toEqual(product.thumbnail_meta);

    const placed = await c.post(
      '/place-order',
      { shop_ids: [product.shop_id], selected_products: [product.id], address_id: shopper.address, payment_method: 'cash' },
      { token: shopper.token, key: key() },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orders[0].id as number;
    const items = (await c.get(`/orders/${orderId}`, { token: shopper.token })).json().data.order.items as {
      thumbnail: string;
      thumbnail_meta: ImageMeta | null;
    }[];
    expect(items[0]!.thumbnail).toBe(product.thumbnail);
    expect(items[0]!.thumbnail_meta?.variants).toBe(product.thumbnail_meta!.variants);
    expect(items[0]!.thumbnail_meta?.widths).toContain(160);
  });
});
