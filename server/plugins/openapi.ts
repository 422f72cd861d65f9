/**
 * The API's OpenAPI 3.1 document, generated from the zod contract (issue 14, ADR 021):
 * @fastify/swagger collects every route's schema and fastify-type-provider-zod's
 * jsonSchemaTransform turns the zod schemas into JSON Schema. Served at GET /api/openapi.json
 * (public, cacheable): the companion mobile app's contract and the contract fuzzer's input
 * (scripts/contract-fuzz.ts). Only /api routes are described (the app's files and /media are not).
 * Interactive docs are not served (no @fastify/swagger-ui dependency); any OpenAPI viewer reads
 * the document.
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Talcioc API', version: '1.0.0', description: 'Storefront API of Talcioc (PWA and companion app).' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: (input) => {
        const url = (input as { url: string }).url;
        if (!url.startsWith('/api/') || url === '/api/openapi.json') {
          return { schema: { ...(input as { schema: object }).schema, hide: true }, url } as never;
        }
        return jsonSchemaTransform(input as never);
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return app.swagger();
    });
  },
  { name: 'openapi' },
);
