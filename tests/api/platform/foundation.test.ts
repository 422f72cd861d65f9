/**
 * The foundation endpoints of product §7 against the real app and a real, freshly seeded
 * database (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set). One app per file.
 */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { masterResponseSchema, settingsResponseSchema } from '#contract/master.ts';
import {
  bannersResponseSchema,
  categoriesResponseSchema,
  countriesResponseSchema,
  healthResponseSchema,
  subpagesResponseSchema,
  translationsResponseSchema,
} from '#contract/content.ts';
import { errorBody, validationErrorBody } from '#contract/envelope.ts';
import { products, shops } from '#server/db/schema.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';

let t: TestApp;

test.beforeAll(async ({ testApp }) => {
  t = testApp;
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/health', () => {
  it('answers ok with the database kind in use', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = healthResponseSchema.parse(res.json());
    expect(body).toEqual({ status: 'ok', database: t.handle.kind });
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('GET /api/master', () => {
  it('answers the storefront settings of product §3 in the contract shape', async () => {
    const res = await get('/api/master');
    expect(res.statusCode).toBe(200);
    const master = masterResponseSchema.parse(res.json()).data.data;

    expect(master.app_name).toBe('Talcioc');
    expect(master.currency).toEqual({ symbol: 'lei', position: 'suffix' });
    expect(master.multi_vendor).toBe(true);
    expect(master.web_show_footer).toBe(true);
    expect(master.register_otp_verify).toBe(true);
    expect(master.register_otp_type).toBe('phone');
    expect(master.forgot_otp_type).toBe('phone');

    // primary plus shades 50..950: 12 colour values.
    expect(master.theme_colors).not.toBeNull();
    const colours = Object.values(master.theme_colors!);
    expect(colours).toHaveLength(12);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);

    expect(master.social_auths.google.is_active).toBe(false);
    expect(master.social_auths.facebook.is_active).toBe(false);
    expect(master.social_auths.apple.is_active).toBe(false);

    expect(master.filter_categories.map((g) => g.title)).toEqual(['Calitate', 'Anotimpuri']);
    for (const group of master.filter_categories) expect(group.items.length).toBeGreaterThan(0);

    expect(master.languages.map((l) => l.name)).toEqual(expect.arrayContaining(['ro', 'en']));
  });
});

describe('GET /api/settings', () => {
  it('answers the general settings in data.data', async () => {
    const res = await get('/api/settings');
    expect(res.statusCode).toBe(200);
    const settings = settingsResponseSchema.parse(res.json()).data.data;
    expect(settings.otp_length).toBe(4);
    expect(settings.otp_resend_seconds).toBe(60);
    expect(settings.customer_service_hours).toEqual({ from: '09:00', to: '17:00' });
  });
});

describe('GET /api/countries', () => {
  it('lists Romania first, then 20+ countries', async () => {
    const res = await get('/api/countries');
    expect(res.statusCode).toBe(200);
    const { countries } = countriesResponseSchema.parse(res.json()).data;
    expect(countries[0]).toMatchObject({ name: 'România', phone_code: '+40' });
    expect(countries.length).toBeGreaterThanOrEqual(20);
    for (const country of countries) expect(country.phone_code).toMatch(/^\+\d{1,4}$/);
  });
});

describe('GET /api/categories', () => {
  it('lists at least 12 categories', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    const { categories } = categoriesResponseSchema.parse(res.json()).data;
    expect(categories.length).toBeGreaterThanOrEqual(12);
    expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
  });

  it("serves the first category's thumbnail as a photograph (a JPEG of the image pipeline, ADR 043)", async () => {
    const { categories } = categoriesResponseSchema.parse((await get('/api/categories')).json()).data;
    const thumbnail = categories[0]!.thumbnail;
    const res = await get(new URL(thumbnail, 'http://localhost').pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/jpeg/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]); // JPEG start-of-image
  });
});

describe('GET /api/banners', () => {
  it('lists the active banners in data.data', async () => {
    const res = await get('/api/banners');
    expect(res.statusCode).toBe(200);
    const banners = bannersResponseSchema.parse(res.json()).data.data;
    expect(banners.length).toBeGreaterThan(0);
  });
});

describe('GET /api/subpages', () => {
  it('answers an array with the about and legal pages', async () => {
    const res = await get('/api/subpages');
    expect(res.statusCode).toBe(200);
    const pages = subpagesResponseSchema.parse(res.json());
    expect(pages.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['about-us', 'terms-and-conditions', 'privacy-policy', 'deletion-policy']),
    );
  });
});

describe('translations', () => {
  const catalogue = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    const body = translationsResponseSchema.parse(res.json());
    expect(Object.keys(body.messages).length, url).toBeGreaterThan(0);
    return body;
  };

  it('GET /api/translations/{locale} and the /api/lang/{locale} fallback answer {locale, messages}', async () => {
    const ro = await catalogue('/api/translations/ro');
    const roFallback = await catalogue('/api/lang/ro');
    const en = await catalogue('/api/translations/en');
    expect(ro.locale).toBe('ro');
    expect(en.locale).toBe('en');
    expect(roFallback).toEqual(ro);
    expect(Object.keys(en.messages).sort()).toEqual(Object.keys(ro.messages).sort());
  });

  it('an unsupported locale answers 422 with a per-field error', async () => {
    const res = await get('/api/translations/xx');
    expect(res.statusCode).toBe(422);
    const body = validationErrorBody.parse(res.json());
    expect(body.message).not.toBe('');
    expect(body.errors.locale?.length).toBeGreaterThan(0);
  });
});

describe('errors', () => {
  it('an unknown /api path answers 404 JSON with a message', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorBody.parse(res.json()).message).not.toBe('');
  });

  // No /api route validates a query string yet (GET /api/products/filter will); the media
  // routes validate their path parameters through the same zod error handler.
  it('an invalid path parameter answers 422 with per-field errors', async () => {
    const res = await get('/media/products/not-a-product.svg');
    expect(res.statusCode).toBe(422);
    const body = validationErrorBody.parse(res.json());
    expect(body.errors.file?.length).toBeGreaterThan(0);
  });

  it('a malformed JSON body gets a 4xx with a message, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(errorBody.parse(res.json()).message).not.toBe('');
  });
});

describe('seed', () => {
  it('is a believable marketplace: 6+ shops, 300+ products, some last pieces and some sold out', async () => {
    const [shopCount] = await t.db.select({ n: count() }).from(shops);
    const [productCount] = await t.db.select({ n: count() }).from(products);
    const [lastPieces] = await t.db.select({ n: count() }).from(products).where(eq(products.quantity, 1));
    const [soldOut] = await t.db.select({ n: count() }).from(products).where(eq(products.quantity, 0));
    expect(Number(shopCount!.n)).toBeGreaterThanOrEqual(6);
    expect(Number(productCount!.n)).toBeGreaterThanOrEqual(300);
    expect(Number(lastPieces!.n)).toBeGreaterThan(0);
    expect(Number(soldOut!.n)).toBeGreaterThan(0);
  });
});
