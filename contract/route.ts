/**
 * One definition per endpoint (issue 16): its method and path, and — as types only — what it
 * takes and answers (the contract's zod schemas). The server binds the very schemas to its route
 * (server/lib/contract-route.ts: the compiler checks they are the route's own) and the client calls
 * it through `callRoute` (src/lib/api-client.ts), typed by the same definition.
 *
 * Route modules (contract/routes/*) import the schemas with `import type` only: a client that
 * calls an endpoint gets its method and path at run time, and nothing of zod.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** The status a success answer comes with: 201 for what creates a resource. */
export type SuccessStatus = 200 | 201;

/** What an endpoint takes and answers: the types of its schemas (`typeof someSchema`). */
export interface RouteShape {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export interface ApiRoute<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Shape extends RouteShape = RouteShape,
  Status extends SuccessStatus = SuccessStatus,
> {
  readonly method: Method;
  /** Under /api; `:name` segments are path parameters. */
  readonly path: Path;
  /** The success status its answer comes with (201 for what creates a resource; 200 when absent). */
  readonly status?: Status;
  /** Types only, never set at run time. */
  readonly shape?: Shape;
}

/** `defineRoute<{ body: typeof bodySchema; response: typeof answerSchema }>()('POST', '/things')`. */
export const defineRoute =
  <Shape extends RouteShape>() =>
  <const Method extends HttpMethod, const Path extends string, const Status extends SuccessStatus = 200>(
    method: Method,
    path: Path,
    options: { status?: Status } = {},
  ): ApiRoute<Method, Path, Shape, Status> => ({
    method,
    path,
    ...options,
  });

type ShapeOf<R> = R extends ApiRoute<HttpMethod, string, infer S, SuccessStatus> ? S : never;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a client sends: the schemas' input types. */
export type RouteParams<R> = InputOf<ShapeOf<R>['params']>;
export type RouteQuery<R> = InputOf<ShapeOf<R>['query']>;
export type RouteBody<R> = InputOf<ShapeOf<R>['body']>;
/** What a client gets: the response schema's output. */
export type RouteAnswer<R> = z.output<ShapeOf<R>['response']>;
