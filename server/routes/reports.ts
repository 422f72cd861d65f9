/**
 * POST /reports (issue 37, DSA art. 16, ADR 033): a notice of illegal content, signed in or not.
 * A valid bearer token links the report to its account (and counts it against the account's limit
 * too); a missing or stale one does not stop a report. services/report-service.ts does the rest.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportApi } from '#contract/routes/reports.ts';
import { createReportResponseSchema, createReportSchema } from '#contract/reports.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { createReport } from '#server/services/report-service.ts';
import { clientIp } from '#server/services/session-service.ts';

import { authenticateIfSignedIn } from '#server/plugins/auth.ts';
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(reportApi.create, { body: createReportSchema, response: createReportResponseSchema }),
    handler: async (request, reply) => {
      await authenticateIfSignedIn(app, request, reply);
      const report = await createReport(app.db, request.body, {
        ip: clientIp(request),
        userId: request.auth?.user.id ?? null,
        locale: request.locale,
      });
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({ message: request.t('voice.report_received', { reference: report.reference }), data: { report } });
    },
  });
};
export default reportRoutes;
