/**
 * The one database schema, run unchanged on PGlite (embedded) and PostgreSQL 15+.
 * Money is numeric(12,2) read as numbers; stock and counters are integers.
 * Migrations are generated from this file by drizzle-kit into server/db/migrations.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CONDITIONS_NEEDING_NOTES, PRODUCT_CONDITIONS } from '#contract/item-condition.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** PostgreSQL's full-text document type (read only by SQL, never mapped to JavaScript). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Key/value store for master data and general settings (product §3 Storefront settings). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const languages = pgTable('languages', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
});

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isoCode: text('iso_code').notNull().unique(),
  phoneCode: text('phone_code').notNull(),
  position: integer('position').notNull().default(100),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  thumbnail: text('thumbnail').notNull(),
  /** The photo behind `thumbnail` (issue 15): its sizes and placeholder; null for an SVG. */
  thumbnailKey: text('thumbnail_key').references(() => images.key),
  position: integer('position').notNull().default(0),
});

export const shops = pgTable('shops', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo').notNull(),
  banner: text('banner').notNull(),
  logoKey: text('logo_key').references(() => images.key),
  bannerKey: text('banner_key').references(() => images.key),
  /**
   * The mean of the shop's published reviews' stars, to one decimal (0 without reviews), and
   * their number (issue 37, ADR 033). Never written by code: the trigger on shop_reviews
   * (migration 0016) keeps both equal to the reviews, so every list reads them as columns.
   */
  rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
  reviewsCount: integer('reviews_count').notNull().default(0),
  description: text('description').notNull(),
  city: text('city').notNull(),
  phone: text('phone'),
  email: text('email'),
  createdAt: createdAt(),
  /*
   * The trader's identity (issue 36, ADR 031; contract/trader.ts validates every value before it
   * is written: the operator command `shop:trader` and the seed). Null until the trader gives it.
   */
  traderLegalName: text('trader_legal_name'),
  /** CUI digits without "RO" (check digit verified by contract/trader.ts). */
  traderCui: text('trader_cui'),
  traderRegistrationNumber: text('trader_registration_number'),
  traderAddress: text('trader_address'),
  traderEmail: text('trader_email'),
  /** E.164. */
  traderPhone: text('trader_phone'),
  /** When the trader certified the identity (DSA art. 30(1)(e)). */
  traderCertifiedAt: timestamp('trader_certified_at', { withTimezone: true }),
  /**
   * A shop is listed only with its whole identity (generated, so it cannot disagree). Copied to
   * its products' `shop_listed` by a trigger (migration 0014), which the product lists filter on.
   */
  traderListed: boolean('trader_listed')
    .notNull()
    .generatedAlwaysAs(
      sql`trader_legal_name IS NOT NULL AND trader_cui IS NOT NULL AND trader_registration_number IS NOT NULL AND trader_address IS NOT NULL AND trader_email IS NOT NULL AND trader_phone IS NOT NULL AND trader_certified_at IS NOT NULL`,
    ),
});

/** EU and EEA country codes: a manufacturer elsewhere needs an EU responsible person (GPSR art. 16 and 19). */
export const EU_COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'IS',
  'LI',
  'NO',
] as const;

/**
 * Manufacturers (issue 36, GPSR (EU) 2023/988 art. 19): the name, postal and electronic address a
 * listing shows, and the EU responsible person when the manufacturer is outside the EU/EEA.
 */
export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    email: text('email').notNull(),
    /** ISO 3166-1 alpha-2 of the manufacturer's seat. */
    countryCode: text('country_code').notNull(),
    euResponsibleName: text('eu_responsible_name'),
    euResponsibleAddress: text('eu_responsible_address'),
    euResponsibleEmail: text('eu_responsible_email'),
  },
  (t) => [
    check(
      'manufacturers_eu_responsible',
      sql`${t.countryCode} IN (${sql.raw(EU_COUNTRY_CODES.map((c) => `'${c}'`).join(', '))}) OR (${t.euResponsibleName} IS NOT NULL AND ${t.euResponsibleAddress} IS NOT NULL AND ${t.euResponsibleEmail} IS NOT NULL)`,
    ),
  ],
);

/** Delivery price by parcel weight, per shop (product §5: min_weight <= weight <= max_weight). */
export const deliveryWeights = pgTable(
  'delivery_weights',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    minWeight: numeric('min_weight', { precision: 8, scale: 3, mode: 'number' }).notNull(),
    maxWeight: numeric('max_weight', { precision: 8, scale: 3, mode: 'number' }).notNull(),
    price: money('price').notNull(),
  },
  (t) => [index('delivery_weights_shop_idx').on(t.shopId), check('delivery_weights_band', sql`${t.minWeight} <= ${t.maxWeight}`)],
);

/** Option lists of the filter sets (product §3 Filter sets): kind is season, quality, color or size. */
export const attributeOptions = pgTable(
  'attribute_options',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['season', 'quality', 'color', 'size'] }).notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('attribute_options_kind_name').on(t.kind, t.name)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    brand: text('brand'),
    description: text('description').notNull(),
    thumbnail: text('thumbnail').notNull(),
    /** The first photo (issue 15): the image behind `thumbnail`; null for an SVG. */
    thumbnailKey: text('thumbnail_key').references(() => images.key),
    price: money('price').notNull(),
    /** 0 when the product has no discount (product §5: a discount_price above 0 is used). */
    discountPrice: money('discount_price').notNull().default(0),
    quantity: integer('quantity').notNull(),
    totalSold: integer('total_sold').notNull().default(0),
    /** Parcel weight in kg, used for delivery bands. */
    weight: numeric('weight', { precision: 8, scale: 3, mode: 'number' }).notNull(),
    seasonId: integer('season_id').references(() => attributeOptions.id),
    qualityId: integer('quality_id').references(() => attributeOptions.id),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Set by an operator's decision on a report (issue 37, DSA art. 17, ADR 033): 'removed' or
     * 'suspended'. Such a product is also not active (it leaves lists, search and carts' totals);
     * GET /products/{id} answers 410 with the matching explanation.
     */
    moderation: text('moderation', { enum: ['removed', 'suspended'] }),
    /**
     * The shop's `trader_listed`, copied by triggers (migration 0014): a product is listed when it
     * is active AND its shop is (issue 36). Every list, search and the catalog index filter on both
     * (`listedProduct`, repositories/catalog/product-cards.ts); the list indexes are partial on both.
     */
    shopListed: boolean('shop_listed').notNull().default(false),
    /** What state the item is in (contract/item-condition.ts); notes required below very_good. */
    condition: text('condition', { enum: PRODUCT_CONDITIONS }).notNull(),
    conditionNotes: text('condition_notes'),
    /** GPSR art. 19: the manufacturer, a product identifier (type/model/batch or EAN) and the warnings in Romanian. */
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    productIdentifier: text('product_identifier'),
    safetyWarnings: text('safety_warnings'),
    createdAt: createdAt(),
    /**
     * The announced reduction of the product's own price (issue 36, ADR 030, docs/product.md "Honest discounts"): the
     * prior price — the lowest price it sold at in the 30 days before the reduction started — and
     * when it started. Both NULL when the current effective_price is not a reduction. Kept by the
     * trigger products_price_reduction (migration 0013) on every price change, whoever writes it;
     * a running flash sale carries its own (flash_sale_products.prior_price).
     */
    priorPrice: money('prior_price'),
    reductionStartedAt: timestamp('reduction_started_at', { withTimezone: true }),
    /**
     * Price before any flash sale (product §5: a discount_price above 0 is used, else price).
     * A running flash sale's price overrides it at query time (repositories/catalog/).
     */
    effectivePrice: money('effective_price')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN discount_price > 0 THEN discount_price ELSE price END`),
    /**
     * The product's searchable text (ADR 046, revised for issue #13): name, brand, category
     * name, shop name and description, one per line in that order, each folded by
     * normalizeSearchText() and with irregular word forms replaced by their base form
     * (searchDocument(), server/lib/search-text.ts). Written by the seed and by
     * refreshProductSearchText().
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * search_text under PostgreSQL's `romanian` Snowball configuration, weighted by field: A name,
     * B brand, C category, D shop and description. Generated, so it can never disagree with
     * search_text; matched with @@ through products_search_vector_idx.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('romanian'::regconfig, split_part(search_text, chr(10), 1)), 'A') || setweight(to_tsvector('romanian'::regconfig, split_part(search_text, chr(10), 2)), 'B') || setweight(to_tsvector('romanian'::regconfig, split_part(search_text, chr(10), 3)), 'C') || setweight(to_tsvector('romanian'::regconfig, split_part(search_text, chr(10), 4) || ' ' || split_part(search_text, chr(10), 5)), 'D')`,
      ),
  },
  (t) => [
    index('products_shop_idx').on(t.shopId),
    index('products_category_idx').on(t.categoryId),
    index('products_created_idx').on(t.createdAt),
    /*
     * Catalog lists (repositories/catalog/; their EXPLAIN plans: docs/performance.md at 5f4f90e): covering partial
     * indexes over active products, one per way a list is walked — newest, price, most sold,
     * within a category, and by id (for the size and colour semi-joins). Every column a list
     * filters on is in each of them (as trailing key columns: drizzle has no INCLUDE), so counts
     * and page choices are index-only scans that never read the wide product rows.
     */
    index('products_list_newest_idx')
      .on(
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.categoryId,
        t.shopId,
        t.seasonId,
        t.qualityId,
        t.condition,
        t.quantity,
        t.effectivePrice,
        t.price,
        t.totalSold,
      )
      .where(sql`${t.isActive} AND ${t.shopListed}`),
    index('products_list_price_idx')
      .on(
        t.effectivePrice,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.categoryId,
        t.shopId,
        t.seasonId,
        t.qualityId,
        t.condition,
        t.quantity,
        t.price,
        t.totalSold,
      )
      .where(sql`${t.isActive} AND ${t.shopListed}`),
    index('products_list_sold_idx')
      .on(
        t.totalSold.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.categoryId,
        t.shopId,
        t.seasonId,
        t.qualityId,
        t.condition,
        t.quantity,
        t.effectivePrice,
        t.price,
      )
      .where(sql`${t.isActive} AND ${t.shopListed}`),
    index('products_list_category_idx')
      .on(
        t.categoryId,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.shopId,
        t.seasonId,
        t.qualityId,
        t.condition,
        t.quantity,
        t.effectivePrice,
        t.price,
        t.totalSold,
      )
      .where(sql`${t.isActive} AND ${t.shopListed}`),
    index('products_list_id_idx')
      .on(
        t.id,
        t.createdAt,
        t.categoryId,
        t.shopId,
        t.seasonId,
        t.qualityId,
        t.condition,
        t.quantity,
        t.effectivePrice,
        t.price,
        t.totalSold,
      )
      .where(sql`${t.isActive} AND ${t.shopListed}`),
    index('products_search_vector_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.isActive} AND ${t.shopListed}`),
    check('products_quantity_nonneg', sql`${t.quantity} >= 0`),
    check('products_price_nonneg', sql`${t.price} >= 0 and ${t.discountPrice} >= 0`),
    check('products_condition_valid', sql`${t.condition} IN (${sql.raw(PRODUCT_CONDITIONS.map((c) => `'${c}'`).join(', '))})`),
    check(
      'products_condition_notes_required',
      sql`${t.condition} NOT IN (${sql.raw(CONDITIONS_NEEDING_NOTES.map((c) => `'${c}'`).join(', '))}) OR length(btrim(coalesce(${t.conditionNotes}, ''))) > 0`,
    ),
  ],
);

/**
 * Every price a product has had (issue 36, ADR 030): a row per change of price or discount price,
 * written by the trigger products_price_history (migration 0013) whoever changes them — the
 * operator command, the development route, a future seller screen. The listing's first price is
 * the row at created_at. effective_price is what it sold at (discount_price above 0, else price).
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: money('price').notNull(),
    discountPrice: money('discount_price').notNull(),
    effectivePrice: money('effective_price')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN discount_price > 0 THEN discount_price ELSE price END`),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.changedAt)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The photo behind `url` (issue 15); null for an SVG. */
    imageKey: text('image_key').references(() => images.key),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const productVideos = pgTable(
  'product_videos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    thumbnail: text('thumbnail').notNull(),
  },
  (t) => [index('product_videos_product_idx').on(t.productId)],
);

/** Size options with their surcharge (product §3 Size option: id, name, price). */
export const productSizes = pgTable(
  'product_sizes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => attributeOptions.id),
    price: money('price').notNull().default(0),
  },
  (t) => [uniqueIndex('product_sizes_unique').on(t.productId, t.sizeId), index('product_sizes_size_idx').on(t.sizeId, t.productId)],
);

export const productColors = pgTable(
  'product_colors',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => attributeOptions.id),
  },
  (t) => [uniqueIndex('product_colors_unique').on(t.productId, t.colorId), index('product_colors_color_idx').on(t.colorId, t.productId)],
);

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  subtitle: text('subtitle'),
  image: text('image').notNull(),
  imageKey: text('image_key').references(() => images.key),
  link: text('link'),
  shopId: integer('shop_id').references(() => shops.id),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** Shop vouchers (product §3 Voucher). discount_type 'Percentage' is a percent, else an amount in lei. */
export const vouchers = pgTable('vouchers', {
  id: serial('id').primaryKey(),
  shopId: integer('shop_id')
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  discount: money('discount').notNull(),
  discountType: text('discount_type', { enum: ['Percentage', 'Amount'] }).notNull(),
  minOrderAmount: money('min_order_amount').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const subpages = pgTable('subpages', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  section: text('section', { enum: ['about', 'information'] }).notNull(),
  /** Trusted-but-sanitised HTML: the client sanitises before rendering. */
  content: text('content').notNull(),
  position: integer('position').notNull().default(0),
});

export const flashSales = pgTable('flash_sales', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  thumbnail: text('thumbnail').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

export const flashSaleProducts = pgTable(
  'flash_sale_products',
  {
    id: serial('id').primaryKey(),
    flashSaleId: integer('flash_sale_id')
      .notNull()
      .references(() => flashSales.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    salePrice: money('sale_price').notNull(),
    /**
     * The lowest price the product sold at in the 30 days before the sale starts (issue 36, ADR
     * 030): the reference its reduction is announced against. Set by the trigger
     * flash_sale_products_prior_price (migration 0013), refreshed while the sale has not started.
     */
    priorPrice: money('prior_price'),
  },
  (t) => [
    uniqueIndex('flash_sale_products_unique').on(t.flashSaleId, t.productId),
    index('flash_sale_products_product_idx').on(t.productId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Accounts (issue #4): users, sessions, one-time codes, reset tokens, social identities,
// rate-limit buckets shared by every server process, and the development outbox.
// ADR 005 (one-time codes) and ADR 006 (sessions) explain the choices.
// ---------------------------------------------------------------------------------------------
const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Product §3 User. `phone` is E.164 ("+40721234567") and `phone_code` the dial code it was entered
 * with ("+40"); both are null for social sign-in users without a phone. `email` is stored in lower
 * case; `email_verified_at` is only set when a provider vouched for it (social sign-in).
 * `password_hash` is null for users who only ever signed in socially.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    emailVerifiedAt: tz('email_verified_at'),
    phone: text('phone'),
    phoneCode: text('phone_code'),
    countryId: integer('country_id').references(() => countries.id),
    passwordHash: text('password_hash'),
    profilePhoto: text('profile_photo'),
    phoneVerifiedAt: tz('phone_verified_at'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_phone_unique').on(t.phone), uniqueIndex('users_email_unique').on(t.email)],
);

/** Opaque bearer sessions: only the SHA-256 of the token is stored (ADR 006). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Push token the client sent at login (product §3 Login payload), if any. */
    deviceKey: text('device_key'),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const OTP_PURPOSES = ['register', 'login_verify', 'reset', 'phone_change'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * One-time codes (ADR 005): only an HMAC-SHA256 of the code is kept; `attempts` counts tries
 * (5 then burned), `consumed_at` makes it single use. `recipient` is where it went (E.164 phone
 * or e-mail); `user_id` the account it belongs to (codes are only ever created for an account, and
 * go with it).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    consumedAt: tz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt), index('otp_codes_expires_idx').on(t.expiresAt)],
);

/** One-use reset tokens handed out by /verify-otp, stored as SHA-256, valid 15 minutes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

export const SOCIAL_PROVIDER_NAMES = ['google', 'facebook', 'apple'] as const;

/** A provider identity (provider + its stable subject id) linked to a user. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: SOCIAL_PROVIDER_NAMES }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_accounts_provider_subject').on(t.provider, t.subject), index('social_accounts_user_idx').on(t.userId)],
);

/**
 * Fixed-window counters for rate limits, shared by every server process through the database:
 * one row per key ("login:ip:1.2.3.4"), updated by one atomic upsert (rate-limit-repository.ts).
 * `last_hit_at` drives the growing waits between code sends.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    windowStart: tz('window_start').notNull(),
    count: integer('count').notNull(),
    lastHitAt: tz('last_hit_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('rate_limit_buckets_expires_idx').on(t.expiresAt)],
);

/** Messages the outbox sender "delivered" (development and tests only; never written in production). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.id)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded files (avatars, ticket attachments) when the database is PostgreSQL (issue 14, ADR 022):
 * every instance reads them. The embedded database keeps them in DATA_DIR/uploads instead.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.name] })],
);

/**
 * Every raster image of the pipeline (issue 15, ADR 043), keyed by its content address: the
 * SHA-256 of the original's bytes (uploads) or of the generator's recipe and version (seeded
 * photos, made on first request). Intrinsic size and ThumbHash placeholder are computed once,
 * here; the original and its variants live in the file store (services/file-store.ts).
 */
export const images = pgTable('images', {
  key: text('key').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** ThumbHash, base64 (a few dozen bytes). */
  placeholder: text('placeholder').notNull(),
  /** Format of the stored original: jpg, png or webp. */
  format: text('format').notNull(),
  /** How to draw a generated original (server/media/photo.ts); null for an upload. */
  recipe: jsonb('recipe'),
  /**
   * Set for a private upload (a ticket attachment; issue 38): its variants are served to this user
   * only, and its key carries a per-file secret (not derivable from the bytes). Null: public.
   */
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const MESSAGE_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Code messages waiting for their gateway (issue 14, ADR 020): the request only queues; a worker in
 * every instance claims due rows (FOR UPDATE SKIP LOCKED), sends, retries with backoff. The body
 * (which holds the code) is emptied once the row is sent or has failed for good.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status', { enum: MESSAGE_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [index('message_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);

// ---------------------------------------------------------------------------------------------
// Cart, addresses, vouchers, orders, payments and idempotency keys (issue #5, ADR 007).
// ---------------------------------------------------------------------------------------------

/**
 * One cart line per (user, product, size, colour): a product may sit in the cart in two sizes.
 * The sum of a product's lines never exceeds its stock (checked when adding).
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => attributeOptions.id),
    colorId: integer('color_id').references(() => attributeOptions.id),
    unit: text('unit'),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('cart_items_line_unique').on(t.userId, t.productId, t.sizeId, t.colorId).nullsNotDistinct(),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Delivery addresses; at most one default per user (partial unique index). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    county: text('county').notNull(),
    locality: text('locality').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    type: text('type', { enum: ['home', 'work', 'other'] })
      .notNull()
      .default('home'),
    isDefault: boolean('is_default').notNull().default(false),
    country: text('country').notNull().default('România'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Vouchers a user collected (product §4 Voucher: not collected → collected). */
export const collectedVouchers = pgTable(
  'collected_vouchers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.voucherId] })],
);

/** A card payment covering the orders of one place-order call (sandbox or a real gateway). */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payments_user_idx').on(t.userId)],
);

export const ORDER_STATUS_VALUES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

/** One order per shop. Amounts are fixed at purchase time; `address` is a snapshot. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: ['cash', 'card'] }).notNull(),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'awaiting', 'paid', 'failed'] }).notNull(),
    paymentId: text('payment_id').references(() => payments.id),
    address: jsonb('address').notNull(),
    totalAmount: money('total_amount').notNull(),
    deliveryCharge: money('delivery_charge').notNull(),
    couponDiscount: money('coupon_discount').notNull().default(0),
    couponCode: text('coupon_code'),
    payableAmount: money('payable_amount').notNull(),
    taxAmount: money('tax_amount').notNull(),
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    note: text('note'),
    tracking: text('tracking'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('orders_user_idx').on(t.userId, t.createdAt), index('orders_payment_idx').on(t.paymentId)],
);

/** Order lines with the prices at purchase time (the product may change or go later). */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    brand: text('brand'),
    thumbnail: text('thumbnail').notNull(),
    sizeName: text('size_name'),
    colorName: text('color_name'),
    unit: text('unit'),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity_positive', sql`${t.quantity} > 0`)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * Withdrawals from an order (issue 36; OUG 34/2014 art. 9–16, ADR 032): the shopper's "withdraw
 * from contract here" request for some units of an order's items, then the return and the refund.
 * before_shipping: asked before the parcel left — those units were cancelled and put back in
 * stock at once, and nothing is sent back (restoreOrderStock leaves them out on a later cancel).
 */
export const WITHDRAWAL_STATUS_VALUES = ['requested', 'return_in_transit', 'received', 'refunded'] as const;
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WITHDRAWAL_STATUS_VALUES }).notNull().default('requested'),
    reason: text('reason'),
    beforeShipping: boolean('before_shipping').notNull(),
    /** What the withdrawn units cost (coupon share taken off), the delivery charge when it ends the order, and their sum. */
    itemsAmount: money('items_amount').notNull(),
    deliveryRefund: money('delivery_refund').notNull().default(0),
    refundAmount: money('refund_amount').notNull(),
    /** The courier's AWB of the parcel sent back. */
    returnTracking: text('return_tracking'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** 14 days from the request (OUG 34/2014 art. 13). */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }).notNull(),
    returnShippedAt: timestamp('return_shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('withdrawals_order_idx').on(t.orderId, t.id)],
);

export const withdrawalItems = pgTable(
  'withdrawal_items',
  {
    id: serial('id').primaryKey(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    index('withdrawal_items_withdrawal_idx').on(t.withdrawalId),
    index('withdrawal_items_order_item_idx').on(t.orderItemId),
    check('withdrawal_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Idempotency keys (ADR 007): the first answer per (user, key) is stored in the same transaction
 * as the change it made and returned for every retry. Rows older than 24 h are pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Engagement (issue #6): favourites, notifications, Web Push, support tickets, contact messages.
// ---------------------------------------------------------------------------------------------

/** A shopper's favourite products (product §3 favoriteProducts, Product.is_favorite). */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('favorites_product_idx').on(t.productId)],
);

export const NOTIFICATION_KINDS = ['order_status', 'ticket_reply', 'price_drop', 'low_stock', 'order_placed', 'withdrawal'] as const;

/**
 * In-app notifications. The text is not stored: `kind` + `params` are rendered in the reader's
 * language when listed or pushed, so a shopper switching language reads them in the new one.
 * `url` is the in-app deep link (an order, a ticket, a product).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb('params').notNull().default({}),
    url: text('url').notNull(),
    readAt: tz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * Web Push subscriptions, several per user (one per device/browser). Tied to the session that
 * made it so it goes at logout (cascade) and when the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Interface language of the device, for the pushed text. */
    locale: text('locale').notNull().default('ro'),
    createdAt: createdAt(),
    lastSuccessAt: tz('last_success_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export const PUSH_JOB_STATUSES = ['pending', 'sent', 'failed', 'gone'] as const;

/**
 * The push queue: a table worked by the server (survives restarts), retried with backoff.
 * `locked_until` lets several server processes share it without sending twice.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: PUSH_JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('push_jobs_due_idx').on(t.status, t.nextAttemptAt)],
);

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;

/** Support tickets; `number` is the public, unguessable reference used in URLs. */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('medium'),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.updatedAt)],
);

/** The thread of a ticket: the shopper's messages and support's replies, stored as plain text. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'support'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);

/** An image attached to a ticket message; the file lives outside the web root, served to its owner only. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => supportTicketMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId)],
);

/** Messages from the contact form (signed in or not). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * Search synonyms (issue #13, ADR 046): each row is one group of phrases a shopper uses for the
 * same thing ("adidași", "pantofi sport", "sneakers"). A search for any phrase of a group also
 * finds the others. Data, not code: edit the rows (SQL) and every server picks the change up
 * within a minute (server/repositories/catalog/search-lexicon.ts). Phrases are stored as typed;
 * they are folded like the query.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  phrases: text('phrases').array().notNull(),
  createdAt: createdAt(),
});

/**
 * Consent to push notifications (issue 37 §4): one row per decision of a shopper — the topics
 * agreed to and when; an empty list is a withdrawal. The latest row counts (the push queue
 * reads it); earlier rows are kept as the record of what was agreed and when.
 */
export const pushConsents = pgTable(
  'push_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topics: text('topics').array().notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_consents_user_idx').on(t.userId, t.id)],
);

/**
 * Which version of the search folding (searchFoldingVersion(): the dictionary's word forms and the
 * project's list, issue 40) the stored products.search_text was written with; one row. A server
 * that starts with another version writes every product's search_text again.
 */
export const searchFolding = pgTable('search_folding', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});
// ---------------------------------------------------------------------------------------------
// Shoppers' voice (issue 37, ADR 033): verified reviews and reports of illegal content.
// ---------------------------------------------------------------------------------------------

/**
 * One review per delivered order (an order is one shop's): 1–5 stars and an optional plain text.
 * Only the order's shopper writes it, only once the order is delivered (services/review-service.ts).
 * An operator's decision on a report can hide its text (`text_hidden`) or remove it (`removed_at`);
 * a removed review no longer counts. The trigger of migration 0016 keeps shops.rating and
 * shops.reviews_count equal to the published reviews.
 */
export const shopReviews = pgTable(
  'shop_reviews',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text'),
    textHidden: boolean('text_hidden').notNull().default(false),
    removedAt: tz('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_reviews_order_unique').on(t.orderId),
    index('shop_reviews_shop_idx')
      .on(t.shopId, t.createdAt, t.id)
      .where(sql`${t.removedAt} IS NULL`),
    check('shop_reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const REPORT_TARGETS = ['product', 'shop', 'review'] as const;
export const REPORT_DECISIONS = ['remove', 'restrict', 'keep'] as const;

/**
 * A notice of illegal or harmful content (DSA art. 16): what it names, why, who sent it. The
 * operator's decision (art. 17) is kept on the same row with its statement of reasons.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The shop the reported content belongs to (told of the decision). */
    shopId: integer('shop_id').references(() => shops.id),
    reason: text('reason').notNull(),
    explanation: text('explanation').notNull(),
    reporterName: text('reporter_name').notNull(),
    reporterEmail: text('reporter_email').notNull(),
    reporterUserId: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reporter's interface language, for the messages sent to them later. */
    locale: text('locale').notNull(),
    decision: text('decision', { enum: REPORT_DECISIONS }),
    decisionReason: text('decision_reason'),
    decidedAt: tz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('content_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.decision} IS NULL`),
  ],
);
