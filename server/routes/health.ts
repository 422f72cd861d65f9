/**
 * Liveness and readiness (issue 14, ADR 013):
 * - GET /api/health: the process is alive and serving (no database query: a database outage must
 *   not make an orchestrator restart a healthy process);
 * - GET /api/health/ready: whether the database answers within 2 s — 200 `ok`, else 503
 *   `unavailable` with Retry-After (take the instance out of the load balancer meanwhile).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema } from '#contract/content.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#server/lib/http-error.ts';
import { pingDatabase } from '#server/repositories/health-repository.ts';

const READY_TIMEOUT_MS = 2000;

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const, database: app.dbKind };
  });

  app.get(
    '/health/ready',
    { schema: { response: { 200: readinessResponseSchema, 503: readinessResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      const ready = await Promise.race([
        pingDatabase(app.db).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
        }),
      ])
        .catch((err: unknown) => {
          request.log.warn({ reason: (err as Error).message?.split('\n')[0] }, 'readiness: database does not answer');
          return false;
        })
        .finally(() => clearTimeout(timer));
      const catalogIndex = !app.catalogIndex ? ('off' as const) : app.catalogIndex.ready ? ('ready' as const) : ('loading' as const);
      if (ready) return { status: 'ok' as const, database: app.dbKind, catalog_index: catalogIndex };
      reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return { status: 'unavailable' as const, database: app.dbKind, catalog_index: catalogIndex };
    },
  );
};
export default healthRoutes;
