/**
 * The cart, vouchers, checkout, orders and addresses wire contract (issue #5, spec §3, §4, §7).
 * Used by the server (validation and serialisation) and by the client.
 *
 * Decisions (ADR 007):
 * - CART LINE IDENTITY: one line per (product, size, colour). A cart product's `id` is the LINE id,
 *   `product_id` the product. increment / decrement / delete take `product_id` (spec §7) and an
 *   optional `cart_id` (the line id); without `cart_id` they act on that product's newest line.
 *   Adding the same product with the same size and colour adds to that line.
 * - Quantities never exceed stock: the sum over a product's lines is at most its quantity.
 * - Prices are the server's: `price` is the unit price before discount plus the size surcharge,
 *   `discount_price` the current price (running flash sale or discount) plus the surcharge, or 0
 *   when not discounted. The unit price charged is discount_price when above 0, else price.
 * - CHECKOUT `selected_products` are PRODUCT ids (what the client selects, spec §4): every line
 *   of those products in the given `shop_ids` is checked out. Optional `cart_ids` (line ids)
 *   narrows the selection to those lines. `buy_now` prices one item without the cart (spec §4).
 * - Prices include VAT (Romanian consumer prices): order_tax_amount is the 21% VAT CONTAINED in
 *   payable_amount = total_amount + delivery_charge − coupon_discount; it is never added on top.
 * - Every POST accepts an `Idempotency-Key` header (UUID): the first answer per user and key is
 *   stored with the change and returned for every retry (header `Idempotent-Replayed: true`);
 *   the same key with a different body answers 422. Error answers are not stored (a retry runs again).
 *
 * Messages are i18n keys (src/locales) translated by the server for Accept-Language.
 */
import { z } from 'zod';
import { line, lines } from './text.ts';
import { envelope } from './envelope.ts';
import { paginationMetaSchema } from './catalog.ts';
import { imageMetaSchema } from './images.ts';
export const MAX_LINE_QUANTITY = 999;
export const VAT_RATE = 0.21;

const id = z.coerce
  .number({ message: 'validation.id_invalid' })
  .int('validation.id_invalid')
  .min(1, 'validation.id_invalid')
  .max(2_147_483_647, 'validation.id_invalid');
const nullableId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable());

// --- Cart ------------------------------------------------------------------------------------

export const deliveryWeightSchema = z.object({ min_weight: z.number(), max_weight: z.number(), price: z.number() });
export type DeliveryWeight = z.infer<typeof deliveryWeightSchema>;

/** Spec §3 Cart product. `id` is the cart LINE id (see the decisions above). */
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
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/** Spec §3 Cart group (one per shop). `id` equals `shop_id`. */
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

/** Spec §3 Add-to-cart payload. size and color are option ids (product sizes / colours); unit free text. */
export const addToCartSchema = z.object({
  product_id: id,
  quantity: quantityField.default(1),
  size: nullableId.optional(),
  color: nullableId.optional(),
  unit: line().trim().max(40, 'validation.unit_invalid').nullish(),
  /** Validates and answers the cart without changing it (spec §4 buy now). */
  is_buy_now: z.preprocess((v) => v === 1 || v === '1' || v === 'true' || v === true, z.boolean()).optional(),
});
export type AddToCartPayload = z.input<typeof addToCartSchema>;

/** increment / decrement / delete (spec §7: product_id); cart_id picks one line of the product. */
export const cartLineActionSchema = z.object({ product_id: id, cart_id: id.optional() });
export type CartLineAction = z.input<typeof cartLineActionSchema>;

// --- Addresses -------------------------------------------------------------------------------

/** The 41 județe plus Municipiul București (field notes). */
export const COUNTIES = [
  'Alba', 'Arad', 'Argeș', 'Bacău', 'Bihor', 'Bistrița-Năsăud', 'Botoșani', 'Brașov', 'Brăila', 'București',
  'Buzău', 'Caraș-Severin', 'Călărași', 'Cluj', 'Constanța', 'Covasna', 'Dâmbovița', 'Dolj', 'Galați', 'Giurgiu',
  'Gorj', 'Harghita', 'Hunedoara', 'Ialomița', 'Iași', 'Ilfov', 'Maramureș', 'Mehedinți', 'Mureș', 'Neamț',
  'Olt', 'Prahova', 'Satu Mare', 'Sălaj', 'Sibiu', 'Suceava', 'Teleorman', 'Timiș', 'Tulcea', 'Vaslui',
  'Vâlcea', 'Vrancea',
] as const;
export type County = (typeof COUNTIES)[number];
export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
export const DEFAULT_COUNTRY = 'România';

const text = (requiredKey: string, max: number, maxKey: string) =>
  line({ message: requiredKey }).trim().min(1, requiredKey).max(max, maxKey);

/** POST /address/store and PUT /address/{id}. Phone: digits only (spec §5). */
export const addressInputSchema = z.object({
  name: text('validation.name_required', 120, 'validation.name_max'),
  phone: line({ message: 'validation.phone_required' })
    .trim()
    .min(1, 'validation.phone_required')
    .regex(/^\d+$/, 'validation.phone_digits')
    .min(9, 'validation.phone_invalid')
    .max(15, 'validation.phone_invalid'),
  county: z.enum(COUNTIES, { message: 'validation.county_invalid' }),
  locality: text('validation.locality_required', 120, 'validation.locality_max'),
  street: text('validation.street_required', 200, 'validation.street_max'),
  postal_code: line({ message: 'validation.postal_code_required' }).trim().regex(/^\d{6}$/, 'validation.postal_code_invalid'),
  type: z.enum(ADDRESS_TYPES, { message: 'validation.address_type_invalid' }).default('home'),
  is_default: z.preprocess((v) => v === 1 || v === '1' || v === 'true' || v === true, z.boolean()).optional(),
  country: line().trim().max(80, 'validation.country_invalid').nullish(),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  county: z.string(),
  locality: z.string(),
  street: z.string(),
  postal_code: z.string(),
  type: z.enum(ADDRESS_TYPES),
  is_default: z.boolean(),
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListResponseSchema = envelope(z.object({ addresses: z.array(addressSchema) }));
export const addressResponseSchema = envelope(z.object({ address: addressSchema }));

// --- Vouchers --------------------------------------------------------------------------------

export const voucherSchema = z.object({
  id: z.number(),
  shop_id: z.number(),
  code: z.string(),
  discount: z.number(),
  /** 'Percentage' is a percent, 'Amount' lei (spec §3). */
  discount_type: z.enum(['Percentage', 'Amount']),
  min_order_amount: z.number(),
  /** ISO end of validity. */
  validity: z.string(),
  is_collected: z.boolean(),
});
export type Voucher = z.infer<typeof voucherSchema>;
export const voucherListQuerySchema = z.object({ shop_id: id.optional() });
export const voucherListResponseSchema = envelope(z.object({ coupons: z.array(voucherSchema) }));
export const collectVoucherSchema = z.object({ coupon_id: id });
export const messageOnlyResponseSchema = z.object({ message: z.string() });

// --- Checkout --------------------------------------------------------------------------------

const idArray = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z.array(id, { message: 'validation.ids_invalid' }).max(200, 'validation.ids_invalid'),
);
const couponField = z.preprocess((v) => (v === '' ? null : v), line().trim().max(64, 'validation.coupon_invalid').nullish());

/** One item bought without the cart (spec §4 buy now). */
export const buyNowItemSchema = z.object({
  product_id: id,
  quantity: quantityField.default(1),
  size: nullableId.optional(),
  color: nullableId.optional(),
  unit: line().trim().max(40, 'validation.unit_invalid').nullish(),
});
export type BuyNowItem = z.input<typeof buyNowItemSchema>;

/**
 * POST /cart/checkout. selected_products are PRODUCT ids; cart_ids optionally narrows to lines.
 * With buy_now the summary is for that one item and the cart is not read.
 */
export const checkoutRequestSchema = z.object({
  shop_ids: idArray.optional(),
  selected_products: idArray.optional(),
  cart_ids: idArray.optional(),
  buy_now: buyNowItemSchema.optional(),
  coupon_code: couponField,
  address_id: nullableId.optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutAmountsSchema = z.object({
  total_amount: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  payable_amount: z.number(),
  /** VAT contained in payable_amount (prices include VAT). */
  order_tax_amount: z.number(),
});
export type CheckoutAmounts = z.infer<typeof checkoutAmountsSchema>;

export const checkoutGroupSchema = cartGroupSchema.extend({
  /** Per shop: summed weight, delivery charge, coupon discount applied to this shop. */
  weight: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  subtotal: z.number(),
});
export const checkoutResponseSchema = envelope(
  z.object({ checkout_items: z.array(checkoutGroupSchema), checkout: checkoutAmountsSchema, coupon_code: z.string().nullable() }),
);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

// --- Orders ----------------------------------------------------------------------------------

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** unpaid: cash on delivery; awaiting: card payment not finished; paid; failed (declined). */
export const PAYMENT_STATUSES = ['unpaid', 'awaiting', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A shopper may cancel while the order is in one of these. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed'];

/** POST /place-order (multipart form or JSON). Same selection semantics as checkout. */
export const placeOrderSchema = z.object({
  shop_ids: idArray.optional(),
  selected_products: idArray.optional(),
  cart_ids: idArray.optional(),
  address_id: id,
  payment_method: z.enum(PAYMENT_METHODS, { message: 'validation.payment_method_invalid' }),
  coupon_code: couponField,
  note: lines().trim().max(500, 'validation.note_max').nullish(),
});
export type PlaceOrderPayload = z.input<typeof placeOrderSchema>;

/** POST /buy-now: one item; weight and delivery_charge may be sent but are ignored (server prices). */
export const buyNowOrderSchema = buyNowItemSchema.extend({
  address_id: id,
  payment_method: z.enum(PAYMENT_METHODS, { message: 'validation.payment_method_invalid' }),
  coupon_code: couponField,
  note: lines().trim().max(500, 'validation.note_max').nullish(),
  weight: z.unknown().optional(),
  delivery_charge: z.unknown().optional(),
});
export type BuyNowOrderPayload = z.input<typeof buyNowOrderSchema>;

export const orderItemSchema = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  name: z.string(),
  brand: z.string().nullable(),
  thumbnail: z.string(),
  /** The variants of the picture kept at purchase time, while the pipeline still has them. */
  thumbnail_meta: imageMetaSchema.nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price before discount at purchase time (surcharge included). */
  price: z.number(),
  /** Unit price charged at purchase time. */
  unit_price: z.number(),
  line_total: z.number(),
});

export const orderSummarySchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  shop: z.object({ id: z.number(), name: z.string() }),
  items_count: z.number().int(),
  total_amount: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  payable_amount: z.number(),
  order_tax_amount: z.number(),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderStatusEventSchema = z.object({ status: z.enum(ORDER_STATUSES), note: z.string().nullable(), created_at: z.string() });

export const orderDetailsSchema = orderSummarySchema.extend({
  items: z.array(orderItemSchema),
  address: addressSchema.omit({ id: true, is_default: true }),
  coupon_code: z.string().nullable(),
  note: z.string().nullable(),
  tracking: z.string().nullable(),
  weight: z.number(),
  can_cancel: z.boolean(),
  history: z.array(orderStatusEventSchema),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

/** place-order and buy-now: the orders made (one per shop); payment_url for card payments. */
export const placeOrderResponseSchema = envelope(
  z.object({ orders: z.array(orderSummarySchema), payment_url: z.string().nullable() }),
);
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { message: 'validation.status_invalid' }).optional(),
  page: z.coerce.number({ message: 'validation.page_invalid' }).int('validation.page_invalid').min(1, 'validation.page_invalid').max(100_000, 'validation.page_invalid').default(1),
});
export const orderListResponseSchema = envelope(z.object({ data: z.array(orderSummarySchema), meta: paginationMetaSchema }));
export const orderResponseSchema = envelope(z.object({ order: orderDetailsSchema }));
export const orderIdParamSchema = z.object({ id });
export const ORDERS_PER_PAGE = 10;
