/**
 * GET /api/dev/reference — the API's readable reference in development (issue 39, ADR 036): Redoc
 * (npm `redoc`, a devDependency) rendering /api/openapi.json, its standalone script served from
 * node_modules by this server, never from a CDN. The page has no inline script (`<redoc
 * spec-url>` starts it), so the app's strict Content-Security-Policy holds unchanged; its styles
 * are inline elements, which the policy's `style-src 'unsafe-inline'` already admits. Search is
 * off: it would start a worker from a blob: URL, which `worker-src 'self'` refuses. Images are
 * narrowed to this origin, so nothing is fetched from elsewhere.
 *
 * Registered only when NODE_ENV is not production (server/app.ts): production has no route here
 * and needs no devDependency. Hidden from the document like every /api/dev/ route.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyPluginAsync } from 'fastify';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Talcioc API reference</title>
  </head>
  <body>
    <redoc spec-url="/api/openapi.json" disable-search></redoc>
    <script src="/api/dev/reference/redoc.standalone.js"></script>
  </body>
</html>
`;

const devApiReferenceRoutes: FastifyPluginAsync = async (app) => {
  const bundlePath = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
  let bundle: Buffer | undefined;

  app.get('/dev/reference', async (_request, reply) => {
    // Stricter still for this page: images from this origin only, so Redoc's footer logo is never
    // fetched from Redocly's CDN (the page works without it).
    const policy = String(reply.getHeader('Content-Security-Policy') ?? '');
    if (policy) reply.header('Content-Security-Policy', policy.replace(/img-src [^;]*/, "img-src 'self' data:"));
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return PAGE;
  });
  app.get('/dev/reference/redoc.standalone.js', async (_request, reply) => {
    bundle ??= await readFile(bundlePath);
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8');
    return bundle;
  });
};
export default devApiReferenceRoutes;
