/**
 * The catalog API (issue #3, contract src/contract/catalog.ts): product lists, search and
 * filters, product details, similar products, category pages, shops, flash sales and the home
 * sections. Public and the same for everyone, so 200 answers are briefly cacheable.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryKeyParamSchema,
  categoryResponseSchema,
  flashSaleResponseSchema,
  homeResponseSchema,
  idParamSchema,
  productDetailsResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  shopDetailsResponseSchema,
  shopListResponseSchema,
  similarProductsResponseSchema,
} from '../../src/contract/catalog.ts';
import { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../src/contract/catalog-constants.ts';
import { notFound } from '../plugins/errors.ts';
import {
  findActiveProductRef,
  findCategory,
  getFlashSale,
  getHomeSections,
  getProductDetails,
  getShopDetails,
  listBestDeals,
  listMostPopular,
  listProducts,
  listShops,
  listSimilarProducts,
} from '../repositories/catalog-repository.ts';

// Favourites (a later issue) will make product answers depend on the signed-in user: those
// answers must then be `private` (or carry Vary: Authorization) instead of this.
export const CATALOG_CACHE = 'public, max-age=60, stale-while-revalidate=86400';

/**
 * page/per_page of the lists that take nothing else (shops, most popular, best deals, a flash
 * sale); same rules and messages as productListQuerySchema. Server-side only: the contract has
 * no schema for these queries, and unknown keys are ignored.
 */
const pageQuerySchema = z.object({
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

const pageOf = (query: { page: number; per_page?: number | undefined }) => ({ page: query.page, perPage: query.per_page ?? DEFAULT_PER_PAGE });

/** Numeric keys are ids; anything else must look like a slug to be looked up at all. */
const NUMERIC_KEY = /^\d{1,10}$/;
const SLUG_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_ID = 2_147_483_647;

const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('Cache-Control', CATALOG_CACHE);
  });

  const listSchema = { querystring: productListQuerySchema, response: { 200: productListResponseSchema } };
  for (const url of ['/products', '/products/filter']) {
    app.get(url, { schema: listSchema }, async (request) => ({
      message: 'Products',
      data: await listProducts(app.db, request.query, pageOf(request.query)),
    }));
  }

  app.get(
    '/products/:id',
    { schema: { params: idParamSchema, response: { 200: productDetailsResponseSchema } } },
    async (request) => {
      const product = await getProductDetails(app.db, request.params.id);
      if (!product) throw notFound('Product not found.');
      return { message: 'Product', data: { product } };
    },
  );

  app.get(
    '/products/:id/similar',
    { schema: { params: idParamSchema, response: { 200: similarProductsResponseSchema } } },
    async (request) => {
      const product = await findActiveProductRef(app.db, request.params.id);
      if (!product) throw notFound('Product not found.');
      return { message: 'Similar products', data: { data: await listSimilarProducts(app.db, product) } };
    },
  );

  app.get(
    '/categories/:key',
    { schema: { params: categoryKeyParamSchema, response: { 200: categoryResponseSchema } } },
    async (request) => {
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
  );

  app.get('/shops', { schema: { querystring: pageQuerySchema, response: { 200: shopListResponseSchema } } }, async (request) => ({
    message: 'Shops',
    data: await listShops(app.db, pageOf(request.query)),
  }));

  app.get('/shops/:id', { schema: { params: idParamSchema, response: { 200: shopDetailsResponseSchema } } }, async (request) => {
    const details = await getShopDetails(app.db, request.params.id);
    if (!details) throw notFound('Shop not found.');
    return { message: 'Shop', data: details };
  });

  app.get('/most-popular', { schema: { querystring: pageQuerySchema, response: { 200: productListResponseSchema } } }, async (request) => ({
    message: 'Most popular products',
    data: await listMostPopular(app.db, pageOf(request.query)),
  }));

  app.get('/best-deal', { schema: { querystring: pageQuerySchema, response: { 200: productListResponseSchema } } }, async (request) => ({
    message: 'Best deals',
    data: await listBestDeals(app.db, pageOf(request.query)),
  }));

  app.get(
    '/flash-sales/:id',
    { schema: { params: idParamSchema, querystring: pageQuerySchema, response: { 200: flashSaleResponseSchema } } },
    async (request) => {
      const sale = await getFlashSale(app.db, request.params.id, pageOf(request.query));
      if (!sale) throw notFound('Flash sale not found.');
      return { message: 'Flash sale', data: sale };
    },
  );

  app.get('/home', { schema: { response: { 200: homeResponseSchema } } }, async () => ({
    message: 'Home',
    data: await getHomeSections(app.db),
  }));
};
export default catalogRoutes;
