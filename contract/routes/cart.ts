/**
 * The cart (issue #5, product §7, signed in): GET /carts, and POST /cart/store, /cart/increment,
 * /cart/decrement, /cart/delete — each answering the cart as it is after the change (decrement and
 * delete also say `removed` and `message_key`). The POSTs honour an Idempotency-Key; the app sends
 * them through its outbox (src/features/cart/api/cart-changes.ts). The vouchers are in vouchers.ts,
 * the checkout summary in checkout.ts.
 */
import type { addToCartSchema, cartLineActionSchema, cartResponseSchema } from '#contract/cart.ts';
import { defineRoute } from '#contract/route.ts';

export const cartApi = {
  get: defineRoute<{ response: typeof cartResponseSchema }>()('GET', '/carts'),
  /** With `is_buy_now` it only checks the item and answers the cart unchanged (product §4). */
  store: defineRoute<{ body: typeof addToCartSchema; response: typeof cartResponseSchema }>()('POST', '/cart/store'),
  increment: defineRoute<{ body: typeof cartLineActionSchema; response: typeof cartResponseSchema }>()('POST', '/cart/increment'),
  decrement: defineRoute<{ body: typeof cartLineActionSchema; response: typeof cartResponseSchema }>()('POST', '/cart/decrement'),
  delete: defineRoute<{ body: typeof cartLineActionSchema; response: typeof cartResponseSchema }>()('POST', '/cart/delete'),
};
