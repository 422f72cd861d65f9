/** GET /api/master and GET /api/settings (spec §7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { masterResponseSchema, settingsResponseSchema } from '../../src/contract/master.ts';
import { getGeneralSettings, getMasterData } from '../repositories/settings-repository.ts';
import { HttpError } from '../plugins/errors.ts';

const masterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/master', { schema: { response: { 200: masterResponseSchema } } }, async (_request, reply) => {
    const master = await getMasterData(app.db);
    if (!master) throw new HttpError(503, 'The storefront is not configured yet.');
    // Shared, non-personal data: the service worker and browsers may revalidate it in the background.
    reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=86400');
    return { message: 'Master data', data: { data: master } };
  });

  app.get('/settings', { schema: { response: { 200: settingsResponseSchema } } }, async (_request, reply) => {
    const settings = await getGeneralSettings(app.db);
    if (!settings) throw new HttpError(503, 'The storefront is not configured yet.');
    reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=86400');
    return { message: 'Settings', data: { data: settings } };
  });
};
export default masterRoutes;
