/**
 * What the outbox keeps (docs/offline.md). An entry is self-contained — method, path, body,
 * idempotency key, the shopper's token and language — so the service worker can send it with
 * no tab open, and a change is only ever sent with the token of the shopper who made it.
 */

/** Which feature a change belongs to: it decides how the change is shown and what its answer updates. */
export type OutboxKind = 'cart' | 'favorite' | 'review' | 'withdrawal';

export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Path under /api, e.g. `/cart/store`. */
  path: string;
  body?: unknown;
}

export interface OutboxEntry<Change = unknown> {
  /** Order of the taps across every tab (IndexedDB autoIncrement). */
  seq: number;
  /** The Idempotency-Key: made when the shopper tapped, the same for every attempt. */
  key: string;
  kind: OutboxKind;
  /** Account id of the shopper who made the change. */
  owner: number;
  /** That shopper's bearer token (replaced when the same shopper signs in again). */
  token: string;
  /** Interface language at the time, for the server's messages. */
  locale: string;
  request: OutboxRequest;
  /** The change as the feature shows it while it waits (e.g. the cart line preview). */
  change: Change;
  /** A name the shopper recognises, for notices ("Geacă de iarnă: …"). */
  label: string;
  createdAt: number;
  /** Server errors (5xx) met so far; network failures do not count. */
  attempts: number;
  /**
   * Sent and answered by the service worker, which has no query cache: the answer waits here until
   * a tab stores it (in its persisted cache) and removes the entry. Never sent again.
   */
  answered?: { body: unknown };
}

/** A change that could not apply, to be explained to the shopper by name. */
export interface OutboxNotice {
  id: number;
  kind: OutboxKind;
  owner: number;
  label: string;
  message: string;
  status: number;
  createdAt: number;
}

/** Messages between tabs and the service worker (BroadcastChannel `talcioc-outbox`). */
export type OutboxMessage =
  | { type: 'changed' }
  | { type: 'answered'; kind: OutboxKind; owner: number; seq: number; body: unknown }
  | { type: 'failed'; kind: OutboxKind; owner: number; seq: number };

export const OUTBOX_CHANNEL = 'talcioc-outbox';
export const OUTBOX_LOCK = 'talcioc-outbox-sender';
export const OUTBOX_SYNC_TAG = 'talcioc-outbox';
