/**
 * The catalog's wire contract (issue #3): products, shops, category pages, home sections and
 * flash sales, in the spirit of product §7 — lists answer `data.data` plus `data.meta`
 * {current_page, last_page, total, per_page}; single resources answer `data.<name>`.
 * Products carry every product §3 Product field. Used by the server (validation and
 * serialisation) and by the client (types only, plus `productListQuerySchema` constants).
 */
import { z } from 'zod';
import { envelope } from './envelope.ts';
import { categorySchema } from './content.ts';
import { imageMetaSchema } from './images.ts';
import { DEFAULT_PAGE, PRODUCT_SORTS, MAX_PER_PAGE, MAX_SEARCH_LENGTH, MAX_SUGGESTIONS } from './catalog-constants.ts';
import { PRODUCT_CONDITIONS } from './item-condition.ts';
import { traderSchema } from './trader.ts';

const option = z.object({ id: z.number(), name: z.string() });

/** Product §3 Size option: price is the surcharge added to the product's price. */
export const sizeOptionSchema = z.object({ id: z.number(), name: z.string(), price: z.number() });
export type SizeOption = z.infer<typeof sizeOptionSchema>;

export const productVideoSchema = z.object({ url: z.string(), thumbnail: z.string() });

/** Product §3 Product (card fields) plus the shop it belongs to (the cart groups by shop). */
export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  brand: z.string().nullable(),
  thumbnail: z.string(),
  /** The thumbnail's size, placeholder and variants (issue 15); null for an SVG. */
  thumbnail_meta: imageMetaSchema.nullable(),
  videos: z.array(productVideoSchema),
  price: z.number(),
  /** 0 when not discounted (product §5: a discount_price above 0 is used). */
  discount_price: z.number(),
  /**
   * The prior price of the announced reduction (issue 36, docs/product.md "Honest discounts"):
   * the lowest price the product sold at in the 30 days before the reduction started (since
   * listing when listed for less; for a reduction in steps, the price before the first step; for
   * a flash sale, before the sale started). null when the current price is no reduction: then
   * nothing is shown reduced (no badge, no struck-through price).
   */
  prior_price: z.number().nullable(),
  /** When the announced reduction started (ISO date-time; a flash sale's start); null without one. */
  reduction_started_at: z.string().nullable(),
  /** Whole percent off the prior price (rounded down, at least 1), 0 when no reduction is announced. */
  discount_percentage: z.number(),
  quantity: z.number().int(),
  total_sold: z.number().int(),
  is_favorite: z.boolean(),
  sizes: z.array(sizeOptionSchema),
  shop_id: z.number(),
  shop_name: z.string(),
  category_id: z.number(),
  /** What state the item is in (issue 36, contract/item-condition.ts). */
  condition: z.enum(PRODUCT_CONDITIONS),
});
export type Product = z.infer<typeof productSchema>;

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export const productListResponseSchema = envelope(z.object({ data: z.array(productSchema), meta: paginationMetaSchema }));
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/**
 * GET /api/products and /api/products/filter (issue #13): the list plus `did_you_mean`. When a
 * search found nothing but a close spelling does ("gaeca" → "geacă"), `did_you_mean` is that
 * spelling and `data`/`meta` are its results; otherwise null. Lists without a search: null.
 */
export const productSearchResponseSchema = envelope(
  z.object({
    data: z.array(productSchema),
    /**
     * `total` is counted up to TOTAL_CAP (1 000): `total_capped` true means "more than 1 000"
     * (shown as "peste 1 000 de produse"); last_page follows the capped total.
     */
    meta: paginationMetaSchema.extend({ total_capped: z.boolean() }),
    did_you_mean: z.string().nullable(),
  }),
);
export type ProductSearchResponse = z.infer<typeof productSearchResponseSchema>;

/** One option of a facet with the number of products of the current result that have it. */
export const facetCountSchema = z.object({ id: z.number(), name: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

/**
 * GET /api/products/facets (issue #13): same query as /api/products/filter; per filter group, the
 * options present in the result with their product counts. Each group is counted with every
 * condition except its own group's, so the counts say what ticking one more option would add
 * ("Mărime M (12)"). `total` is the number of products of the result itself.
 */
export const productFacetsResponseSchema = envelope(
  z.object({
    total: z.number().int(),
    categories: z.array(facetCountSchema),
    sizes: z.array(facetCountSchema),
    colors: z.array(facetCountSchema),
    seasons: z.array(facetCountSchema),
    qualities: z.array(facetCountSchema),
    shops: z.array(facetCountSchema),
    /** Issue 36: the conditions present, best first, with their counts (the `condition` filter). */
    conditions: z.array(z.object({ value: z.enum(PRODUCT_CONDITIONS), count: z.number().int() })),
  }),
);
export type ProductFacets = z.infer<typeof productFacetsResponseSchema>['data'];

/** GET /api/search/suggestions?q= (issue #13): what the header search box offers while typing. */
export const searchSuggestionsQuerySchema = z.object({
  q: z.string().max(MAX_SEARCH_LENGTH, `The search text may not be longer than ${MAX_SEARCH_LENGTH} characters.`).default(''),
  limit: z.coerce
    .number({ message: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MAX_SUGGESTIONS, `limit may not be more than ${MAX_SUGGESTIONS}.`)
    .optional(),
});
export const searchSuggestionsResponseSchema = envelope(
  z.object({
    query: z.string(),
    /** Categories whose name has a word starting with the last word typed. */
    categories: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string(), products_count: z.number().int() })),
    /** Completed searches (the last word completed), most used first, with the products having that word. */
    queries: z.array(z.object({ text: z.string(), products_count: z.number().int() })),
  }),
);
export type SearchSuggestions = z.infer<typeof searchSuggestionsResponseSchema>['data'];

/** Comma-joined ids, as the filter page mirrors them in its URL (product §4): "3,4". */
const idList = z
  .string()
  .max(500, 'Too many values.')
  .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, 'Use comma-separated numeric ids, e.g. 1,2.')
  .transform((value) => [...new Set(value.split(',').map((v) => Number(v.trim())))])
  .optional();

/** Comma-joined conditions (issue 36): "very_good,good". */
const conditionList = z
  .string()
  .max(200, 'Too many values.')
  .transform((value, ctx) => {
    const values = [...new Set(value.split(',').map((v) => v.trim()))];
    const unknown = values.filter((v) => !(PRODUCT_CONDITIONS as readonly string[]).includes(v));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `The condition must be among: ${PRODUCT_CONDITIONS.join(', ')}.` });
    return values as (typeof PRODUCT_CONDITIONS)[number][];
  })
  .optional();

const money = z.coerce.number({ message: 'Must be a number.' }).min(0, 'Must be 0 or more.').max(1_000_000, 'Too large.').optional();

/**
 * page/per_page of the lists that take nothing else (shops, most popular, best deals, a flash
 * sale); same rules and messages as productListQuerySchema. Unknown keys are
 * ignored.
 */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'The page must be a number.' })
    .int('The page must be a whole number.')
    .min(1, 'The page must be at least 1.')
    .max(100_000, 'The page is too large.')
    .default(DEFAULT_PAGE),
  per_page: z.coerce
    .number({ message: 'per_page must be a number.' })
    .int('per_page must be a whole number.')
    .min(1, 'per_page must be at least 1.')
    .max(MAX_PER_PAGE, `per_page may not be more than ${MAX_PER_PAGE}.`)
    .optional(),
});

/**
 * Query of GET /api/products and GET /api/products/filter (product §7 keys quality, season, sort,
 * page, plus size, color, category, shop, price range and search). Sort defaults to newest,
 * or to relevance when a search text is given; page defaults to 1.
 */
export const productListQuerySchema = z
  .object({
    search: z.string().max(MAX_SEARCH_LENGTH, `The search text may not be longer than ${MAX_SEARCH_LENGTH} characters.`).optional(),
    quality: idList,
    season: idList,
    size: idList,
    color: idList,
    category: idList,
    shop: idList,
    condition: conditionList,
    min_price: money,
    max_price: money,
    in_stock: z.enum(['0', '1']).optional(),
    sort: z.enum(PRODUCT_SORTS, { message: `The sort must be one of: ${PRODUCT_SORTS.join(', ')}.` }).optional(),
    page: z.coerce
      .number({ message: 'The page must be a number.' })
      .int('The page must be a whole number.')
      .min(1, 'The page must be at least 1.')
      .max(100_000, 'The page is too large.')
      .default(1),
    per_page: z.coerce
      .number({ message: 'per_page must be a number.' })
      .int()
      .min(1)
      .max(MAX_PER_PAGE, `per_page may not be more than ${MAX_PER_PAGE}.`)
      .optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: 'The minimum price may not be above the maximum price.',
    path: ['min_price'],
  });
export type ProductListQuery = z.input<typeof productListQuerySchema>;
export type ProductListFilters = z.output<typeof productListQuerySchema>;

/** Shop as listed (product §2 Shops, shop card of the product page). */
export const shopSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  logo_meta: imageMetaSchema.nullable(),
  banner: z.string(),
  banner_meta: imageMetaSchema.nullable(),
  rating: z.number(),
  reviews_count: z.number().int(),
  description: z.string(),
  city: z.string(),
  products_count: z.number().int(),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopListResponseSchema = envelope(z.object({ data: z.array(shopSchema), meta: paginationMetaSchema }));

/** GET /api/shops/{id}: the shop and its categories (with the shop's own product counts). */
export const shopDetailsResponseSchema = envelope(
  z.object({
    shop: shopSchema.extend({ phone: z.string().nullable(), email: z.string().nullable(), joined_at: z.string(), trader: traderSchema }),
    categories: z.array(categorySchema),
  }),
);
export type ShopDetails = z.infer<typeof shopDetailsResponseSchema>['data'];

const partySchema = z.object({ name: z.string(), address: z.string(), email: z.string() });

/**
 * GPSR (EU) 2023/988 art. 19 (issue 36): the manufacturer (null for an unbranded second-hand item
 * whose maker is unknown), the EU responsible person when the manufacturer is outside the EU/EEA
 * (else null), an identifier (type/model/batch or EAN) and the warnings in Romanian (null: none).
 */
export const productSafetySchema = z.object({
  manufacturer: partySchema.extend({ country_code: z.string() }).nullable(),
  eu_responsible: partySchema.nullable(),
  identifier: z.string().nullable(),
  warnings: z.string().nullable(),
});
export type ProductSafety = z.infer<typeof productSafetySchema>;

/** GET /api/products/{id}: everything the details page shows. */
export const productDetailsSchema = productSchema.extend({
  description: z.string(),
  images: z.array(z.object({ id: z.number(), url: z.string(), meta: imageMetaSchema.nullable() })),
  colors: z.array(option),
  season: option.nullable(),
  quality: option.nullable(),
  /** Parcel weight in kg (delivery bands, product §5). */
  weight: z.number(),
  category: z.object({ id: z.number(), name: z.string(), slug: z.string() }),
  shop: z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    logo: z.string(),
    logo_meta: imageMetaSchema.nullable(),
    rating: z.number(),
    reviews_count: z.number().int(),
    city: z.string(),
  }),
  /** The running flash sale this product is in, if any (its sale price is discount_price). */
  flash_sale: z.object({ id: z.number(), name: z.string(), starts_at: z.string(), ends_at: z.string() }).nullable(),
  /** Issue 36: defects, wear, what is missing — required below very_good. */
  condition_notes: z.string().nullable(),
  /** Issue 36 (DSA art. 30–31): who legally sells the item. */
  trader: traderSchema,
  /** Issue 36 (GPSR art. 19): product safety information. */
  safety: productSafetySchema,
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;
export const productDetailsResponseSchema = envelope(z.object({ product: productDetailsSchema }));

/** GET /api/products/{id}/similar: in-stock items of the same shop, same category first. */
export const similarProductsResponseSchema = envelope(z.object({ data: z.array(productSchema) }));

/** GET /api/categories/{id or slug}: the category a products page is about. */
export const categoryResponseSchema = envelope(z.object({ category: categorySchema }));

export const flashSaleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  thumbnail: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(['upcoming', 'running', 'ended']),
});
export type FlashSale = z.infer<typeof flashSaleSchema>;

/** GET /api/flash-sales/{id}: the sale and its products at sale prices (discount_price). */
export const flashSaleResponseSchema = envelope(
  z.object({ flash_sale: flashSaleSchema, data: z.array(productSchema), meta: paginationMetaSchema }),
);
export type FlashSaleResponse = z.infer<typeof flashSaleResponseSchema>;

/** GET /api/home: every home section in one round trip (weak mobile data). */
export const homeResponseSchema = envelope(
  z.object({
    flash_sale: flashSaleSchema.extend({ products: z.array(productSchema) }).nullable(),
    most_popular: z.array(productSchema),
    best_deals: z.array(productSchema),
    new_arrivals: z.array(productSchema),
    popular_shops: z.array(shopSchema),
  }),
);
export type HomeSections = z.infer<typeof homeResponseSchema>['data'];

/** Path parameter of product, shop and flash-sale routes. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ message: 'The id must be a number.' })
    .int('The id must be a whole number.')
    .min(1, 'The id must be a positive number.')
    .max(2_147_483_647, 'The id is too large.'),
});
/** Category pages accept the id (header buttons) or the slug (product §2). */
export const categoryKeyParamSchema = z.object({
  key: z.string().min(1).max(120, 'The category is too long.'),
});
