/**
 * Issue 36 (ADR 031): known traders and what the item is.
 * - every listed shop answers its trader identity (shop page, product details, checkout groups);
 * - a shop without a complete identity is not listed: its products leave lists, search, facets and
 *   the shop list, its pages answer 410, and its products are refused at cart, checkout and
 *   place-order with a message naming the product;
 * - the operator command refuses invalid values with specific messages, and sets or clears;
 * - condition: filter, facet counts, the notes rule (API shape and the database's check);
 * - the safety information in the details.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  productDetailsResponseSchema,
  productFacetsResponseSchema,
  productSearchResponseSchema,
  shopDetailsResponseSchema,
  shopListResponseSchema,
} from '#contract/catalog.ts';
import { checkoutResponseSchema } from '#contract/checkout.ts';
import { PRODUCT_CONDITIONS } from '#contract/item-condition.ts';
import { categories, manufacturers, products, shops } from '#server/db/schema.ts';
import { runShopTraderCommand } from '#server/services/shop-trader-command.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { key, makeProduct, makeShop, shopperWithAddress } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;

test.override('appOptions', { env: { CATALOG_CACHE_SECONDS: '0' } });
test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
});

const VALID = [
  '--legal-name',
  'Exemplu Comerț SRL',
  '--cui',
  'RO14399840',
  '--registration',
  'J40/372/2002',
  '--address',
  'Str. Exemplului nr. 1, 010101 București',
  '--email',
  'juridic@exemplu.ro',
  '--phone',
  '0744 123 456',
];

describe('the trader identity on the wire', () => {
  it('GET /api/shops/{id} and product details answer the seeded shop’s identity; the checkout’s shop group carries it', async () => {
    const [shop] = await t.db.select().from(shops).orderBy(shops.id).limit(1);
    const res = await c.get(`/shops/${shop!.id}`);
    expect(res.statusCode).toBe(200);
    const { trader } = shopDetailsResponseSchema.parse(res.json()).data.shop;
    expect(trader).toEqual({
      legal_name: shop!.traderLegalName,
      cui: shop!.traderCui,
      registration_number: shop!.traderRegistrationNumber,
      address: shop!.traderAddress,
      email: shop!.traderEmail,
      phone: shop!.traderPhone,
      certified_at: shop!.traderCertifiedAt!.toISOString(),
    });
    expect(trader.phone).toMatch(/^\+40\d{9}$/);
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shop!.id), eq(products.isActive, true)))
      .limit(1);
    const details = productDetailsResponseSchema.parse((await c.get(`/products/${product!.id}`)).json()).data.product;
    expect(details.trader).toEqual(trader);

    const own = await makeShop(t);
    const item = await makeProduct(t, own.id, { price: 50 });
    const ana = await shopperWithAddress(t, c);
    expect((await c.post('/cart/store', { product_id: item.id, quantity: 1 }, { token: ana.token, key: key() })).statusCode).toBe(200);
    const summary = await c.post('/cart/checkout', { shop_ids: [own.id], selected_products: [item.id] }, { token: ana.token });
    expect(summary.statusCode, summary.body).toBe(200);
    const group = checkoutResponseSchema.parse(summary.json()).data.checkout_items[0]!;
    expect(group.trader).toMatchObject({ legal_name: 'Magazin de Test SRL', cui: '14399840', registration_number: 'J40/372/2002' });
  });
});

describe('a shop without a complete trader identity is not listed', () => {
  it('leaves lists, search, facets and the shop list; its pages answer 410; it comes back with its identity', async () => {
    const shop = await makeShop(t);
    const name = 'Sfeșnic Quorvant de alamă';
    const item = await makeProduct(t, shop.id, { price: 80 });
    await t.db.update(products).set({ name, searchText: 'sfesnic quorvant de alama' }).where(eq(products.id, item.id));
    const listed = async () => {
      const search = productSearchResponseSchema.parse((await c.get('/products?search=quorvant')).json()).data.data;
      const byShop = productSearchResponseSchema.parse((await c.get(`/products/filter?shop=${shop.id}`)).json()).data.data;
      const facets = productFacetsResponseSchema.parse((await c.get(`/products/facets?shop=${shop.id}`)).json()).data;
      const shopList = shopListResponseSchema.parse((await c.get('/shops?per_page=60')).json()).data.data;
      return {
        search: search.map((p) => p.id),
        byShop: byShop.map((p) => p.id),
        total: facets.total,
        inShopList: shopList.some((s) => s.id === shop.id),
        shopPage: (await c.get(`/shops/${shop.id}`)).statusCode,
        productPage: (await c.get(`/products/${item.id}`)).statusCode,
      };
    };
    expect(await listed()).toEqual({ search: [item.id], byShop: [item.id], total: 1, inShopList: true, shopPage: 200, productPage: 200 });

    // One part missing is enough (here the registered address).
    await t.db.update(shops).set({ traderAddress: null }).where(eq(shops.id, shop.id));
    expect(await listed()).toEqual({ search: [], byShop: [], total: 0, inShopList: false, shopPage: 410, productPage: 410 });
    const gone = await c.get(`/products/${item.id}`, { lang: 'ro' });
    expect(gone.json().message).toMatch(/nu mai este listat.*datele de identificare/);
    // The app shows the shop's screen for it (contract GONE_REASONS).
    expect(gone.json().reason).toBe('shop_unlisted');
    expect((await c.get(`/shops/${shop.id}`)).json().reason).toBe('shop_unlisted');
    expect((await c.get(`/shops/${shop.id}`, { lang: 'en' })).json().message).toBe(
      'This shop is not listed: it has not given its business identity.',
    );

    expect(await runShopTraderCommand(t.db, ['shop:trader', String(shop.id), ...VALID])).toMatch(/is listed/);
    expect(await listed()).toEqual({ search: [item.id], byShop: [item.id], total: 1, inShopList: true, shopPage: 200, productPage: 200 });
  });

  it('the development operator route mirrors shop:trader: clears (410s), refuses bad values field by field, sets (listed again)', async () => {
    const shop = await makeShop(t);
    const item = await makeProduct(t, shop.id, { price: 70 });
    const put = (id: number, trader: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/dev/operator/shops/${id}/trader`,
        payload: { trader },
        headers: { 'accept-language': 'en' },
      });
    const pages = async () => [(await c.get(`/shops/${shop.id}`)).statusCode, (await c.get(`/products/${item.id}`)).statusCode];

    const cleared = await put(shop.id, null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.shop).toEqual({ id: shop.id, name: shop.name, listed: false, trader: null });
    expect(await pages()).toEqual([410, 410]);

    const wrong = await put(shop.id, {
      legal_name: 'Exemplu Comerț',
      cui: '14399841',
      registration_number: 'J40/372/2002',
      address: 'Str. Exemplului nr. 1, 010101 București',
      email: 'juridic@exemplu.ro',
      phone: '0744 123 456',
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors ?? {}).sort()).toEqual(['trader.cui', 'trader.legal_name']);
    expect(await pages(), 'nothing written').toEqual([410, 410]);

    const set = await put(shop.id, {
      legal_name: 'Exemplu Comerț SRL',
      cui: 'RO14399840',
      registration_number: 'J40/372/2002',
      address: 'Str. Exemplului nr. 1, 010101 București',
      email: 'juridic@exemplu.ro',
      phone: '0744 123 456',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.shop).toMatchObject({ listed: true, trader: { legal_name: 'Exemplu Comerț SRL', cui: '14399840' } });
    expect(await pages()).toEqual([200, 200]);
    expect((await put(2_000_000_000, null)).statusCode).toBe(404);
  });

  it('its products are refused at cart, checkout and place-order, naming the product', async () => {
    const shop = await makeShop(t);
    const item = await makeProduct(t, shop.id, { price: 60, quantity: 3 });
    const ana = await shopperWithAddress(t, c, 'Ana Trader');
    expect((await c.post('/cart/store', { product_id: item.id, quantity: 1 }, { token: ana.token, key: key() })).statusCode).toBe(200);

    await t.db.update(shops).set({ traderCui: null }).where(eq(shops.id, shop.id));
    const again = await c.post('/cart/store', { product_id: item.id, quantity: 1 }, { token: ana.token, key: key(), lang: 'en' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(
      `“${item.name}” cannot be ordered: its seller has not given its business identity, so its products are not listed now.`,
    );

    const body = { shop_ids: [shop.id], selected_products: [item.id] };
    const summary = await c.post('/cart/checkout', body, { token: ana.token, lang: 'ro' });
    expect(summary.statusCode).toBe(422);
    expect(summary.json().message).toContain(`„${item.name}” nu poate fi comandat`);

    const order = await c.post(
      '/place-order',
      { ...body, address_id: ana.address, payment_method: 'cash' },
      { token: ana.token, key: key(), lang: 'en' },
    );
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toContain(`“${item.name}” cannot be ordered`);
    const [row] = await t.db.select({ quantity: products.quantity }).from(products).where(eq(products.id, item.id));
    expect(row!.quantity, 'no stock taken').toBe(3);

    const buyNow = await c.post(
      '/buy-now',
      { product_id: item.id, quantity: 1, address_id: ana.address, payment_method: 'cash' },
      { token: ana.token, key: key(), lang: 'en' },
    );
    expect([409, 422]).toContain(buyNow.statusCode);
    expect(buyNow.json().message).toContain(`“${item.name}” cannot be ordered`);
  });
});

describe('npm run ops -- shop:trader', () => {
  const run = (shopId: number, ...args: string[]) => runShopTraderCommand(t.db, ['shop:trader', String(shopId), ...args]);
  const withValue = (option: string, value: string) => VALID.map((v, i) => (VALID[i - 1] === option ? value : v));

  it('refuses each invalid value with its own message and writes nothing', async () => {
    const shop = await makeShop(t, undefined, false);
    const cases: [string, string, RegExp][] = [
      ['--cui', '14399841', /--cui: The CUI is not valid/],
      ['--cui', 'RO0143998', /--cui: The CUI is not valid/],
      ['--cui', '1', /--cui: The CUI is not valid/],
      ['--cui', '12345678901', /--cui: The CUI is not valid/],
      ['--cui', 'ROABC', /--cui: The CUI is not valid/],
      ['--registration', 'J40-1234-2019', /--registration: The trade-register number/],
      ['--registration', 'J99/1234/2019', /--registration: The trade-register number/],
      ['--registration', 'J20240012340', /--registration: The trade-register number/],
      ['--phone', '0800 800 800', /--phone: The phone must be a Romanian number/],
      ['--phone', '+33 6 12 34 56 78', /--phone: The phone must be a Romanian number/],
      ['--email', 'juridic@', /--email: The e-mail address is not valid/],
      ['--legal-name', 'Exemplu Comerț', /--legal-name: The legal name must include the legal form/],
      ['--address', 'București', /--address: The registered address must be 10 to 300 characters/],
    ];
    for (const [option, value, message] of cases)
      await expect(run(shop.id, ...withValue(option, value)), `${option} ${value}`).rejects.toThrow(message);
    await expect(run(shop.id, '--cui', '14399840')).rejects.toThrow(/--legal-name is required/);
    await expect(run(999_999)).rejects.toThrow('No shop 999999.');
    expect(await run(shop.id)).toMatch(/has no complete trader identity: it is NOT listed/);
    const [row] = await t.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row!.traderListed).toBe(false);
  });

  it('accepts both register formats and "RO"; stores the CUI digits and the phone in E.164; --clear unlists', async () => {
    const shop = await makeShop(t, undefined, false);
    const item = await makeProduct(t, shop.id);
    expect(await run(shop.id, ...withValue('--registration', 'J2024001234001'))).toMatch(/is listed/);
    const [row] = await t.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row).toMatchObject({
      traderCui: '14399840',
      traderRegistrationNumber: 'J2024001234001',
      traderPhone: '+40744123456',
      traderListed: true,
    });
    const [listed] = await t.db.select({ on: products.shopListed }).from(products).where(eq(products.id, item.id));
    expect(listed!.on, 'the trigger copies the shop’s listing to its products').toBe(true);
    expect(await run(shop.id, '--clear')).toMatch(/no longer listed/);
    const [after] = await t.db.select({ on: products.shopListed }).from(products).where(eq(products.id, item.id));
    expect(after!.on).toBe(false);
  });
});

describe('condition', () => {
  it('is on every card; the filter and its facet counts agree with the database; notes come with the details', async () => {
    const truth = await t.db
      .select({ condition: products.condition, n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.isActive, true), eq(products.shopListed, true)))
      .groupBy(products.condition);
    const facets = productFacetsResponseSchema.parse((await c.get('/products/facets')).json()).data;
    expect(facets.conditions).toEqual(
      PRODUCT_CONDITIONS.flatMap((value) => {
        const n = truth.find((r) => r.condition === value)?.n ?? 0;
        return n ? [{ value, count: n }] : [];
      }),
    );
    expect(facets.conditions.length, 'the seed has every condition').toBe(5);
    // The facet leaves its own filter out (what ticking another would add); the total follows it.
    const filtered = productFacetsResponseSchema.parse((await c.get('/products/facets?condition=good,satisfactory')).json()).data;
    expect(filtered.conditions).toEqual(facets.conditions);
    const worn = (truth.find((r) => r.condition === 'good')?.n ?? 0) + (truth.find((r) => r.condition === 'satisfactory')?.n ?? 0);
    expect(filtered.total).toBe(worn);

    const list = productSearchResponseSchema.parse((await c.get('/products/filter?condition=satisfactory&per_page=60')).json()).data;
    expect(list.meta.total).toBe(truth.find((r) => r.condition === 'satisfactory')!.n);
    expect(list.data.every((p) => p.condition === 'satisfactory')).toBe(true);
    const details = productDetailsResponseSchema.parse((await c.get(`/products/${list.data[0]!.id}`)).json()).data.product;
    expect(details.condition).toBe('satisfactory');
    expect(details.condition_notes?.length).toBeGreaterThan(10);

    const bad = await c.get('/products?condition=mint', { lang: 'en' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toContain('new_with_tags, new_without_tags, very_good, good, satisfactory');
  });

  it('the database refuses a product below very_good without notes', async () => {
    const shop = await makeShop(t);
    await expect(makeProduct(t, shop.id, { condition: 'good' })).rejects.toThrow();
    await expect(makeProduct(t, shop.id, { condition: 'satisfactory', conditionNotes: '   ' })).rejects.toThrow();
    const ok = await makeProduct(t, shop.id, { condition: 'good', conditionNotes: 'Un nasture lipsă.' });
    expect(ok.condition).toBe('good');
  });
});

describe('product safety information (GPSR art. 19)', () => {
  it('toys and electrical items carry warnings; a manufacturer outside the EU comes with its EU responsible person', async () => {
    const pick = async (slug: string) => {
      const [row] = await t.db
        .select({ id: products.id })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(eq(categories.slug, slug), eq(products.isActive, true), sql`${products.brand} IS NOT NULL`))
        .limit(1);
      return productDetailsResponseSchema.parse((await c.get(`/products/${row!.id}`)).json()).data.product.safety;
    };
    const toy = await pick('jucarii');
    expect(toy.warnings).toMatch(/sub 3 ani/);
    const phone = await pick('telefoane');
    expect(phone.warnings).toMatch(/DEEE/);
    expect(phone.identifier).toMatch(/^Model: /);

    const [outside] = await t.db
      .select({ id: products.id, maker: manufacturers.name })
      .from(products)
      .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
      .where(
        and(sql`${manufacturers.countryCode} NOT IN ('RO', 'DE', 'ES', 'FR', 'IT')`, sql`${manufacturers.euResponsibleName} IS NOT NULL`),
      )
      .limit(1);
    const safety = productDetailsResponseSchema.parse((await c.get(`/products/${outside!.id}`)).json()).data.product.safety;
    expect(safety.manufacturer?.name).toBe(outside!.maker);
    expect(safety.eu_responsible).toMatchObject({ name: expect.stringContaining('Europe') });

    const [inside] = await t.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
      .where(eq(manufacturers.countryCode, 'ES'))
      .limit(1);
    const eu = productDetailsResponseSchema.parse((await c.get(`/products/${inside!.id}`)).json()).data.product.safety;
    expect(eu.manufacturer?.country_code).toBe('ES');
    expect(eu.eu_responsible).toBeNull();
    // The database itself refuses a manufacturer outside the EU without a responsible person.
    await expect(t.db.insert(manufacturers).values({ name: 'X', address: 'Y', email: 'z@z.z', countryCode: 'CN' })).rejects.toThrow();
  });
});
