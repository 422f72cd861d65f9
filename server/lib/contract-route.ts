/**
 * Fastify route options from a contract route (contract/route.ts): its method and path, and the
 * schemas that validate and serialise it. `schemas` must be the very schemas the definition names
 * (the compiler checks each against the route's shape), so the server cannot drift from what the
 * client is typed by.
 */
import type { ZodType } from 'zod';
import type { ApiRoute, HttpMethod, RouteShape, SuccessStatus } from '#contract/route.ts';

export function contractRoute<
  Method extends HttpMethod,
  Path extends string,
  Shape extends RouteShape,
  Status extends SuccessStatus,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no other answers unless given
  Other extends Record<number, ZodType> = {},
>(
  route: ApiRoute<Method, Path, Shape, Status>,
  schemas: Shape,
  /** Other answers the route gives with a body of their own (login's 403 `requires_verification`). */
  otherResponses?: Other,
) {
  const schema = {
    params: schemas.params as Shape['params'],
    querystring: schemas.query as Shape['query'],
    body: schemas.body as Shape['body'],
    // The answer under the definition's success status (201 for what creates), typed as 200's.
    response: { ...otherResponses, [route.status ?? 200]: schemas.response } as Other & Record<Status, Shape['response']>,
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
