/** Countries, categories, banners and subpages (product §7). */
import { categoryApi } from '#contract/routes/categories.ts';
import { contentApi } from '#contract/routes/content.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bannersResponseSchema, categoriesResponseSchema, countriesResponseSchema, subpagesResponseSchema } from '#contract/content.ts';
import { listActiveBanners, listCategories, listCountries, listSubpages } from '#server/repositories/content-repository.ts';

const PUBLIC_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('Cache-Control', PUBLIC_CACHE);
  });

  app.route({
    ...contractRoute(contentApi.countries, { response: countriesResponseSchema }),
    handler: async () => ({ message: 'Countries', data: { countries: await listCountries(app.db) } }),
  });

  app.route({
    ...contractRoute(categoryApi.list, { response: categoriesResponseSchema }),
    handler: async () => ({ message: 'Categories', data: { categories: await listCategories(app.db) } }),
  });

  app.route({
    ...contractRoute(contentApi.banners, { response: bannersResponseSchema }),
    handler: async () => ({ message: 'Banners', data: { data: await listActiveBanners(app.db) } }),
  });

  app.route({
    ...contractRoute(contentApi.subpages, { response: subpagesResponseSchema }),
    handler: async () => listSubpages(app.db),
  });
};
export default contentRoutes;
