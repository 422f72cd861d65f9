/**
 * Fastify route options from a contract route (contract/route.ts): its method and path, and the
 * schemas that validate and serialise it. `schemas` must be the very schemas the definition names
 * (the compiler checks each against the route's shape), so the server cannot drift from what the
 * client is typed by.
 */
import type { ApiRoute, HttpMethod, RouteShape } from '../../contract/route.ts';

export function contractRoute<Method extends HttpMethod, Path extends string, Shape extends RouteShape>(
  route: ApiRoute<Method, Path, Shape>,
  schemas: Shape,
) {
  return {
    method: route.method,
    url: route.path,
    // Absent parts are undefined: Fastify validates only the parts a schema names.
    schema: {
      params: schemas.params as Shape['params'],
      querystring: schemas.query as Shape['query'],
      body: schemas.body as Shape['body'],
      response: { 200: schemas.response },
    },
  };
}
