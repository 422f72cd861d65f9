/**
 * The catalog API (issue #3, contract contract/catalog.ts): product lists, search and
 * filters, product details, similar products, category pages, shops, flash sales and the home
 * sections. Public; the same for everyone except Product.is_favorite, which marks the signed-in
 * shopper's favourites when a bearer token is sent (such answers are private, see below).
 */
import { categoryApi } from '#contract/routes/categories.ts';
import { productApi } from '#contract/routes/products.ts';
import { shopApi } from '#contract/routes/shops.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { createHash } from 'node:crypto';
import { ifNoneMatchNames } from '#server/lib/etag.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryKeyParamSchema,
  pageQuerySchema,
  categoryResponseSchema,
  flashSaleResponseSchema,
  homeResponseSchema,
  idParamSchema,
  productDetailsResponseSchema,
  productFacetsResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSearchResponseSchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsResponseSchema,
  shopDetailsResponseSchema,
  shopListResponseSchema,
  similarProductsResponseSchema,
} from '#contract/catalog.ts';
import { DEFAULT_PER_PAGE, DEFAULT_SUGGESTIONS } from '#contract/catalog-constants.ts';
import { gone, notFound } from '#server/lib/http-error.ts';
import { bearerTokenHash } from '#server/plugins/auth.ts';
import { favoriteIdsForToken } from '#server/repositories/favorite-repository.ts';
import { findCategory } from '#server/repositories/catalog/categories.ts';
import { getFlashSale } from '#server/repositories/catalog/flash-sales.ts';
import { getHomeSections } from '#server/repositories/catalog/home.ts';
import { listBestDeals, listMostPopular, listProductFacets, searchPlanOf } from '#server/repositories/catalog/product-lists.ts';
import { listProducts } from '#server/services/catalog-lists.ts';
import {
  findActiveProductRef,
  getProductDetails,
  isProductOfUnlistedShop,
  listSimilarProducts,
} from '#server/repositories/catalog/products.ts';
import { getShopDetails, listShops } from '#server/repositories/catalog/shops.ts';
import { getSearchLexicon, suggest } from '#server/repositories/catalog/search-lexicon.ts';
import { productModeration } from '#server/repositories/report-repository.ts';

/** Answers without a bearer token are the same for everyone: briefly cacheable by anyone. */
export const CATALOG_CACHE = 'public, max-age=60, stale-while-revalidate=86400';
/**
 * Answers to a request with a bearer token mark that shopper's favourites (Product.is_favorite,
 * issue #6): only the browser may keep them, and must ask again before reusing them (a heart
 * toggled a moment ago must show). Every catalog answer carries `Vary: Authorization`, so no
 * cache hands the anonymous answer to a signed-in request or the other way round.
 */
export const CATALOG_PRIVATE_CACHE = 'private, no-cache';

/**
 * The hot catalog answers (lists, searches, facets, suggestions; issue #13) are serialised with
 * JSON.stringify instead of being re-validated by zod on every response (~1 ms of CPU for 24
 * cards): the repository builds them field by field in the contract's shape (typed against it by
 * the route), and the API tests parse every answer with the contract's schemas.
 */
const serialized = new WeakMap<object, string>();
const plainJson = () => (data: unknown) =>
  (typeof data === 'object' && data !== null ? serialized.get(data) : undefined) ?? JSON.stringify(data);

/** A weak validator of an answer's exact bytes (same JSON, same ETag; issue #13). */
const etagOf = (json: string) => `W/"${createHash('sha1').update(json).digest('base64url')}"`;

/**
 * ETag / 304 for repeat views of the hot catalog answers (issue #13): the answer is serialised
 * here once (kept for plainJson), its ETag set before compression, and a request whose
 * If-None-Match names it gets 304 without a body.
 */
async function etagPreSerialization(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || typeof payload !== 'object' || payload === null) return payload;
  const json = JSON.stringify(payload);
  serialized.set(payload, json);
  const etag = etagOf(json);
  reply.header('ETag', etag);
  if (ifNoneMatchNames(request.headers['if-none-match'], etag)) reply.code(304);
  return payload;
}

const pageOf = (query: { page: number; per_page?: number | undefined }) => ({
  page: query.page,
  perPage: query.per_page ?? DEFAULT_PER_PAGE,
});

/** Numeric keys are ids; anything else must look like a slug to be looked up at all. */
const NUMERIC_KEY = /^\d{1,10}$/;
const SLUG_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_ID = 2_147_483_647;

const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const idleDays = app.accounts.env.SESSION_IDLE_DAYS;
  // Anonymous GETs of this plugin are answered from the response micro-cache (ADR 045) for
  // CATALOG_CACHE_SECONDS; before the routes, so every one of them gets the hit hook.
  app.catalogCache.install(app);
  // The search lexicon (suggestions, corrections, synonyms) is read once the server is up, not by
  // the first search: at 1 000 000 products that search waited ~4 s for it. A failure (database
  // down) only means the first search reads it.
  app.addHook('onReady', async () => {
    getSearchLexicon(app.db).catch(() => undefined);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200 || reply.statusCode === 304)
      reply.header('Cache-Control', request.headers.authorization ? CATALOG_PRIVATE_CACHE : CATALOG_CACHE);
    const vary = reply.getHeader('vary');
    const list = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (!list.some((v) => v.toLowerCase() === 'authorization' || v === '*')) reply.header('Vary', [...list, 'Authorization'].join(', '));
    // 304: no body (the shopper's copy is current).
    if (reply.statusCode === 304) return '';
    return payload;
  });

  /**
   * Marks the signed-in shopper's favourites among every product of the answer: one indexed
   * lookup per answer (session by token hash joined to favourites by primary key), none without
   * a token. An unknown or ended session simply has no favourites (the catalog stays public).
   */
  async function markFavorites<T extends { id: number; is_favorite: boolean }>(
    request: { headers: { authorization?: string } },
    lists: T[][],
  ) {
    const tokenHash = bearerTokenHash(request);
    if (!tokenHash) return;
    const ids = [...new Set(lists.flat().map((p) => p.id))];
    const favorites = await favoriteIdsForToken(app.db, tokenHash, idleDays, ids);
    if (!favorites.size) return;
    for (const list of lists) for (const product of list) product.is_favorite = favorites.has(product.id);
  }

  for (const route of [productApi.list, productApi.filter]) {
    app.route({
      ...contractRoute(route, { query: productListQuerySchema, response: productSearchResponseSchema }),
      serializerCompiler: plainJson,
      preSerialization: etagPreSerialization,
      handler: async (request) => {
        const data = await listProducts(app.db, request.query, pageOf(request.query), app.catalogIndex);
        await markFavorites(request, [data.data]);
        return { message: 'Products', data };
      },
    });
  }

  // Facet counts of the same query (issue #13): a request of its own, so the grid never waits for them.
  app.route({
    ...contractRoute(productApi.facets, { query: productListQuerySchema, response: productFacetsResponseSchema }),
    serializerCompiler: plainJson,
    preSerialization: etagPreSerialization,
    handler: async (request) => {
      const { page: _page, per_page: _perPage, sort: _sort, ...filters } = request.query;
      const data = await listProductFacets(app.db, filters, await searchPlanOf(app.db, filters.search));
      return { message: 'Product facets', data };
    },
  });

  // Suggestions as you type (issue #13): answered from the process's search lexicon, no query.
  app.route({
    ...contractRoute(productApi.suggestions, { query: searchSuggestionsQuerySchema, response: searchSuggestionsResponseSchema }),
    serializerCompiler: plainJson,
    handler: async (request) => {
      const { q, limit } = request.query;
      const found = q.trim() ? suggest(await getSearchLexicon(app.db), q, limit ?? DEFAULT_SUGGESTIONS) : { categories: [], queries: [] };
      return { message: 'Search suggestions', data: { query: q, ...found } };
    },
  });

  app.route({
    ...contractRoute(productApi.details, { params: idParamSchema, response: productDetailsResponseSchema }),
    // The landing page of search and shared links (issue 36): hot, so serialised like the lists.
    serializerCompiler: plainJson,
    preSerialization: etagPreSerialization,
    handler: async (request) => {
      const product = await getProductDetails(app.db, request.params.id, app.catalogIndex);
      if (!product) {
        // Taken out by an operator's decision on a report (issue 37, DSA art. 17): 410 says so.
        const moderation = await productModeration(app.db, request.params.id);
        if (moderation) throw gone(moderation === 'removed' ? 'voice.listing_removed' : 'voice.listing_suspended', moderation);
        // Issue 36: an item whose shop has no complete trader identity is gone from sale, said so.
        if (await isProductOfUnlistedShop(app.db, request.params.id)) throw gone('listing.product_unlisted', 'shop_unlisted');
        throw notFound('Product not found.');
      }
      await markFavorites(request, [[product]]);
      return { message: 'Product', data: { product } };
    },
  });

  app.route({
    ...contractRoute(productApi.similar, { params: idParamSchema, response: similarProductsResponseSchema }),
    handler: async (request) => {
      const product = await findActiveProductRef(app.db, request.params.id);
      if (!product) throw notFound('Product not found.');
      const similar = await listSimilarProducts(app.db, product);
      await markFavorites(request, [similar]);
      return { message: 'Similar products', data: { data: similar } };
    },
  });

  app.route({
    ...contractRoute(categoryApi.details, { params: categoryKeyParamSchema, response: categoryResponseSchema }),
    handler: async (request) => {
      const key = request.params.key.trim().toLowerCase();
      const id = NUMERIC_KEY.test(key) ? Number(key) : undefined;
      const category =
        id !== undefined
          ? id >= 1 && id <= MAX_ID
            ? await findCategory(app.db, { id })
            : undefined
          : SLUG_KEY.test(key)
            ? await findCategory(app.db, { slug: key })
            : undefined;
      if (!category) throw notFound('Category not found.');
      return { message: 'Category', data: { category } };
    },
  });

  app.route({
    ...contractRoute(shopApi.list, { query: pageQuerySchema, response: shopListResponseSchema }),
    handler: async (request) => ({ message: 'Shops', data: await listShops(app.db, pageOf(request.query)) }),
  });

  app.route({
    ...contractRoute(shopApi.details, { params: idParamSchema, response: shopDetailsResponseSchema }),
    handler: async (request) => {
      const details = await getShopDetails(app.db, request.params.id);
      if (!details) throw notFound('Shop not found.');
      // Issue 36: a shop without its complete trader identity is not listed (gone, not unknown).
      if (details === 'unlisted') throw gone('listing.shop_unlisted', 'shop_unlisted');
      return { message: 'Shop', data: details };
    },
  });

  app.route({
    ...contractRoute(productApi.mostPopular, { query: pageQuerySchema, response: productListResponseSchema }),
    handler: async (request) => {
      const data = await listMostPopular(app.db, pageOf(request.query));
      await markFavorites(request, [data.data]);
      return { message: 'Most popular products', data };
    },
  });

  app.route({
    ...contractRoute(productApi.bestDeals, { query: pageQuerySchema, response: productListResponseSchema }),
    handler: async (request) => {
      const data = await listBestDeals(app.db, pageOf(request.query));
      await markFavorites(request, [data.data]);
      return { message: 'Best deals', data };
    },
  });

  app.route({
    ...contractRoute(productApi.flashSale, { params: idParamSchema, query: pageQuerySchema, response: flashSaleResponseSchema }),
    handler: async (request) => {
      const sale = await getFlashSale(app.db, request.params.id, pageOf(request.query));
      if (!sale) throw notFound('Flash sale not found.');
      await markFavorites(request, [sale.data]);
      return { message: 'Flash sale', data: sale };
    },
  });

  app.route({
    ...contractRoute(productApi.home, { response: homeResponseSchema }),
    handler: async (request) => {
      const data = await getHomeSections(app.db);
      await markFavorites(request, [data.flash_sale?.products ?? [], data.most_popular, data.best_deals, data.new_arrivals]);
      return { message: 'Home', data };
    },
  });
};
export default catalogRoutes;
