/** A JSON call helper for the cart and order tests: any method, token, language, Idempotency-Key. */
import type { TestApp } from './test-app.ts';

export interface CartCallOptions {
  token?: string;
  key?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export function client(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, o: CartCallOptions = {}) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
      headers: {
        ...(o.token && { authorization: `Bearer ${o.token}` }),
        ...(o.key && { 'idempotency-key': o.key }),
        ...(o.lang && { 'accept-language': o.lang }),
        ...o.headers,
      },
    });
  return {
    get: (url: string, o?: CartCallOptions) => call('GET', url, undefined, o),
    post: (url: string, body: unknown, o?: CartCallOptions) => call('POST', url, body, o),
    put: (url: string, body: unknown, o?: CartCallOptions) => call('PUT', url, body, o),
    del: (url: string, o?: CartCallOptions) => call('DELETE', url, undefined, o),
  };
}
