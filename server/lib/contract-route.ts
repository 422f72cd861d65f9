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
  const schema = {
    params: schemas.params as Shape['params'],
    querystring: schemas.query as Shape['query'],
    body: schemas.body as Shape['body'],
    response: { 200: schemas.response },
  };
  return {
    method: route.method,
    url: route.path,
    // Typed with every part (the type provider infers the handler's request from them), given
    // only the parts the definition names: an explicit undefined makes Fastify warn (FSTWRN001)
    // at every start, for every route.
    schema: Object.fromEntries(Object.entries(schema).filter(([, part]) => part !== undefined)) as typeof schema,
  };
}
