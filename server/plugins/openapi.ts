/**
 * The API's OpenAPI 3.1 document (issue 14, ADR 021; issue 39, ADR 036): @fastify/swagger collects
 * every route's schema, fastify-type-provider-zod's jsonSchemaTransform turns the zod schemas into
 * JSON Schema, and server/openapi/document.ts finishes it (operationIds, tags, rules, security,
 * errors, headers, multipart bodies). Served at GET /api/openapi.json (public, cacheable): the
 * companion mobile app's contract, the contract fuzzer's input (scripts/drills/contract-fuzz.ts) and,
 * written by `npm run build:openapi`, the checked-in docs/api/openapi.json.
 *
 * Only /api routes are described (the app's files and /media are not), and never the
 * development-only ones: the document is the production API's in every environment.
 * `servers` names PUBLIC_ORIGIN, else the origin of the request.
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { finishDocument, isDevelopmentOnly, serversFor } from '#server/openapi/document.ts';

export interface OpenapiOptions {
  /** PUBLIC_ORIGIN: the origin `servers` names; unset, the request's. */
  publicOrigin?: string;
}

export default fp<OpenapiOptions>(
  async function openapi(app: FastifyInstance, options: OpenapiOptions) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Talcioc API',
          version: '1.0.0',
          description:
            'Storefront API of Talcioc, a Romanian second-hand marketplace: the PWA and the companion mobile app. Answers are JSON envelopes `{message, data}`; errors `{message}` or, for invalid input, `{message, errors: {field: [..]}}`. Messages follow Accept-Language (Romanian by default).',
        },
      },
      transform: (input) => {
        const url = (input as { url: string }).url;
        if (!url.startsWith('/api/') || url === '/api/openapi.json' || isDevelopmentOnly(url)) {
          return { schema: { ...(input as { schema: object }).schema, hide: true }, url } as never;
        }
        return jsonSchemaTransform(input as never);
      },
    });
    let finished: Record<string, unknown> | undefined;
    app.get('/api/openapi.json', { schema: { hide: true } }, async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      // The origin varies with the request unless configured: shared caches must key on it.
      if (!options.publicOrigin) reply.header('Vary', 'Host, X-Forwarded-Host, X-Forwarded-Proto');
      finished ??= finishDocument(app.swagger());
      return { ...finished, servers: serversFor(options.publicOrigin ?? `${request.protocol}://${request.host}`) };
    });
  },
  { name: 'openapi' },
);
