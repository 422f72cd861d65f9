/** Reports of illegal content (issue 37, DSA art. 16, ADR 033): POST /reports, signed in or not. */
import type { createReportResponseSchema, createReportSchema } from '#contract/reports.ts';
import { defineRoute } from '#contract/route.ts';

export const reportApi = {
  create: defineRoute<{ body: typeof createReportSchema; response: typeof createReportResponseSchema }>()('POST', '/reports', {
    status: 201,
  }),
};
