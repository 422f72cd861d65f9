/**
 * Favourites (issue #6, product §3 favoriteProducts and Product.is_favorite, §7 favorite-products;
 * contract contract/engagement.ts). Every route needs a session and acts on that user's rows.
 *
 * PUT and DELETE /favorite-products/{productId} are idempotent by nature (adding twice or
 * removing twice leaves the same state) and also honour `Idempotency-Key` like the cart (ADR 007):
 * an offline queue replaying a toggle gets the first answer back. Changes are limited per user
 * (FAVORITE_CHANGES per minute, counted in the database for every process).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { favoriteListResponseSchema, favoriteToggleResponseSchema, MAX_FAVORITES, productIdParamSchema } from '#contract/engagement.ts';
import { favoriteApi } from '#contract/routes/favorites.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { Tx } from '#server/plugins/idempotency.ts';
import { listProductCardsByIds } from '#server/repositories/catalog/product-cards.ts';
import {
  addFavorite,
  countFavorites,
  hasFavorite,
  isActiveProduct,
  listFavoriteProductIds,
  removeFavorite,
} from '#server/repositories/favorite-repository.ts';
import type { BucketLimit } from '#server/repositories/rate-limit-repository.ts';
import { enforceLimit } from '#server/services/limits.ts';

/** Favourite changes per user: a person tapping hearts (or an offline queue replaying) stays far below. */
export const FAVORITE_CHANGES: BucketLimit = { windowSeconds: 60, max: 120 };

const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Before validation: a signed-out caller learns nothing about the input.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...contractRoute(favoriteApi.list, { response: favoriteListResponseSchema }),
    handler: async (request) => {
      const ids = await listFavoriteProductIds(db, request.auth!.user.id, MAX_FAVORITES);
      const products = (await listProductCardsByIds(db, ids)).map((p) => ({ ...p, is_favorite: true }));
      return {
        message: request.t('favorites.list'),
        data: { products, total: products.length, product_ids: products.map((p) => p.id) },
      };
    },
  });

  /** The product must be listed; answers the user's count after `change`. */
  async function toggle(tx: Tx, userId: number, productId: number, favorite: boolean) {
    if (!(await isActiveProduct(tx, productId))) throw new HttpError(404, 'favorites.product_not_found');
    if (favorite) {
      if (!(await hasFavorite(tx, userId, productId)) && (await countFavorites(tx, userId)) >= MAX_FAVORITES) {
        throw new HttpError(422, 'favorites.limit_reached', { product_id: ['favorites.limit_reached'] }, { vars: { max: MAX_FAVORITES } });
      }
      await addFavorite(tx, userId, productId);
    } else {
      await removeFavorite(tx, userId, productId);
    }
    return { product_id: productId, is_favorite: favorite, total: await countFavorites(tx, userId) };
  }

  for (const [route, favorite] of [
    [favoriteApi.add, true],
    [favoriteApi.remove, false],
  ] as const) {
    app.route({
      ...contractRoute(route, { params: productIdParamSchema, response: favoriteToggleResponseSchema }),
      handler: async (request, reply) => {
        const userId = request.auth!.user.id;
        await enforceLimit(db, `favorites:user:${userId}`, FAVORITE_CHANGES);
        return app.idempotent(request, reply, async (tx) => ({
          message: request.t(favorite ? 'favorites.saved' : 'favorites.unsaved'),
          data: await toggle(tx, userId, request.params.productId, favorite),
        }));
      },
    });
  }
};
export default favoriteRoutes;
