import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../src/contract/content.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: app.dbKind };
  });
};
export default healthRoutes;
