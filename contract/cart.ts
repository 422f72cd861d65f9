/**
 * The cart wire contract (issue #5, product §3, §7). Used by the server (validation and
 * serialisation) and by the client. Addresses, vouchers, checkout and orders have their own
 * modules beside this one.
 *
 * Decisions (ADR 007):
 * - CART LINE IDENTITY: one line per (product, size, colour). A cart product's `id` is the LINE id,
 *   `product_id` the product. increment / decrement / delete take `product_id` (product §7) and an
 *   optional `cart_id` (the line id); without `cart_id` they act on that product's newest line.
 *   Adding the same product with the same size and colour adds to that line.
 * - Quantities never exceed stock: the sum over a product's lines is at most its quantity.
 * - Prices are the server's: `price` is the unit price before discount plus the size surcharge,
 *   `discount_price` the current price (running flash sale or discount) plus the surcharge, or 0
 *   when not discounted. The unit price charged is discount_price when above 0, else price.
 * - Every POST accepts an `Idempotency-Key` header (UUID): the first answer per user and key is
 *   stored with the change and returned for every retry (header `Idempotent-Replayed: true`);
 *   the same key with a different body answers 422. Error answers are not stored (a retry runs again).
 *
 * Messages are i18n keys (src/locales) translated by the server for Accept-Language.
 */
import { z } from 'zod';
import { line } from './text.ts';
import { envelope } from './envelope.ts';
import { imageMetaSchema } from './images.ts';
import { id, nullableId } from './ids.ts';

export const MAX_LINE_QUANTITY = 999;

export const deliveryWeightSchema = z.object({ min_weight: z.number(), max_weight: z.number(), price: z.number() });
export type DeliveryWeight = z.infer<typeof deliveryWeightSchema>;

/** Product §3 Cart product. `id` is the cart LINE id (see the decisions above). */
export const cartProductSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  name: z.string(),
  brand: z.string().nullable(),
  thumbnail: z.string(),
  /** The thumbnail's variants (issue 15): a 56 px line picture need not load the 640 px JPEG. */
  thumbnail_meta: imageMetaSchema.nullable(),
  /** Unit price before discount, size surcharge included. */
  price: z.number(),
  /** Current unit price (sale or discount) with the surcharge; 0 when not discounted. */
  discount_price: z.number(),
  discount_percentage: z.number(),
  quantity: z.number().int(),
  size: z.object({ id: z.number(), name: z.string() }).nullable(),
  unit: z.object({ name: z.string() }).nullable(),
  color: z.object({ id: z.number(), name: z.string() }).nullable(),
  shop: z.object({ id: z.number() }),
  delivery_weights: z.array(deliveryWeightSchema),
  /** Weight in kg of ONE unit. */
  variant: z.object({ weight: z.number() }),
  /** Units available now (the product's stock). */
  stock: z.number().int(),
  /** Unit price charged × quantity. */
  line_total: z.number(),
  /**
   * Set when an operator's decision on a report took the listing out (issue 37, DSA art. 17):
   * the line stays so the shopper is told by name, with stock 0. Absent in lines made on the phone.
   */
  moderation: z.enum(['removed', 'suspended']).nullable().optional(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/** Product §3 Cart group (one per shop). `id` equals `shop_id`. */
export const cartGroupSchema = z.object({
  id: z.number(),
  shop_id: z.number(),
  shop_name: z.string(),
  shop_rating: z.number(),
  products: z.array(cartProductSchema),
});
export type CartGroup = z.infer<typeof cartGroupSchema>;

export const cartDataSchema = z.object({
  total: z.number(),
  cart_items: z.array(cartGroupSchema),
  /** true only on the decrement that removed the line (message 'product removed from cart'). */
  removed: z.boolean().optional(),
  /** Message key of the answer, for clients that compare keys (e.g. 'cart.product_removed'). */
  message_key: z.string().optional(),
});
export const cartResponseSchema = envelope(cartDataSchema);
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const quantityField = z.coerce
  .number({ message: 'validation.quantity_invalid' })
  .int('validation.quantity_invalid')
  .min(1, 'validation.quantity_min')
  .max(MAX_LINE_QUANTITY, 'validation.quantity_max');

/** Product §3 Add-to-cart payload. size and color are option ids (product sizes / colours); unit free text. */
export const addToCartSchema = z.object({
  product_id: id,
  quantity: quantityField.default(1),
  size: nullableId.optional(),
  color: nullableId.optional(),
  unit: line().trim().max(40, 'validation.unit_invalid').nullish(),
  /** Validates and answers the cart without changing it (product §4 buy now). */
  is_buy_now: z.preprocess((v) => v === 1 || v === '1' || v === 'true' || v === true, z.boolean()).optional(),
});
export type AddToCartPayload = z.input<typeof addToCartSchema>;

/** increment / decrement / delete (product §7: product_id); cart_id picks one line of the product. */
export const cartLineActionSchema = z.object({ product_id: id, cart_id: id.optional() });
export type CartLineAction = z.input<typeof cartLineActionSchema>;
