/**
 * Deterministic Romanian marketplace seed, written in one transaction when the database is
 * empty (no shops). Rows are inserted in batches; image columns point at /media/... SVGs
 * rendered on request by server/routes/media.ts, then seed/photos.ts gives products, categories,
 * shops and banners their photographs (issue 15; flash sales and video posters stay SVG).
 */
import { count, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  attributeOptions,
  banners,
  categories,
  countries,
  deliveryWeights,
  flashSaleProducts,
  flashSales,
  languages,
  manufacturers,
  productColors,
  productImages,
  productSizes,
  products,
  productVideos,
  searchFolding,
  settings,
  shops,
  subpages,
  vouchers,
} from '../schema.ts';
import { attributeRows } from './attributes.ts';
import { categoryRows } from './categories.ts';
import { BANNERS, SUBPAGES } from './content.ts';
import { countryRows } from './countries.ts';
import { discountOf, generateProducts } from './products.ts';
import { FLASH_SALES, voucherDefs } from './promotions.ts';
import { createRandom } from '#server/lib/random.ts';
import { chunks, DAY_MS } from './seed-helpers.ts';
import { generalSettings, languageRows, masterSettings } from './settings.ts';
import { SHOPS } from './shops.ts';
import { productSearchText, searchFoldingVersion } from '#server/lib/search-text.ts';
import { attachSeedPhotos } from './photos.ts';
import { priceStory } from './price-histories.ts';
import { seedReviews } from './reviews.ts';
import { seedConditionOf, seedIdentifierOf, seedManufacturerOf, seedTraderOf, seedWarningsOf } from './trader-safety.ts';

const SEED = 20240917;
const VIDEO_PRODUCTS = 10;

export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(shops);
  if (existing && existing.n > 0) {
    // A database seeded before the photographs (issue 15) gets them now; a no-op afterwards.
    await attachSeedPhotos(db);
    return false;
  }

  const rng = createRandom(SEED);
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY_MS);
  const drafts = generateProducts(rng);
  // Each listing's price history (issue 36): its own random stream, so the catalogue is unchanged.
  const historyRng = createRandom(SEED + 36);
  const stories = new Map(drafts.map((d) => [d.slug, priceStory(historyRng, d)]));

  await db.transaction(async (tx) => {
    await tx.insert(settings).values([
      { key: 'master', value: masterSettings },
      { key: 'general', value: generalSettings },
    ]);
    // The products' search_text below is written with today's search folding (issue 40).
    await tx.insert(searchFolding).values({ name: 'search_text', version: searchFoldingVersion() });
    await tx.insert(languages).values(languageRows);
    await tx.insert(countries).values(countryRows);

    const options = await tx
      .insert(attributeOptions)
      .values(attributeRows())
      .returning({ id: attributeOptions.id, kind: attributeOptions.kind, name: attributeOptions.name });
    const optionId = (kind: string, name: string) => {
      const found = options.find((o) => o.kind === kind && o.name === name);
      if (!found) throw new Error(`seed: no ${kind} option ${name}`);
      return found.id;
    };

    const categoryIds = new Map(
      (await tx.insert(categories).values(categoryRows).returning({ id: categories.id, slug: categories.slug })).map((c) => [c.slug, c.id]),
    );

    const shopIds = new Map(
      (
        await tx
          .insert(shops)
          .values(
            SHOPS.map((s) => ({
              name: s.name,
              slug: s.slug,
              logo: `/media/shops/${s.slug}/logo.svg`,
              banner: `/media/shops/${s.slug}/banner.svg`,
              description: s.description,
              city: s.city,
              phone: s.phone,
              email: s.email,
              createdAt: at(-s.joinedDaysAgo),
              ...seedTraderOf(s.slug, at),
            })),
          )
          .returning({ id: shops.id, slug: shops.slug })
      ).map((s) => [s.slug, s.id]),
    );
    const shopId = (slug: string) => shopIds.get(slug)!;
    // products.search_text: name, brand, category, shop and description (ADR 046, issue #13).
    const shopName = (slug: string) => SHOPS.find((s) => s.slug === slug)!.name;
    const categoryName = (slug: string) => categoryRows.find((c) => c.slug === slug)!.name;

    await tx.insert(deliveryWeights).values(
      SHOPS.flatMap((s) => [
        { shopId: shopId(s.slug), minWeight: 0, maxWeight: 1, price: s.delivery[0] },
        { shopId: shopId(s.slug), minWeight: 1.001, maxWeight: 5, price: s.delivery[1] },
        { shopId: shopId(s.slug), minWeight: 5.001, maxWeight: 30, price: s.delivery[2] },
      ]),
    );

    // Manufacturers by brand (issue 36, GPSR): one row per company.
    const makers = new Map<string, NonNullable<ReturnType<typeof seedManufacturerOf>>>();
    for (const d of drafts) {
      const maker = seedManufacturerOf(d.brand);
      if (maker && !makers.has(maker.name)) makers.set(maker.name, maker);
    }
    const makerIds = new Map(
      (
        await tx
          .insert(manufacturers)
          .values([...makers.values()])
          .returning({ id: manufacturers.id, name: manufacturers.name })
      ).map((m) => [m.name, m.id]),
    );

    // Products, oldest first; the thumbnail needs the id, so it is set by one UPDATE afterwards.
    const productIds = new Map<string, number>();
    let draftIndex = 0;
    for (const batch of chunks(drafts)) {
      const inserted = await tx
        .insert(products)
        .values(
          batch.map((d) => ({
            shopId: shopId(d.shopSlug),
            categoryId: categoryIds.get(d.categorySlug)!,
            name: d.name,
            slug: d.slug,
            brand: d.brand,
            description: d.description,
            thumbnail: '',
            // The listing's first price; the later changes are replayed below.
            price: stories.get(d.slug)!.listing.price,
            discountPrice: stories.get(d.slug)!.listing.discountPrice,
            quantity: d.quantity,
            totalSold: d.totalSold,
            weight: d.weight,
            seasonId: d.season ? optionId('season', d.season) : null,
            qualityId: optionId('quality', d.quality),
            ...seedConditionOf(d.quality, d.description, draftIndex++),
            manufacturerId: d.brand ? makerIds.get(seedManufacturerOf(d.brand)!.name)! : null,
            productIdentifier: seedIdentifierOf(d.categorySlug, d.name, d.slug),
            safetyWarnings: seedWarningsOf(d.categorySlug, d.name),
            createdAt: at(-d.daysAgo),
            searchText: productSearchText({
              name: d.name,
              brand: d.brand,
              categoryName: categoryName(d.categorySlug),
              shopName: shopName(d.shopSlug),
              description: d.description,
            }),
          })),
        )
        .returning({ id: products.id, slug: products.slug });
      for (const row of inserted) productIds.set(row.slug, row.id);
    }
    await tx
      .update(products)
      .set({ thumbnail: sql`'/media/products/' || ${products.id} || '-1.svg'` })
      .where(sql`${products.thumbnail} = ''`);

    const idOf = (slug: string) => productIds.get(slug)!;
    const images = drafts.flatMap((d) =>
      Array.from({ length: d.imageCount }, (_, i) => ({
        productId: idOf(d.slug),
        url: `/media/products/${idOf(d.slug)}-${i + 1}.svg`,
        position: i,
      })),
    );
    const sizes = drafts.flatMap((d) =>
      d.sizes.map((s) => ({ productId: idOf(d.slug), sizeId: optionId('size', s.name), price: s.price })),
    );
    const colours = drafts.flatMap((d) => d.colours.map((c) => ({ productId: idOf(d.slug), colorId: optionId('color', c) })));
    for (const batch of chunks(images)) await tx.insert(productImages).values(batch);
    for (const batch of chunks(sizes)) await tx.insert(productSizes).values(batch);
    for (const batch of chunks(colours)) await tx.insert(productColors).values(batch);

    const inStock = drafts.filter((d) => d.quantity > 0);
    const withVideo = rng.sample(
      inStock.filter((d) => d.imageCount > 1 && d.categorySlug !== 'carti'),
      VIDEO_PRODUCTS,
    );
    await tx.insert(productVideos).values(
      withVideo.map((d) => ({
        productId: idOf(d.slug),
        url: '/media/videos/demo.mp4',
        thumbnail: `/media/products/${idOf(d.slug)}-video.svg`,
      })),
    );

    await tx.insert(banners).values(
      BANNERS.map((b, position) => ({
        title: b.title,
        subtitle: b.subtitle,
        image: '',
        link: b.shopSlug ? `/shops/${shopId(b.shopSlug)}` : b.link,
        shopId: b.shopSlug ? shopId(b.shopSlug) : null,
        position,
        isActive: b.isActive,
      })),
    );
    await tx
      .update(banners)
      .set({ image: sql`'/media/banners/' || ${banners.id} || '.svg'` })
      .where(sql`${banners.image} = ''`);

    await tx
      .insert(vouchers)
      .values(SHOPS.flatMap((s) => voucherDefs(s).map((v) => ({ ...v, shopId: shopId(s.slug), startsAt: at(-30), expiresAt: at(60) }))));

    await tx.insert(subpages).values(SUBPAGES.map((p, position) => ({ ...p, position })));

    // Flash sales: distinct in-stock products at prices below what they cost today.
    const saleInsert = await tx
      .insert(flashSales)
      .values(
        FLASH_SALES.map((f) => ({
          name: f.name,
          description: f.description,
          thumbnail: '',
          startsAt: at(f.startsInDays),
          endsAt: at(f.endsInDays),
        })),
      )
      .returning({ id: flashSales.id, name: flashSales.name });
    await tx
      .update(flashSales)
      .set({ thumbnail: sql`'/media/flash-sales/' || ${flashSales.id} || '.svg'` })
      .where(sql`${flashSales.thumbnail} = ''`);
    const candidates = rng.shuffle(inStock.filter((d) => d.price >= 15));
    let next = 0;
    const saleRows = FLASH_SALES.flatMap((f) =>
      candidates.slice(next, (next += f.products)).map((d) => ({
        flashSaleId: saleInsert.find((s) => s.name === f.name)!.id,
        productId: idOf(d.slug),
        salePrice: discountOf(rng, d.discountPrice > 0 ? d.discountPrice : d.price, 0.15, 0.35),
      })),
    );
    await tx.insert(flashSaleProducts).values(saleRows);

    // The price changes since listing, oldest first, each at its own time (talcioc.price_clock, for
    // this transaction only): the triggers of migration 0013 record them and keep the prior prices
    // of reductions and of the sales that had not started then.
    const changes = drafts
      .flatMap((d) => stories.get(d.slug)!.steps.map((step) => ({ id: idOf(d.slug), ...step })))
      .sort((a, b) => b.daysAgo - a.daysAgo);
    // One block of statements (one round trip; a statement each cost the first start seconds).
    // Every value is the seed's own number or date, checked here before it is written into SQL.
    const steps = changes.map((change) => {
      const values = [change.id, change.price, change.discountPrice];
      if (!values.every(Number.isFinite)) throw new Error(`Seed price change of product ${change.id} is not a number.`);
      return `PERFORM set_config('talcioc.price_clock', '${at(-change.daysAgo).toISOString()}', true);
        UPDATE products SET price = ${change.price}, discount_price = ${change.discountPrice} WHERE id = ${change.id};`;
    });
    if (steps.length)
      await tx.execute(sql.raw(`DO $$ BEGIN ${steps.join('\n')} PERFORM set_config('talcioc.price_clock', '', true); END $$`));
    // Ratings from delivered orders and their reviews (issue 37), with a generator of their own so
    // the rest of the seed stays as it was.
    await seedReviews(tx as unknown as Database, createRandom(SEED + 37), {
      shops: SHOPS,
      shopId,
      products: drafts.map((d) => ({ ...d, id: idOf(d.slug) })),
      now,
    });
  });
  // Photographs for products, categories, shops and banners (issue 15): rows now, JPEGs on first request.
  await attachSeedPhotos(db);
  return true;
}
