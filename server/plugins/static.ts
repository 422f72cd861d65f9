/**
 * Serves the built PWA from the same port as the API. Hashed assets are immutable; the
 * service worker, manifest and index.html are always revalidated so updates reach users.
 * Any non-/api GET that is not a file answers index.html (client-side routes). The build writes
 * Brotli and gzip copies of its text files (scripts/vite-precompress.ts): they are sent as they are
 * to browsers that accept them, and @fastify/compress leaves an encoded answer alone.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export default fp<{ root: string }>(async function staticPlugin(app: FastifyInstance, { root }) {
  const dir = path.resolve(root);
  if (!existsSync(path.join(dir, 'index.html'))) {
    app.log.warn({ dir }, 'no built app found: run `npm run build` (API only)');
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The copies are sent for their originals' addresses; they get no routes of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(reply, filePath) {
      // `filePath` is the copy actually sent (index.html.br): the rules are the original's.
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (name === 'sw.js' || name.endsWith('.webmanifest') || name.endsWith('.html')) {
        reply.header('Cache-Control', 'no-cache');
      } else {
        reply.header('Cache-Control', 'public, max-age=86400');
      }
    },
  });

  // Files present at start get their own routes (wildcard: false); every other GET is either
  // an unknown /api path, a missing asset (404, never HTML served as JS), or a client route.
  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/') || path.extname(urlPath) !== '') {
      return reply.callNotFound();
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
