/** Public content: countries, categories, banners, subpages. */
import { asc, count, eq, and } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { banners, categories, countries, products, subpages } from '#server/db/schema.ts';
import { imageMeta } from './image-meta.ts';

export function listCountries(db: Database) {
  return db
    .select({ name: countries.name, phone_code: countries.phoneCode, iso_code: countries.isoCode })
    .from(countries)
    .orderBy(asc(countries.position), asc(countries.name));
}

export function listCategories(db: Database) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      thumbnail: categories.thumbnail,
      thumbnail_meta: imageMeta(categories.thumbnailKey),
      products_count: count(products.id),
    })
    .from(categories)
    .leftJoin(products, and(eq(products.categoryId, categories.id), eq(products.isActive, true)))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.id));
}

export function listActiveBanners(db: Database) {
  return db
    .select({
      id: banners.id,
      title: banners.title,
      subtitle: banners.subtitle,
      image: banners.image,
      image_meta: imageMeta(banners.imageKey),
      link: banners.link,
      shop_id: banners.shopId,
    })
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(asc(banners.position), asc(banners.id));
}

export function listSubpages(db: Database) {
  return db
    .select({ id: subpages.id, title: subpages.title, slug: subpages.slug, section: subpages.section, content: subpages.content })
    .from(subpages)
    .orderBy(asc(subpages.section), asc(subpages.position), asc(subpages.id));
}
