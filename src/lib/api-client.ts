/**
 * The one fetch wrapper (spec §7): every call goes to /api with X-Requested-With,
 * Accept-Language, credentials and the bearer token when signed in. Failures are re-thrown
 * as ApiError carrying the server message and per-field errors, or as a NetworkError when
 * the device could not reach the server at all (offline, DNS, dropped connection).
 */
import { readStored } from './storage.ts';

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

  /** First message for a field, as the forms show it (spec §5). */
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

type TokenReader = () => string | null;
let readToken: TokenReader = () => readStored<{ token?: string | null }>(AUTH_STORAGE_KEY, {}).token ?? null;
/** The auth feature registers where the current bearer token comes from. */
export function setTokenReader(reader: TokenReader) {
  readToken = reader;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** Spec §4: a 401 on authenticated calls clears the session; the auth feature listens here. */
export function onUnauthorized(listener: UnauthorizedListener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The interface's language: the one the shopper chose (`locale`), else Romanian — the app's
 * default regardless of the browser's (spec §9). Server messages then match the screen; a
 * Romanian screen never shows an English error because the phone's system language is English.
 */
function acceptLanguage(): string {
  return readStored<string | null>(LOCALE_STORAGE_KEY, null) ?? 'ro';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
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

  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, credentials: 'include', signal: options.signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const { message, errors } = (payload ?? {}) as { message?: string; errors?: Record<string, string[]> };
    if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener());
    throw new ApiError(response.status, message ?? response.statusText ?? 'Request failed', errors ?? {}, payload);
  }
  return payload as T;
}
