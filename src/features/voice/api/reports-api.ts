/** POST /reports (issue 37, DSA art. 16): sent at once, never queued — the reporter sees the reference or the failure. */
import { callRoute } from '#src/lib/api-client.ts';
import { reportApi } from '#contract/routes/reports.ts';
import type { RouteBody } from '#contract/route.ts';

export const sendReport = (body: RouteBody<typeof reportApi.create>) => callRoute(reportApi.create, { body });
