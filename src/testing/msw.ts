/**
 * The API at the edge of a client test (issue 16): MSW answers the app's real requests (its
 * fetch wrapper, headers and error handling run as in the browser). Handlers are typed by the
 * contract: `http.post<never, RequestBody, ResponseBody>('/api/…', …)`. A request no handler
 * answers fails the test, except the connectivity probe (GET /api/health), answered here.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';

export { delay, http, HttpResponse };

/**
 * Starts an MSW server for the calling test file; `server.use(…)` adds a test's own answers.
 * (Not named use…: it is no React hook, and the hooks' lint rule would say so at a file's top level.)
 */
export function setupApiServer(...handlers: RequestHandler[]) {
  const server = setupServer(
    http.get('/api/health', () => HttpResponse.json({ status: 'ok' })),
    ...handlers,
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
