/**
 * The engagement wire contract (issue #6): favourites, in-app notifications and Web Push.
 * Used by the server (validation and serialisation) and by the client (types, constants).
 * Envelopes as everywhere (ADR 001): `{ message, data }`; messages are i18n keys translated by
 * the server for Accept-Language. See docs/decisions/009-web-push.md.
 *
 * Favourites
 * - GET    /favorite-products             (auth) → data.products (Product cards, is_favorite true,
 *                                                  newest favourite first), data.total, data.product_ids
 * - PUT    /favorite-products/{productId} (auth) → data { product_id, is_favorite: true,  total }
 * - DELETE /favorite-products/{productId} (auth) → data { product_id, is_favorite: false, total }
 *   Both are idempotent by nature AND honour `Idempotency-Key` (ADR 007: a retry with the same key
 *   replays the first answer, the same key with another method/path answers 422). Unknown or
 *   inactive product → 404 `favorites.product_not_found`. At most MAX_FAVORITES per user (422).
 *   `total` counts the favourites the list shows (active products).
 * - Product.is_favorite on every catalog answer is true for the signed-in user's favourites
 *   when a valid bearer token is sent (optional auth; false without one).
 *
 * Notifications
 * - GET  /notifications?page=            (auth) → data.data, data.meta, data.unread_count
 * - GET  /notifications/unread-count     (auth) → data.count
 * - POST /notifications/{id}/read        (auth) → data.unread_count (another user's id → 404)
 * - POST /notifications/read-all         (auth) → data.unread_count
 *   title/body are rendered from kind + params in the request's language.
 *
 * Web Push
 * - GET    /push/public-key              → data.public_key (VAPID application server key, base64url)
 * - POST   /push/subscriptions (auth) body PushSubscription.toJSON() + locale → data.id
 *          (upsert on endpoint: a device that changes hands moves to the new user and session)
 * - DELETE /push/subscriptions (auth) body { endpoint } → removes the caller's own subscription
 * - POST /login `device_key`: JSON.stringify(PushSubscription.toJSON()) when the device has one;
 *   it is stored as this device's subscription for the new session. Logout removes it.
 */
import { z } from 'zod';
import { id } from './ids.ts';
import { line } from './text.ts';
import { envelope } from './envelope.ts';
import { paginationMetaSchema, productSchema } from './catalog.ts';
import { SUPPORTED_LOCALES } from './constants.ts';

export const MAX_FAVORITES = 500;
export const NOTIFICATIONS_PER_PAGE = 20;
export const NOTIFICATION_KINDS = ['order_status', 'ticket_reply', 'price_drop', 'low_stock', 'order_placed', 'withdrawal'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Icon and badge the pushed notification shows (public/icons). */
export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/icon-192.png';

// --- Favourites ------------------------------------------------------------------------------

export const productIdParamSchema = z.object({ productId: id });

export const favoriteListResponseSchema = envelope(
  z.object({
    /** Full product cards, is_favorite true, newest favourite first. */
    products: z.array(productSchema),
    /** The user's favourite count (product §3 favoriteProducts). */
    total: z.number().int(),
    /** The same products' ids, for a quick "is this a favourite" lookup. */
    product_ids: z.array(z.number().int()),
  }),
);
export type FavoriteListResponse = z.infer<typeof favoriteListResponseSchema>;

export const favoriteToggleDataSchema = z.object({
  product_id: z.number().int(),
  is_favorite: z.boolean(),
  total: z.number().int(),
});
export const favoriteToggleResponseSchema = envelope(favoriteToggleDataSchema);
export type FavoriteToggleResponse = z.infer<typeof favoriteToggleResponseSchema>;

// --- Notifications ---------------------------------------------------------------------------

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Rendered in the request's language. Plain text (never HTML). */
  title: z.string(),
  body: z.string(),
  /** In-app deep link: /order-history/{id}, /support-ticket/{number}, /products/{id}/details. */
  url: z.string(),
  /** ISO time it was read, null while unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'validation.page_invalid' })
    .int('validation.page_invalid')
    .min(1, 'validation.page_invalid')
    .max(100_000, 'validation.page_invalid')
    .default(1),
});
export const notificationListResponseSchema = envelope(
  z.object({ data: z.array(notificationSchema), meta: paginationMetaSchema, unread_count: z.number().int() }),
);
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationIdParamSchema = z.object({ id });
export const unreadCountResponseSchema = envelope(z.object({ count: z.number().int() }));
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;
export const markReadResponseSchema = envelope(z.object({ unread_count: z.number().int() }));
export type MarkReadResponse = z.infer<typeof markReadResponseSchema>;

// --- Web Push --------------------------------------------------------------------------------

export const pushPublicKeyResponseSchema = envelope(z.object({ public_key: z.string() }));
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponseSchema>;

const base64url = (min: number, max: number) =>
  line({ message: 'validation.push_key_invalid' })
    .trim()
    .min(min, 'validation.push_key_invalid')
    .max(max, 'validation.push_key_invalid')
    .regex(/^[A-Za-z0-9_\-+/]+={0,2}$/, 'validation.push_key_invalid');

const LOOPBACK_HTTP = /^http:\/\/127\.0\.0\.1(:\d{1,5})?\//;

/** A push service endpoint: an https URL (plus http://127.0.0.1 when `allowLoopbackHttp`, for tests). */
export const pushEndpointField = (allowLoopbackHttp = false) =>
  line({ message: 'validation.push_endpoint_invalid' })
    .trim()
    .min(1, 'validation.push_endpoint_invalid')
    .max(2048, 'validation.push_endpoint_invalid')
    .refine((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return false;
      }
      if (url.username || url.password) return false;
      if (url.protocol === 'https:') return true;
      return allowLoopbackHttp && LOOPBACK_HTTP.test(value);
    }, 'validation.push_endpoint_invalid');

/**
 * POST /push/subscriptions: PushSubscription.toJSON() (endpoint, expirationTime, keys) plus the
 * interface language the pushes are written in. p256dh: the 65-byte P-256 key, auth: 16 bytes,
 * both base64url as the browser gives them.
 */
export const makePushSubscriptionSchema = (allowLoopbackHttp = false) =>
  z.object({
    endpoint: pushEndpointField(allowLoopbackHttp),
    expirationTime: z.number().nullish(),
    keys: z.object({ p256dh: base64url(86, 88), auth: base64url(22, 24) }, { message: 'validation.push_key_invalid' }),
    locale: z.enum(SUPPORTED_LOCALES, { message: 'validation.locale_invalid' }).default('ro'),
  });
export const pushSubscriptionSchema = makePushSubscriptionSchema();
export type PushSubscriptionPayload = z.input<typeof pushSubscriptionSchema>;

export const makePushUnsubscribeSchema = (allowLoopbackHttp = false) => z.object({ endpoint: pushEndpointField(allowLoopbackHttp) });
export const pushUnsubscribeSchema = makePushUnsubscribeSchema();
export type PushUnsubscribePayload = z.input<typeof pushUnsubscribeSchema>;

export const pushSubscriptionResponseSchema = envelope(z.object({ id: z.number().int() }));
export type PushSubscriptionResponse = z.infer<typeof pushSubscriptionResponseSchema>;
export const pushUnsubscribeResponseSchema = envelope(z.object({ removed: z.boolean() }));

/** What the service worker receives in a push event (JSON, encrypted aes128gcm). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** In-app URL to open or focus on click. */
  url: z.string(),
  icon: z.string(),
  badge: z.string(),
  /** Notifications with the same tag replace each other on the device. */
  tag: z.string(),
  notification_id: z.number().int().nullable(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
