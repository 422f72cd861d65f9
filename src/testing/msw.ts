/**
 * The API at the edge of a client test (issue 16): MSW answers the app's real requests (its
 * fetch wrapper, headers and error handling run as in the browser). Handlers are typed by the
 * contract: `http.post<never, RequestBody, ResponseBody>('/api/…', …)`. A request no handler
 * answers fails the test, except the connectivity probe (GET /api/health), answered here.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';

export { http, HttpResponse };

/** Starts an MSW server for the calling test file; `server.use(…)` adds a test's own answers. */
export function useApiServer(...handlers: RequestHandler[]) {
  const server = setupServer(http.get('/api/health', () => HttpResponse.json({ status: 'ok' })), ...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
