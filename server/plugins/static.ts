/**
 * Serves the built PWA from the same port as the API, from what is on disk AT REQUEST TIME
 * (issue 14): a rebuild beside a running server, or a deploy that swaps the directory's contents,
 * never leaves the server answering 404 for the new hashed assets (@fastify/static with
 * `serve: false`: no route per file found at start, `reply.sendFile` looks the file up per request;
 * the `send` library keeps requests inside `root`).
 *
 * Hashed assets are immutable; the service worker, manifest and index.html are always revalidated
 * so updates reach users. Any non-/api GET without an extension answers index.html (client-side
 * routes) — a first screen's with the answers it shows written in (ADR 026); a missing file with an extension is a 404, never HTML served as JS. The build writes
 * Brotli and gzip copies of its text files (build/vite-precompress.ts): they are sent as they
 * are to browsers that accept them, and @fastify/compress leaves an encoded answer alone; the
 * copies' own addresses are not served.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { FIRST_ANSWERS_BUDGET_MS, createFirstAnswers, firstScreenOf } from '#server/first-screen/first-answers.ts';
import { appPage, withFirstAnswers } from '#server/first-screen/page.ts';
import { answersOfScreen, createFirstScreenRenderer, withFirstScreen } from '#server/first-screen/render.ts';

export default fp<{ root: string; firstAnswersMs?: number; firstScreenHtmlMs?: number; firstScreenRendersPerSecond?: number }>(
  async function staticPlugin(app: FastifyInstance, { root, firstAnswersMs, firstScreenHtmlMs, firstScreenRendersPerSecond }) {
    const dir = path.resolve(root);
    if (!existsSync(path.join(dir, 'index.html'))) {
      app.log.warn({ dir }, 'no built app found yet: run `npm run build` (served as soon as it is there)');
    }
    await app.register(fastifyStatic, {
      root: dir,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // `filePath` is the copy actually sent (index.html.br): the rules are the original's.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        const relative = path.relative(dir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (name === 'sw.js' || name.endsWith('.webmanifest') || name.endsWith('.html')) {
          reply.header('Cache-Control', 'no-cache');
        } else {
          reply.header('Cache-Control', 'public, max-age=86400');
        }
      },
    });

    const readPage = appPage(dir);
    const firstAnswersFor = createFirstAnswers(app, { budgetMs: firstAnswersMs ?? FIRST_ANSWERS_BUDGET_MS });
    const renderFirstScreen = createFirstScreenRenderer(dir, firstAnswersFor.ask, {
      budgetMs: firstScreenHtmlMs,
      perSecond: firstScreenRendersPerSecond,
      generation: () => app.catalogCache.generation,
    });

    app.get('/*', async (request, reply) => {
      let urlPath: string;
      try {
        urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      } catch {
        return reply.callNotFound();
      }
      if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.callNotFound();
      if (path.extname(urlPath) !== '') {
        // The build's compressed copies are sent for their originals' addresses only; dot-files never.
        if (/\.(br|gz)$/.test(urlPath) || urlPath.split('/').some((part) => part.startsWith('.'))) return reply.callNotFound();
        return reply.sendFile(urlPath.replace(/^\/+/, ''));
      }
      reply.header('Cache-Control', 'no-cache');
      // A first screen's page carries its answers (ADR 026); anything else, a HEAD request, or no
      // answers in time: the file as it is.
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const screen = request.method === 'GET' ? firstScreenOf(urlPath, search) : null;
      if (screen) {
        const html = await readPage();
        const first = html === null ? null : await firstAnswersFor(screen);
        if (html !== null && first) {
          // The screen drawn from the answers the page carries (ADR 044), when it could be in time.
          const rendered = await renderFirstScreen(urlPath);
          const page = rendered
            ? withFirstScreen(withFirstAnswers(html, answersOfScreen(first, rendered)), rendered)
            : withFirstAnswers(html, first);
          return reply.type('text/html; charset=utf-8').send(page);
        }
      }
      return reply.sendFile('index.html');
    });
  },
);
