/**
 * The one fetch wrapper (product §7): every call goes to /api with X-Requested-With,
 * Accept-Language, credentials and the bearer token when signed in. Failures are re-thrown
 * as ApiError carrying the server message and per-field errors, or as a NetworkError when
 * the device could not reach the server at all (offline, DNS, dropped connection).
 */
import type { ApiRoute, RouteAnswer, RouteBody, RouteParams, RouteQuery } from '#contract/route.ts';
import { readStored } from './storage.ts';
import { connectivity } from './connectivity.ts';
import { takeFirstAnswer } from './first-answers.ts';
import { firstAnswerKey } from '#contract/first-answers.ts';

export const API_BASE = '/api';
export const LOCALE_STORAGE_KEY = 'locale';
export const AUTH_STORAGE_KEY = 'auth';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors: Record<string, string[]> = {},
    public readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** First message for a field, as the forms show it (product §5). */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * The server (or its database) is down for now: 502, 503 or 504. Treated like a dropped
 * connection — queued changes wait, screens show a calm "try again shortly" — never as a
 * final error. `retryAfterSeconds` comes from the Retry-After header when there is one.
 */
export class ServiceUnavailableError extends NetworkError {
  constructor(
    public readonly status: number,
    public readonly retryAfterSeconds: number | null,
  ) {
    super(`HTTP ${status}`);
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * What to tell the shopper when an action failed: offline (or the server unreachable), that it
 * needs a connection; an answer from the server, its own message; anything else, that it failed.
 */
export function failureMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof NetworkError) return t('checkout.action_offline');
  if (error instanceof ApiError) return error.message;
  return t('errors.page_failed_text');
}

const isUnavailableStatus = (status: number) => status === 502 || status === 503 || status === 504;

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

type TokenReader = () => string | null;
let readToken: TokenReader = () => readStored<{ token?: string | null }>(AUTH_STORAGE_KEY, {}).token ?? null;
/** The auth feature registers where the current bearer token comes from. */
export function setTokenReader(reader: TokenReader) {
  readToken = reader;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** The session was refused (a 401 met outside `apiRequest`, e.g. by the outbox's sender). */
export function notifyUnauthorized() {
  unauthorizedListeners.forEach((listener) => listener());
}
/** Product §4: a 401 on authenticated calls clears the session; the auth feature listens here. */
export function onUnauthorized(listener: UnauthorizedListener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The interface's language: the one the shopper chose (`locale`), else Romanian — the app's
 * default regardless of the browser's (product §9). Server messages then match the screen; a
 * Romanian screen never shows an English error because the phone's system language is English.
 */
export function acceptLanguage(): string {
  return readStored<string | null>(LOCALE_STORAGE_KEY, null) ?? 'ro';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** What `callRoute` sends: the route's path parameters, query and body, as its schemas take them. */
export interface RouteInput<R extends ApiRoute> {
  params?: RouteParams<R>;
  query?: RouteQuery<R> & RequestOptions['query'];
  body?: RouteBody<R>;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key); the token and language are added as for any call. */
  headers?: Record<string, string>;
}

/**
 * Calls an endpoint by its contract definition (contract/routes/*): method and path from the
 * definition, `:name` segments filled from `params`, the answer typed by its response schema.
 */
export function callRoute<R extends ApiRoute>(route: R, input: RouteInput<R> = {}): Promise<RouteAnswer<R>> {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${route.method} ${route.path}: no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
  return apiRequest<RouteAnswer<R>>(path, {
    method: route.method,
    query: input.query,
    body: input.body,
    signal: input.signal,
    headers: input.headers,
  });
}

/**
 * Where a GET goes while the server renders a first screen (ADR 044, src/entry-server.tsx): the
 * server's own API, asked in-process as an anonymous Romanian visitor. Never set in a browser.
 * `undefined` from it means no answer (the screen renders as it would offline, and is not used).
 */
type ServerTransport = (pathAndQuery: string) => Promise<unknown>;
let serverTransport: ServerTransport | null = null;
export function setServerTransport(transport: ServerTransport | null) {
  serverTransport = transport;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${API_BASE}${path}`, serverTransport ? 'http://server.invalid' : window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  if (serverTransport) {
    if ((options.method ?? 'GET') !== 'GET') throw new Error(`${options.method} ${path} while rendering on the server`);
    const answer = await serverTransport(url.pathname.slice(API_BASE.length) + url.search);
    if (answer === undefined) throw new NetworkError(new Error(`no server answer for ${path}`));
    return answer as T;
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': acceptLanguage(),
    ...options.headers,
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const method = options.method ?? 'GET';
  // A first visit's page may carry this answer already (ADR 026): no round trip for it.
  if (method === 'GET' && !token && !options.headers && !options.signal?.aborted) {
    const answer = takeFirstAnswer(firstAnswerKey(url.pathname.slice(API_BASE.length), url.searchParams), headers['Accept-Language']!);
    if (answer !== undefined) return answer as T;
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError' && options.signal?.aborted) throw error;
    connectivity.reportNetworkFailure();
    throw new NetworkError(error);
  }
  if (isUnavailableStatus(response.status)) {
    connectivity.reportUnavailable();
    throw new ServiceUnavailableError(response.status, retryAfterSeconds(response.headers.get('Retry-After')));
  }
  // Proof the server is reachable — except a shared GET, which the service worker may have
  // answered from its cache while the network is down.
  if (method !== 'GET' || token) connectivity.reportReachable();

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const { message, errors } = (payload ?? {}) as { message?: string; errors?: Record<string, string[]> };
    if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiError(response.status, message ?? response.statusText ?? 'Request failed', errors ?? {}, payload);
  }
  return payload as T;
}
