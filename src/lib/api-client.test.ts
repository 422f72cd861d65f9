/** The fetch wrapper against a stubbed network (the edge of the world for this module). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { defineRoute } from '#contract/route.ts';
import { addressApi } from '#contract/routes/addresses.ts';
import {
  ApiError,
  NetworkError,
  ServiceUnavailableError,
  apiRequest,
  callRoute,
  failureMessage,
  onUnauthorized,
  setTokenReader,
} from './api-client.ts';
import { connectivity } from './connectivity.ts';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  setTokenReader(() => null);
});

describe('apiRequest', () => {
  it('calls /api with the spec headers, credentials and the bearer token', async () => {
    const fetchMock = stubFetch(200, { message: 'ok', data: {} });
    localStorage.setItem('locale', '"en"');
    setTokenReader(() => 'tok123');
    await apiRequest('/carts', { query: { page: 2, empty: '' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname).toBe('/api/carts');
    expect(url.search).toBe('?page=2');
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': 'en', Authorization: 'Bearer tok123' });
  });

  it('re-throws errors with the server message and per-field errors', async () => {
    stubFetch(422, { message: 'The phone field is required', errors: { phone: ['The phone field is required', 'second'] } });
    const error = (await apiRequest('/send-otp', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('The phone field is required');
    expect(error.fieldError('phone')).toBe('The phone field is required');
  });

  it('tells listeners about a 401 on an authenticated call', async () => {
    stubFetch(401, { message: 'Unauthenticated.' });
    setTokenReader(() => 'expired');
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    await expect(apiRequest('/carts')).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledOnce();
    off();
  });

  it('turns a failed connection into a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/master')).rejects.toBeInstanceOf(NetworkError);
  });

  it('a 503 is a ServiceUnavailableError (a NetworkError: queued work waits) with its Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"x"}', { status: 503, headers: { 'Retry-After': '7' } })),
    );
    const error = (await apiRequest('/carts').catch((e: unknown) => e)) as ServiceUnavailableError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error.retryAfterSeconds).toBe(7);
    expect(connectivity.state()).toBe('unavailable');
  });

  it('a network failure marks the app offline; a write that gets an answer marks it online', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/master')).rejects.toBeInstanceOf(NetworkError);
    expect(connectivity.state()).toBe('offline');
    stubFetch(200, { message: 'ok', data: {} });
    await apiRequest('/master');
    expect(connectivity.state()).toBe('offline'); // a shared GET may come from the service worker's cache
    await apiRequest('/contact-us', { method: 'POST', body: {} });
    expect(connectivity.state()).toBe('online');
  });
});

describe('callRoute', () => {
  it('takes method and path from the contract definition and fills its path parameters', async () => {
    const fetchMock = stubFetch(200, { message: 'ok', data: { address: { id: 5 } } });
    const body = {
      name: 'Ana',
      phone: '0722123456',
      county: 'Cluj' as const,
      locality: 'Cluj-Napoca',
      street: 'Str. 1',
      postal_code: '400001',
      type: 'home' as const,
    };
    const answer = await callRoute(addressApi.update, { params: { id: 5 }, body });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.method).toBe('PUT');
    expect(url.pathname).toBe('/api/address/5');
    expect(JSON.parse(init.body as string)).toEqual(body);
    expect(answer.data.address.id).toBe(5);
  });

  it('encodes a parameter, and refuses to call a path whose parameter is missing', async () => {
    const fetchMock = stubFetch(200, { message: 'ok' });
    await callRoute(
      defineRoute<{ params: z.ZodType<{ slug: string }>; response: z.ZodType<{ message: string }> }>()('GET', '/things/:slug'),
      {
        params: { slug: 'a/b ă' },
      },
    );
    expect((fetchMock.mock.calls[0] as unknown as [URL])[0].pathname).toBe('/api/things/a%2Fb%20%C4%83');
    expect(() => callRoute(addressApi.remove, { params: {} as { id: number } })).toThrow(/no value for :id/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('failureMessage', () => {
  const t = (key: string) => `t:${key}`;
  it('offline or unreachable: needs a connection; an answer: its message; else: it failed', () => {
    expect(failureMessage(new NetworkError(new Error('offline')), t)).toBe('t:checkout.action_offline');
    expect(failureMessage(new ServiceUnavailableError(503, 2), t)).toBe('t:checkout.action_offline');
    expect(failureMessage(new ApiError(409, 'Comanda nu mai poate fi anulată.'), t)).toBe('Comanda nu mai poate fi anulată.');
    expect(failureMessage(new TypeError('x is undefined'), t)).toBe('t:errors.page_failed_text');
  });
});
