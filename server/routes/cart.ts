/**
 * Cart, vouchers and the checkout summary (issue #5, product §7, ADR 007). Every route needs a
 * session and acts on that user's rows only; every POST accepts an Idempotency-Key
 * (plugins/idempotency.ts) and answers the cart as it is after the change.
 *
 * Cart lines: one per (product, size, colour). increment / decrement / delete take product_id
 * and an optional cart_id (line id); without it increment and decrement act on the product's
 * newest line and delete removes every line of the product.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addToCartSchema, cartLineActionSchema, cartResponseSchema } from '#contract/cart.ts';
import { checkoutRequestSchema, checkoutResponseSchema } from '#contract/checkout.ts';
import { messageOnlyResponseSchema } from '#contract/envelope.ts';
import { collectVoucherSchema, voucherListQuerySchema, voucherListResponseSchema } from '#contract/vouchers.ts';
import { cartApi } from '#contract/routes/cart.ts';
import { checkoutApi } from '#contract/routes/checkout.ts';
import { voucherApi } from '#contract/routes/vouchers.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { HttpError, fieldError } from '#server/lib/http-error.ts';
import type { Tx } from '#server/plugins/idempotency.ts';
import {
  decrementCartLine,
  deleteCartLine,
  deleteProductLines,
  findCartLine,
  findSameLine,
  incrementCartLine,
  insertCartLine,
  loadCart,
  lockCart,
  priceLines,
  quantityInCart,
  updateCartLine,
} from '#server/repositories/cart-repository.ts';
import { collectVoucher, findVoucherValidity, listValidVouchers } from '#server/repositories/voucher-repository.ts';
import { assertStock, checkoutData, findOwnAddress, priceCheckout, selectLines } from '#server/services/checkout-service.ts';

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('preHandler', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...contractRoute(cartApi.get, { response: cartResponseSchema }),
    handler: async (request) => ({
      message: request.t('cart.list'),
      data: await loadCart(db, request.auth!.user.id),
    }),
  });

  /** The one product row, locked until the transaction ends (serialises stock checks per product). */
  async function lockedLine(tx: Tx, productId: number, sizeId: number | null, colorId: number | null, quantity: number) {
    const [line] = await priceLines(tx, [{ lineId: 0, productId, sizeId, colorId, unit: null, quantity }], { lock: true });
    if (!line || !line.product.isActive) throw new HttpError(404, 'cart.product_not_found');
    if (!line.product.trader) throw new HttpError(422, 'listing.trader_missing', undefined, { vars: { name: line.product.name } });
    return line;
  }

  app.route({
    ...contractRoute(cartApi.store, { body: addToCartSchema, response: cartResponseSchema }),
    handler: (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const userId = request.auth!.user.id;
        await lockCart(tx, userId);
        const { product_id, quantity, is_buy_now } = request.body;
        const sizeId = request.body.size ?? null;
        const colorId = request.body.color ?? null;
        const line = await lockedLine(tx, product_id, sizeId, colorId, quantity);
        if (!line.sizeValid) throw fieldError('size', 'cart.size_invalid');
        if (!line.colorValid) throw fieldError('color', 'cart.color_invalid');
        const stock = line.product.quantity;
        const vars = { name: line.product.name };
        if (stock <= 0) throw new HttpError(422, 'cart.out_of_stock', { product_id: ['cart.out_of_stock'] }, { vars });
        if (is_buy_now) {
          // Product §4: buy now leaves the cart unchanged; only the item is checked.
          if (quantity > stock)
            throw new HttpError(422, 'cart.stock_exceeded', { quantity: ['cart.stock_exceeded'] }, { vars: { ...vars, available: stock } });
          return { message: request.t('cart.buy_now_ready'), data: await loadCart(tx, userId) };
        }
        const inCart = await quantityInCart(tx, userId, product_id);
        if (stock === 1 && inCart >= 1)
          throw new HttpError(422, 'cart.already_in_cart', { product_id: ['cart.already_in_cart'] }, { vars });
        if (inCart + quantity > stock) {
          throw new HttpError(
            422,
            'cart.stock_exceeded',
            { quantity: ['cart.stock_exceeded'] },
            { vars: { ...vars, available: Math.max(stock - inCart, 0) } },
          );
        }
        const same = await findSameLine(tx, userId, product_id, sizeId, colorId);
        if (same) {
          await updateCartLine(tx, same.id, { quantity: same.quantity + quantity, unit: request.body.unit ?? same.unit });
        } else {
          await insertCartLine(tx, { userId, productId: product_id, sizeId, colorId, unit: request.body.unit ?? null, quantity });
        }
        return { message: request.t('cart.added'), data: await loadCart(tx, userId) };
      }),
  });

  app.route({
    ...contractRoute(cartApi.increment, { body: cartLineActionSchema, response: cartResponseSchema }),
    handler: (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const userId = request.auth!.user.id;
        await lockCart(tx, userId);
        const found = await findCartLine(tx, userId, request.body.product_id, request.body.cart_id);
        if (!found) throw new HttpError(404, 'cart.line_not_found');
        const line = await lockedLine(tx, found.productId, found.sizeId, found.colorId, 1);
        const inCart = await quantityInCart(tx, userId, found.productId);
        if (inCart + 1 > line.product.quantity) {
          throw new HttpError(
            422,
            'cart.stock_exceeded',
            { quantity: ['cart.stock_exceeded'] },
            { vars: { name: line.product.name, available: Math.max(line.product.quantity - inCart, 0) } },
          );
        }
        await incrementCartLine(tx, found.id);
        return { message: request.t('cart.updated'), data: await loadCart(tx, userId) };
      }),
  });

  app.route({
    ...contractRoute(cartApi.decrement, { body: cartLineActionSchema, response: cartResponseSchema }),
    handler: (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const userId = request.auth!.user.id;
        await lockCart(tx, userId);
        const found = await findCartLine(tx, userId, request.body.product_id, request.body.cart_id);
        if (!found) throw new HttpError(404, 'cart.line_not_found');
        if (found.quantity <= 1) {
          await deleteCartLine(tx, found.id);
          return {
            message: request.t('cart.product_removed'),
            data: { ...(await loadCart(tx, userId)), removed: true, message_key: 'cart.product_removed' },
          };
        }
        await decrementCartLine(tx, found.id);
        return {
          message: request.t('cart.updated'),
          data: { ...(await loadCart(tx, userId)), removed: false, message_key: 'cart.updated' },
        };
      }),
  });

  app.route({
    ...contractRoute(cartApi.delete, { body: cartLineActionSchema, response: cartResponseSchema }),
    handler: (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const userId = request.auth!.user.id;
        await lockCart(tx, userId);
        const { product_id, cart_id } = request.body;
        const deleted = await deleteProductLines(tx, userId, product_id, cart_id);
        if (!deleted) throw new HttpError(404, 'cart.line_not_found');
        return {
          message: request.t('cart.deleted'),
          data: { ...(await loadCart(tx, userId)), removed: true, message_key: 'cart.deleted' },
        };
      }),
  });

  // --- checkout summary (no change, so no idempotency key needed; one is accepted) -------------
  app.route({
    ...contractRoute(checkoutApi.summary, { body: checkoutRequestSchema, response: checkoutResponseSchema }),
    handler: async (request) => {
      const userId = request.auth!.user.id;
      const body = request.body;
      if (body.address_id) await findOwnAddress(db, userId, body.address_id);
      const lines = await selectLines(db, userId, {
        shopIds: body.shop_ids,
        productIds: body.selected_products,
        lineIds: body.cart_ids,
        buyNow: body.buy_now,
      });
      assertStock(lines);
      const checkout = await priceCheckout(db, userId, lines, body.coupon_code);
      return { message: request.t('checkout.summary'), data: checkoutData(checkout) };
    },
  });

  // --- vouchers -----------------------------------------------------------------------------------
  app.route({
    ...contractRoute(voucherApi.list, { query: voucherListQuerySchema, response: voucherListResponseSchema }),
    handler: async (request) => {
      const rows = await listValidVouchers(db, request.auth!.user.id, request.query.shop_id);
      return {
        message: request.t('voucher.list'),
        data: {
          coupons: rows.map(({ voucher: v, collected }) => ({
            id: v.id,
            shop_id: v.shopId,
            code: v.code,
            discount: v.discount,
            discount_type: v.discountType,
            min_order_amount: v.minOrderAmount,
            validity: v.expiresAt.toISOString(),
            is_collected: collected,
          })),
        },
      };
    },
  });

  app.route({
    ...contractRoute(voucherApi.collect, { body: collectVoucherSchema, response: messageOnlyResponseSchema }),
    handler: (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const voucher = await findVoucherValidity(tx, request.body.coupon_id);
        if (!voucher) throw new HttpError(404, 'voucher.not_found');
        if (!voucher.valid) throw fieldError('coupon_id', 'voucher.expired');
        // Collecting twice is harmless: the second insert does nothing.
        await collectVoucher(tx, request.auth!.user.id, voucher.id);
        return { message: request.t('voucher.collected') };
      }),
  });
};
export default cartRoutes;
