/**
 * The one sender of queued changes (docs/offline.md). Whoever drains — a tab, or the service
 * worker on a Background Sync — holds the Web Lock `talcioc-outbox-sender` for the whole drain,
 * so two tabs, or a tab and the worker, never send the same change twice or out of order. Inside
 * the lock every step re-reads IndexedDB: an entry another sender already settled is gone.
 *
 * Each entry, oldest first:
 * - 2xx: the answer is handed to `onAnswered` (which stores it), THEN the entry is removed; a
 *   crash in between re-sends it with the same Idempotency-Key and the server replays its answer;
 * - network failure or timeout: stop, the entry stays (nothing is "failed" for a dropped link);
 * - 502/503/504, 429, 409 "in progress": stop and try again later, the entry stays;
 * - 401: that shopper's session is gone: their entries wait (for the same shopper to sign in
 *   again); other shoppers' entries are not held up;
 * - other 5xx: counted; after MAX_SERVER_ERRORS the change is given up with a notice;
 * - other 4xx (sold meanwhile, stock lower, invalid): removed, with a notice naming the item, in
 *   the same IndexedDB transaction — never dropped silently.
 *
 * DOM-free: imported by the window and by the service worker.
 */
import { IDEMPOTENCY_HEADER } from '#contract/constants.ts';
import { listEntries, putEntry, settleEntry } from './outbox-db.ts';
import { OUTBOX_LOCK, type OutboxEntry, type OutboxMessage } from './outbox-types.ts';

export const MAX_SERVER_ERRORS = 5;
const SEND_TIMEOUT_MS = 15_000;

export type DrainOutcome =
  /** Nothing left that can be sent now (entries of signed-out shoppers may remain). */
  | { kind: 'drained'; sent: number }
  /** The network failed: wait for connectivity. */
  | { kind: 'unreachable'; sent: number }
  /** The server asked to wait (503, 429, …): try again after `retryAfterSeconds`. */
  | { kind: 'later'; sent: number; retryAfterSeconds: number | null };

export interface DrainOptions {
  /** Absolute origin of the API (`location.origin` / `self.location.origin`). */
  origin: string;
  fetch?: typeof fetch;
  /** Stores a successful answer (query cache, other tabs); runs before the entry is removed. */
  onAnswered?: (entry: OutboxEntry, body: unknown) => void | Promise<void>;
  /** Tells other contexts what happened (BroadcastChannel). */
  broadcast?: (message: OutboxMessage) => void;
  /** A request got a real answer (for the connectivity judgement). */
  onReachable?: () => void;
  onUnreachable?: () => void;
  /** Texts for notices the server did not word (translated by the caller). */
  fallbackMessage?: (entry: OutboxEntry, status: number) => string;
  timeoutMs?: number;
  /** Web Locks; tests and old browsers without them rely on the idempotency keys alone. */
  locks?: LockManager | null;
  /**
   * The service worker: it cannot store an answer where the screens read it, so an answered
   * entry stays, marked with its answer, for the next tab to store and remove (outbox.ts).
   */
  keepAnswered?: boolean;
}

const retryAfter = (response: Response): number | null => {
  const raw = response.headers.get('Retry-After');
  if (!raw) return null;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
};

async function messageOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body?.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

function send(entry: OutboxEntry, options: DrainOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': entry.locale,
    Authorization: `Bearer ${entry.token}`,
    [IDEMPOTENCY_HEADER]: entry.key,
  };
  let body: string | undefined;
  if (entry.request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(entry.request.body);
  }
  const doFetch = options.fetch ?? fetch;
  return doFetch(new URL(`/api${entry.request.path}`, options.origin), {
    method: entry.request.method,
    headers,
    body,
    credentials: 'include',
    cache: 'no-store',
    signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
  });
}

async function drainUnlocked(options: DrainOptions): Promise<DrainOutcome> {
  const signedOut = new Set<number>();
  let sent = 0;
  for (;;) {
    const entry = (await listEntries()).find((e) => !signedOut.has(e.owner) && !e.answered);
    if (!entry) return { kind: 'drained', sent };

    let response: Response;
    try {
      response = await send(entry, options);
    } catch {
      options.onUnreachable?.();
      return { kind: 'unreachable', sent };
    }
    const status = response.status;
    if (status === 502 || status === 503 || status === 504) return { kind: 'later', sent, retryAfterSeconds: retryAfter(response) };
    options.onReachable?.();

    if (response.ok) {
      const body: unknown = status === 204 ? null : await response.json().catch(() => null);
      await options.onAnswered?.(entry, body);
      if (options.keepAnswered) await putEntry({ ...entry, answered: { body } });
      else await settleEntry(entry.seq);
      options.broadcast?.({ type: 'answered', kind: entry.kind, owner: entry.owner, seq: entry.seq, body });
      sent += 1;
      continue;
    }
    if (status === 401) {
      signedOut.add(entry.owner);
      continue;
    }
    // Too many requests, or the same key still being applied by a parallel request: wait.
    if (status === 429 || status === 409) return { kind: 'later', sent, retryAfterSeconds: retryAfter(response) };
    if (status >= 500 && entry.attempts + 1 < MAX_SERVER_ERRORS) {
      await putEntry({ ...entry, attempts: entry.attempts + 1 });
      return { kind: 'later', sent, retryAfterSeconds: null };
    }
    // It cannot apply (sold meanwhile, stock lower, invalid) — or the server kept failing on it.
    const message = (await messageOf(response)) ?? options.fallbackMessage?.(entry, status) ?? `HTTP ${status}`;
    await settleEntry(entry.seq, { kind: entry.kind, owner: entry.owner, label: entry.label, message, status, createdAt: Date.now() });
    options.broadcast?.({ type: 'failed', kind: entry.kind, owner: entry.owner, seq: entry.seq });
  }
}

/** Sends every queued change it can, in order, holding the sender lock. */
export function drainOutbox(options: DrainOptions): Promise<DrainOutcome> {
  const locks = options.locks === undefined ? (typeof navigator !== 'undefined' ? navigator.locks : undefined) : options.locks;
  if (!locks) return drainUnlocked(options);
  return locks.request(OUTBOX_LOCK, () => drainUnlocked(options)) as unknown as Promise<DrainOutcome>;
}
