/**
 * The outbox's storage: one IndexedDB database shared by every tab and the service worker
 * (docs/offline.md). Plain IndexedDB rather than idb-keyval's single key-value store, because
 * the outbox needs what a key-value blob cannot give across tabs: an atomic append with a
 * monotonic key (`autoIncrement`), so two tabs adding at once keep the order the taps were made
 * in, and removal of one entry without rewriting the others.
 *
 * DOM-free: imported by the window and by the service worker.
 */
import type { OutboxEntry, OutboxNotice } from './outbox-types.ts';

const DB_NAME = 'talcioc-outbox';
const DB_VERSION = 1;
const CHANGES = 'changes';
const NOTICES = 'notices';

let opening: Promise<IDBDatabase> | undefined;

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

export function openOutboxDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(CHANGES)) db.createObjectStore(CHANGES, { keyPath: 'seq', autoIncrement: true });
      if (!db.objectStoreNames.contains(NOTICES)) db.createObjectStore(NOTICES, { keyPath: 'id', autoIncrement: true });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another context upgrading (a newer build in another tab): let it, reopen next time.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new DOMException('Outbox database blocked', 'InvalidStateError'));
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** Appends a change; resolves with its sequence number once it is durably written. */
export async function appendEntry(entry: Omit<OutboxEntry, 'seq'>): Promise<number> {
  const db = await openOutboxDb();
  const tx = db.transaction(CHANGES, 'readwrite');
  const seq = promisify(tx.objectStore(CHANGES).add(entry)) as Promise<number>;
  await done(tx);
  return seq;
}

/** Every queued change, oldest first. */
export async function listEntries(): Promise<OutboxEntry[]> {
  const db = await openOutboxDb();
  const tx = db.transaction(CHANGES, 'readonly');
  const entries = promisify(tx.objectStore(CHANGES).getAll() as IDBRequest<OutboxEntry[]>);
  await done(tx);
  return entries;
}

/** Replaces an entry (attempt count, a new token for the same shopper). */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  const db = await openOutboxDb();
  const tx = db.transaction(CHANGES, 'readwrite');
  tx.objectStore(CHANGES).put(entry);
  await done(tx);
}

/**
 * Removes a change and, in the same transaction, records what the shopper must be told about
 * it (a change that could not apply): the explanation is never lost between the two writes.
 */
export async function settleEntry(seq: number, notice?: Omit<OutboxNotice, 'id'>): Promise<void> {
  const db = await openOutboxDb();
  const tx = db.transaction([CHANGES, NOTICES], 'readwrite');
  tx.objectStore(CHANGES).delete(seq);
  if (notice) tx.objectStore(NOTICES).add(notice);
  await done(tx);
}

/** Removes every change matching `predicate` (sign-out: the shopper chose to discard them). */
export async function removeEntries(predicate: (entry: OutboxEntry) => boolean): Promise<number> {
  const db = await openOutboxDb();
  const tx = db.transaction(CHANGES, 'readwrite');
  const store = tx.objectStore(CHANGES);
  const all = await promisify(store.getAll() as IDBRequest<OutboxEntry[]>);
  const doomed = all.filter(predicate);
  for (const entry of doomed) store.delete(entry.seq);
  await done(tx);
  return doomed.length;
}

/** Takes the notices not yet shown (each is shown once, by whichever tab takes it). */
export async function takeNotices(): Promise<OutboxNotice[]> {
  const db = await openOutboxDb();
  const tx = db.transaction(NOTICES, 'readwrite');
  const store = tx.objectStore(NOTICES);
  const notices = await promisify(store.getAll() as IDBRequest<OutboxNotice[]>);
  store.clear();
  await done(tx);
  return notices;
}

/** Tests: forget the open connection (after fake-indexeddb is reset). */
export function resetOutboxDbForTests() {
  opening = undefined;
}
