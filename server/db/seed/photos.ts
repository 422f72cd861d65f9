/**
 * The seeded catalog's photographs (issue 15, ADR 043). Every product gets 3–5 photos (front,
 * detail, label, back, wear), every category, shop logo, shop banner and home banner one, as
 * rows of `images` with a recipe (server/media/photo.ts): size and ThumbHash are known now, the
 * JPEG original is drawn on first request and then kept (the pipeline), so seeding stays quick.
 *
 * Runs after the seed and on any older seeded database: only rows still pointing at a generated
 * SVG are changed, so it is idempotent. Placeholders of the standard seed are read from
 * photo-placeholders.json (made by `npm run seed:placeholders`); any other is computed here.
 */
import { readFileSync } from 'node:fs';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { attributeOptions, banners, categories, images, productColors, productImages, products, shops } from '../schema.ts';
import { PRODUCT_VIEWS, recipeKey, type PhotoRecipe } from '#server/media/photo.ts';
import { generatedImage, type ImageRecord } from '#server/media/pipeline.ts';
import { variantsPath } from '#server/repositories/image-meta.ts';
import { chunks } from './seed-helpers.ts';

/** URL given in the spec's own field (`url`, `thumbnail`, `logo`…) for clients that know no variants. */
const plainUrl = (key: string, width: number) => `${variantsPath(key)}/${width}.jpg`;

let known: Map<string, string> | undefined;
function knownPlaceholders(): Map<string, string> {
  if (!known) {
    try {
      known = new Map(
        Object.entries(JSON.parse(readFileSync(new URL('./photo-placeholders.json', import.meta.url), 'utf8')) as Record<string, string>),
      );
    } catch {
      known = new Map();
    }
  }
  return known;
}

async function records(recipes: PhotoRecipe[]): Promise<ImageRecord[]> {
  const table = knownPlaceholders();
  const out: ImageRecord[] = new Array(recipes.length);
  let next = 0;
  // A few at a time: sharp draws the small scenes on its own threads.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < recipes.length) {
        const i = next++;
        const recipe = recipes[i]!;
        const placeholder = table.get(recipeKey(recipe));
        out[i] = await generatedImage(recipe, placeholder);
      }
    }),
  );
  return out;
}

async function insertImages(db: Database, rows: ImageRecord[]) {
  for (const batch of chunks(rows)) await db.insert(images).values(batch).onConflictDoNothing();
}

/** Products still shown as SVG: their photos. */
async function productPhotos(db: Database): Promise<number> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      categorySlug: categories.slug,
      colour: sql<
        string | null
      >`(SELECT ${attributeOptions.name} FROM ${productColors} JOIN ${attributeOptions} ON ${attributeOptions.id} = ${productColors.colorId} WHERE ${productColors.productId} = ${products.id} ORDER BY ${productColors.id} LIMIT 1)`,
      imageCount: sql<number>`(SELECT count(*) FROM ${productImages} WHERE ${productImages.productId} = ${products.id})`.mapWith(Number),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(isNull(products.thumbnailKey), like(products.thumbnail, '/media/products/%')))
    .orderBy(asc(products.id));
  if (!rows.length) return 0;
  // 3 photos for a product that had 1 illustration, 4 for 2, 5 for 3.
  const plans = rows.map((p) => ({
    id: p.id,
    recipes: Array.from({ length: Math.min(PRODUCT_VIEWS, Math.max(1, p.imageCount) + 2) }, (_, i): PhotoRecipe => ({
      kind: 'product',
      productId: p.id,
      view: i + 1,
      name: p.name,
      categorySlug: p.categorySlug,
      colour: p.colour,
      brand: p.brand,
    })),
  }));
  const made = await records(plans.flatMap((p) => p.recipes));
  await insertImages(db, made);
  let at = 0;
  const gallery = plans.flatMap((p) => p.recipes.map((_, position) => ({ productId: p.id, key: made[at++]!.key, position })));
  const ids = plans.map((p) => p.id);
  for (const batch of chunks(ids)) await db.delete(productImages).where(inArray(productImages.productId, batch));
  for (const batch of chunks(gallery)) {
    await db
      .insert(productImages)
      .values(batch.map((g) => ({ productId: g.productId, url: plainUrl(g.key, 1280), imageKey: g.key, position: g.position })));
  }
  const firsts = gallery.filter((g) => g.position === 0);
  for (const batch of chunks(firsts)) {
    const values = sql.join(
      batch.map((g) => sql`(${g.productId}::int, ${plainUrl(g.key, 640)}, ${g.key})`),
      sql`, `,
    );
    await db.execute(
      sql`UPDATE ${products} SET thumbnail = v.thumbnail, thumbnail_key = v.key FROM (VALUES ${values}) AS v(id, thumbnail, key) WHERE ${products.id} = v.id`,
    );
  }
  return made.length;
}

async function categoryPhotos(db: Database): Promise<number> {
  const rows = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(and(isNull(categories.thumbnailKey), like(categories.thumbnail, '/media/categories/%')));
  const made = await records(rows.map((c): PhotoRecipe => ({ kind: 'category', slug: c.slug, name: c.name })));
  await insertImages(db, made);
  for (const [i, c] of rows.entries())
    await db
      .update(categories)
      .set({ thumbnail: plainUrl(made[i]!.key, 320), thumbnailKey: made[i]!.key })
      .where(eq(categories.id, c.id));
  return made.length;
}

async function shopPhotos(db: Database): Promise<number> {
  const rows = await db
    .select({ id: shops.id, name: shops.name, city: shops.city })
    .from(shops)
    .where(and(isNull(shops.logoKey), like(shops.logo, '/media/shops/%')));
  let n = 0;
  for (const shop of rows) {
    const goods = await db
      .select({
        name: products.name,
        categorySlug: categories.slug,
        colour: sql<
          string | null
        >`(SELECT ${attributeOptions.name} FROM ${productColors} JOIN ${attributeOptions} ON ${attributeOptions.id} = ${productColors.colorId} WHERE ${productColors.productId} = ${products.id} ORDER BY ${productColors.id} LIMIT 1)`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.shopId, shop.id))
      .orderBy(asc(products.id))
      .limit(4);
    const [logo, banner] = await records([
      { kind: 'shop-logo', shopId: shop.id, name: shop.name },
      { kind: 'shop-banner', shopId: shop.id, name: shop.name, city: shop.city, arts: goods },
    ]);
    await insertImages(db, [logo!, banner!]);
    await db
      .update(shops)
      .set({ logo: plainUrl(logo!.key, 320), logoKey: logo!.key, banner: plainUrl(banner!.key, 1280), bannerKey: banner!.key })
      .where(eq(shops.id, shop.id));
    n += 2;
  }
  return n;
}

async function bannerPhotos(db: Database): Promise<number> {
  const rows = await db
    .select({ id: banners.id, title: banners.title, subtitle: banners.subtitle })
    .from(banners)
    .where(and(isNull(banners.imageKey), like(banners.image, '/media/banners/%')));
  const made = await records(rows.map((b): PhotoRecipe => ({ kind: 'banner', bannerId: b.id, title: b.title, subtitle: b.subtitle })));
  await insertImages(db, made);
  for (const [i, b] of rows.entries())
    await db
      .update(banners)
      .set({ image: plainUrl(made[i]!.key, 1280), imageKey: made[i]!.key })
      .where(eq(banners.id, b.id));
  return made.length;
}

/** Gives the seeded catalog its photos; answers how many images were registered (0 when done before). */
export async function attachSeedPhotos(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    return (await productPhotos(db)) + (await categoryPhotos(db)) + (await shopPhotos(db)) + (await bannerPhotos(db));
  });
}
