/**
 * The outbox against fake-indexeddb and a small in-memory "server" standing in for the network
 * (the edge of this module's world; the real server and browser are in tests/e2e). The server
 * applies each Idempotency-Key once, like server/plugins/idempotency.ts, so a test can tell a
 * change applied twice from a change sent twice.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createConnectivity, type Connectivity } from '../connectivity.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { appendEntry, listEntries, resetOutboxDbForTests, takeNotices } from './outbox-db.ts';
import { drainOutbox } from './outbox-sender.ts';
import { OUTBOX_CHANNEL, type OutboxNotice } from './outbox-types.ts';

/** A Web Locks stand-in: one holder per name, waiters in order (what navigator.locks guarantees). */
function memoryLocks(): LockManager {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name: string, callback: () => Promise<unknown>) {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(() => callback());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
    query: async () => ({ held: [], pending: [] }),
  } as unknown as LockManager;
}

type Mode = 'ok' | 'network' | 'apply-then-drop' | 'unavailable' | 'server-error';

/** The server: applies each key once, answers per mode; records every request it saw. */
function fakeServer() {
  const applied = new Map<string, string>();
  const seen: { path: string; key: string; token: string }[] = [];
  const refuse = new Map<string, { status: number; message: string }>();
  const revoked = new Set<string>();
  let mode: Mode = 'ok';
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = init?.headers as Record<string, string>;
    const key = headers['Idempotency-Key']!;
    const token = headers.Authorization!.replace('Bearer ', '');
    if (mode === 'network') throw new TypeError('Failed to fetch');
    seen.push({ path: url.pathname, key, token });
    if (mode === 'unavailable') return new Response('{}', { status: 503, headers: { 'Retry-After': '1' } });
    if (mode === 'server-error') return new Response(JSON.stringify({ message: 'boom' }), { status: 500 });
    if (revoked.has(token)) return new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 });
    const refusal = refuse.get(url.pathname);
    if (refusal) return new Response(JSON.stringify({ message: refusal.message }), { status: refusal.status });
    if (!applied.has(key)) applied.set(key, url.pathname);
    if (mode === 'apply-then-drop') throw new TypeError('connection reset after the server applied it');
    return new Response(JSON.stringify({ message: 'ok', data: { path: url.pathname } }), { status: 200 });
  }) as typeof fetch;
  return {
    fetch: fetchImpl,
    applied,
    seen,
    refuse,
    revoked,
    setMode: (next: Mode) => (mode = next),
  };
}

const origin = 'http://talcioc.test';
let connectivity: Connectivity;
let outboxes: Outbox[] = [];

/**
 * An outbox as a tab has it once started: restored at once (the app restores it right after its
 * query cache) unless `restored: false`, for a test that follows the start-up order itself.
 */
function newOutbox(server: ReturnType<typeof fakeServer>, locks: LockManager, notices: OutboxNotice[] = [], { restored = true } = {}) {
  const outbox = createOutbox({ connectivity, origin: () => origin, fetch: server.fetch, locks, presentNotice: (n) => notices.push(n) });
  outboxes.push(outbox);
  if (restored) void outbox.restore();
  return outbox;
}

const change = (path: string, label = path) => ({
  kind: 'cart' as const,
  request: { method: 'POST' as const, path, body: { product_id: 1 } },
  change: { path },
  label,
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetOutboxDbForTests();
  connectivity = createConnectivity({ fetch: (async () => new Response('{}')) as typeof fetch, origin, initial: 'online' });
});

afterEach(() => {
  outboxes.forEach((o) => o.dispose());
  outboxes = [];
  connectivity.dispose();
});

describe('outbox', () => {
  it('keeps every change durably, in order, and sends each once with its own key', async () => {
    const server = fakeServer();
    server.setMode('network');
    const outbox = newOutbox(server, memoryLocks());
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    for (const path of ['/cart/store', '/cart/increment', '/cart/decrement']) await outbox.enqueue(change(path));
    await outbox.idle();
    // Stored before anything reached the server, and shown as waiting.
    expect((await listEntries()).map((e) => e.request.path)).toEqual(['/cart/store', '/cart/increment', '/cart/decrement']);
    expect(outbox.pending('cart')).toHaveLength(3);
    expect(connectivity.state()).toBe('offline');

    server.setMode('ok');
    connectivity.reportReachable();
    await outbox.idle();
    expect(server.seen.map((s) => s.path)).toEqual(['/api/cart/store', '/api/cart/increment', '/api/cart/decrement']);
    expect(new Set(server.seen.map((s) => s.key)).size).toBe(3);
    expect(await listEntries()).toEqual([]);
    expect(outbox.pending('cart')).toEqual([]);
  });

  it('a crash between the server applying a change and the app hearing it: sent again with the same key, applied once', async () => {
    const server = fakeServer();
    const outbox = newOutbox(server, memoryLocks());
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    server.setMode('apply-then-drop');
    await outbox.enqueue(change('/cart/store'));
    await outbox.idle();
    expect(server.applied.size).toBe(1);
    expect(await listEntries()).toHaveLength(1);

    // A new start (the tab was killed): a fresh outbox over the same database.
    outbox.dispose();
    const restarted = newOutbox(server, memoryLocks());
    restarted.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    server.setMode('ok');
    await restarted.restore();
    await restarted.idle();
    // Sent again after the restart (maybe more than once before it), always with the one key.
    expect(server.seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(server.seen.map((s) => s.key)).size).toBe(1);
    expect(server.applied.size).toBe(1);
    expect(await listEntries()).toEqual([]);
  });

  it('a change that can no longer apply (409/422) is removed and explained by name; later ones still go', async () => {
    const server = fakeServer();
    const notices: OutboxNotice[] = [];
    const outbox = newOutbox(server, memoryLocks(), notices);
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    server.refuse.set('/api/cart/store', { status: 422, message: 'Stoc epuizat' });
    server.refuse.set('/api/cart/increment', { status: 409, message: 'conflict' });
    await outbox.enqueue(change('/cart/store', 'Geacă de iarnă'));
    await outbox.enqueue(change('/cart/delete', 'Rochie'));
    await outbox.idle();
    expect(notices).toEqual([expect.objectContaining({ label: 'Geacă de iarnă', message: 'Stoc epuizat', status: 422, owner: 1 })]);
    expect(server.applied.has(server.seen[1]!.key)).toBe(true);
    expect(await listEntries()).toEqual([]);
    expect(await takeNotices()).toEqual([]); // shown once, then gone
  });

  it('a 409 waits (the same key still being applied) instead of dropping the change', async () => {
    const server = fakeServer();
    const outbox = newOutbox(server, memoryLocks());
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    server.refuse.set('/api/cart/increment', { status: 409, message: 'in progress' });
    await outbox.enqueue(change('/cart/increment'));
    await outbox.idle();
    expect(await listEntries()).toHaveLength(1);
  });

  it("a 401 holds that shopper's changes (never sent with another's token) and sends them after the same shopper signs in again", async () => {
    const server = fakeServer();
    const outbox = newOutbox(server, memoryLocks());
    outbox.setIdentity({ owner: 1, token: 'old', locale: 'ro' });
    server.revoked.add('old');
    await outbox.enqueue(change('/cart/store'));
    await outbox.idle();
    expect(await listEntries()).toHaveLength(1);

    // Another shopper on the same phone: the first one's change stays, hidden, and is not sent.
    outbox.setIdentity({ owner: 2, token: 'other', locale: 'ro' });
    expect(outbox.pending('cart')).toEqual([]);
    await outbox.enqueue(change('/cart/increment'));
    await outbox.idle();
    expect(server.seen.filter((s) => s.token === 'other').map((s) => s.path)).toEqual(['/api/cart/increment']);
    expect((await listEntries()).map((e) => e.owner)).toEqual([1]);

    // The first shopper signs in again: their change goes, with the new token.
    outbox.setIdentity({ owner: 1, token: 'new', locale: 'ro' });
    await outbox.idle();
    await expect.poll(() => listEntries()).toEqual([]);
    expect(server.seen.at(-1)).toMatchObject({ path: '/api/cart/store', token: 'new' });
  });

  it('network failures and 503 keep the change without counting attempts; repeated 500s give up with a notice', async () => {
    const server = fakeServer();
    const notices: OutboxNotice[] = [];
    const locks = memoryLocks();
    await appendEntry({
      key: crypto.randomUUID(),
      kind: 'cart',
      owner: 1,
      token: 't',
      locale: 'ro',
      request: { method: 'POST', path: '/cart/store' },
      change: {},
      label: 'Tricou',
      createdAt: 0,
      attempts: 0,
    });
    const drain = () => drainOutbox({ origin, fetch: server.fetch, locks, fallbackMessage: () => 'eroare de server' });
    server.setMode('network');
    expect((await drain()).kind).toBe('unreachable');
    server.setMode('unavailable');
    expect(await drain()).toMatchObject({ kind: 'later', retryAfterSeconds: 1 });
    expect((await listEntries())[0]!.attempts).toBe(0);
    server.setMode('server-error');
    for (let i = 1; i < 5; i++) {
      expect((await drain()).kind).toBe('later');
      expect((await listEntries())[0]!.attempts).toBe(i);
    }
    expect((await drain()).kind).toBe('drained');
    expect(await listEntries()).toEqual([]);
    const [notice] = await takeNotices();
    expect(notice).toMatchObject({ label: 'Tricou', message: 'boom', status: 500 });
    void notices;
  });

  it('a change that cannot be stored (quota) is refused and not shown', async () => {
    const server = fakeServer();
    const outbox = newOutbox(server, memoryLocks());
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    const realAdd = IDBObjectStore.prototype.add;
    IDBObjectStore.prototype.add = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      await expect(outbox.enqueue(change('/cart/store'))).rejects.toThrow(/quota/);
    } finally {
      IDBObjectStore.prototype.add = realAdd;
    }
    expect(outbox.pending('cart')).toEqual([]);
    expect(server.seen).toEqual([]);
  });

  it('tells its readers only when what it holds changed: reading the same entries again re-renders nobody', async () => {
    const server = fakeServer();
    server.setMode('network');
    const outbox = newOutbox(server, memoryLocks());
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    await outbox.restore();
    let told = 0;
    const stop = outbox.subscribe(() => told++);
    const before = outbox.snapshot();
    await outbox.restore(); // the same (empty) list read from IndexedDB again
    expect([told, outbox.snapshot()]).toEqual([0, before]);

    await outbox.enqueue(change('/cart/store'));
    expect(told).toBeGreaterThan(0);
    const withChange = outbox.snapshot();
    expect(withChange).not.toBe(before);
    told = 0;
    await outbox.restore(); // the same one change read again
    expect([told, outbox.snapshot()]).toEqual([0, withChange]);
    expect(outbox.pending('cart')).toHaveLength(1);
    stop();
  });

  it('sign-out discards only that shopper’s waiting changes', async () => {
    const server = fakeServer();
    server.setMode('network');
    const outbox = newOutbox(server, memoryLocks());
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    await outbox.enqueue(change('/cart/store'));
    outbox.setIdentity({ owner: 2, token: 't2', locale: 'ro' });
    await outbox.enqueue(change('/cart/increment'));
    await outbox.idle();
    await outbox.discard(2);
    expect((await listEntries()).map((e) => e.owner)).toEqual([1]);
  });

  it('another tab cancels its fetches that predate a change (seen queued, or first heard of when answered) and gets the answer; an answer it never saw queued comes without its entry', async () => {
    const server = fakeServer();
    server.setMode('network');
    const locks = memoryLocks();
    const tabA = newOutbox(server, locks);
    const tabB = newOutbox(server, locks);
    const seenByB: string[] = [];
    tabB.registerKind('cart', {
      queued: (e) => seenByB.push(`queued ${e.key}`),
      cancelStaleFetches: () => seenByB.push('cancel'),
      answered: (e) => seenByB.push(`answered ${e?.key ?? 'unknown'}`),
    });
    for (const tab of [tabA, tabB]) tab.setIdentity({ owner: 1, token: 't', locale: 'ro' });
    const entry = await tabA.enqueue(change('/cart/store'));
    await tabA.idle();
    await expect.poll(() => seenByB).toEqual(['cancel']);

    // A third tab opened after the change was queued, and never restored: the answer is news to it.
    const tabC = newOutbox(server, locks, [], { restored: false });
    const seenByC: string[] = [];
    tabC.registerKind('cart', {
      cancelStaleFetches: () => seenByC.push('cancel'),
      answered: (e) => seenByC.push(`answered ${e?.key ?? 'unknown'}`),
    });
    server.setMode('ok');
    connectivity.reportReachable();
    await tabA.idle();
    await expect.poll(() => seenByB).toEqual(['cancel', `answered ${entry.key}`]);
    await expect.poll(() => seenByC).toEqual(['cancel', 'answered unknown']);
  });

  it('an answer is made durable (the persisted cache written) before its entry leaves IndexedDB', async () => {
    const server = fakeServer();
    const outbox = newOutbox(server, memoryLocks());
    const stillQueuedWhenStored: boolean[] = [];
    outbox.registerKind('cart', { answered: () => undefined });
    outbox.setAnswerStore(async () => {
      // The write of the answered state happens while the change is still in the outbox.
      stillQueuedWhenStored.push((await listEntries()).length === 1);
    });
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    await outbox.enqueue(change('/cart/store'));
    await outbox.idle();
    expect(stillQueuedWhenStored).toEqual([true]);
    expect(await listEntries()).toEqual([]);
  });

  it('what the service worker sent with no tab open is stored by the next tab before the entry goes, and never sent again', async () => {
    const server = fakeServer();
    server.setMode('network');
    const closedTab = newOutbox(server, memoryLocks());
    closedTab.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    await closedTab.enqueue(change('/cart/store'));
    await closedTab.idle();
    closedTab.dispose();

    // Background Sync: the worker sends it, and keeps the answer on the entry (it has no query cache).
    server.setMode('ok');
    const outcome = await drainOutbox({ origin, fetch: server.fetch, locks: memoryLocks(), keepAnswered: true });
    expect(outcome).toEqual({ kind: 'drained', sent: 1 });
    expect((await listEntries()).map((e) => e.answered)).toEqual([{ body: { message: 'ok', data: { path: '/api/cart/store' } } }]);

    // The app opens (offline or not): the answer goes into its cache and to disk, then the entry leaves.
    const stored: unknown[] = [];
    let entriesWhenFlushed = -1;
    const tab = newOutbox(server, memoryLocks(), [], { restored: false });
    tab.registerKind('cart', { answered: (_entry, body) => stored.push(body) });
    tab.setAnswerStore(async () => {
      entriesWhenFlushed = (await listEntries()).length;
    });
    // Who is signed in is known before the query cache is back from disk (src/main.tsx): the
    // answer must wait for restore(), or it would go into an empty cache and its entry would leave.
    tab.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stored).toEqual([]);
    expect(await listEntries()).toHaveLength(1);
    await tab.restore();
    await tab.idle();
    expect(stored).toEqual([{ message: 'ok', data: { path: '/api/cart/store' } }]);
    expect(entriesWhenFlushed).toBe(1);
    expect(await listEntries()).toEqual([]);
    expect(server.seen).toHaveLength(1); // sent once, by the worker
    expect(tab.pending('cart')).toEqual([]);
  });

  it('the worker answering changes while a tab is open: each answer enters the tab once, and no answered change stays shown as waiting', async () => {
    // Found by the offline soak (OFFLINE_SEED=115487880 OFFLINE_PATH=44): after two adds sent by the service
    // worker, a tab's drawer showed one of them twice — the server's line plus the same change
    // still "waiting" — until the next reload.
    const server = fakeServer();
    server.setMode('network');
    const tab = newOutbox(server, memoryLocks());
    const stored: unknown[] = [];
    tab.registerKind('cart', { answered: (_entry, body) => stored.push(body) });
    // A slow disk: the first answer's write is still running when the second answer arrives.
    tab.setAnswerStore(() => new Promise((resolve) => setTimeout(resolve, 40)));
    tab.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    await tab.restore();
    await tab.enqueue(change('/cart/store'));
    await tab.enqueue(change('/cart/increment'));
    await tab.idle();
    expect(tab.pending('cart')).toHaveLength(2);

    // The worker (its own lock holder, its own channel) sends both and keeps their answers.
    server.setMode('ok');
    const workerChannel = new BroadcastChannel(OUTBOX_CHANNEL);
    const shownWaiting: number[] = [];
    const stop = tab.subscribe(() => shownWaiting.push(tab.pending('cart').length));
    await drainOutbox({
      origin,
      fetch: server.fetch,
      locks: memoryLocks(),
      keepAnswered: true,
      broadcast: (m) => workerChannel.postMessage(m),
    });
    workerChannel.close();
    await expect.poll(() => listEntries(), { timeout: 3000 }).toEqual([]);
    await expect.poll(() => tab.pending('cart'), { timeout: 3000 }).toEqual([]);
    stop();
    expect(server.seen).toHaveLength(2);
    expect(stored).toEqual([
      { message: 'ok', data: { path: '/api/cart/store' } },
      { message: 'ok', data: { path: '/api/cart/increment' } },
    ]);
    // Once a change left the screen's waiting list it never came back to it.
    const firstDrop = shownWaiting.findIndex((n) => n < 2);
    expect(shownWaiting.slice(firstDrop).every((n, i, all) => i === 0 || n <= all[i - 1]!)).toBe(true);
  });

  it('a disk that never answers the cache write does not hold the outbox: every change still goes, once', async () => {
    const server = fakeServer();
    const outbox = createOutbox({
      connectivity,
      origin: () => origin,
      fetch: server.fetch,
      locks: memoryLocks(),
      storeAnswerTimeoutMs: 50,
    });
    outboxes.push(outbox);
    void outbox.restore();
    outbox.setAnswerStore(() => new Promise<void>(() => undefined));
    outbox.setIdentity({ owner: 1, token: 't1', locale: 'ro' });
    await outbox.enqueue(change('/cart/store'));
    await outbox.enqueue(change('/cart/increment'));
    await outbox.idle();
    expect(server.seen.map((s) => s.path)).toEqual(['/api/cart/store', '/api/cart/increment']);
    expect(await listEntries()).toEqual([]);
    expect(outbox.pending('cart')).toEqual([]);
  });

  it('random interleavings of taps, drops and two tabs: every change applied exactly once, in tap order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ tap: fc.constantFrom(0, 1) }),
            fc.record({ net: fc.constantFrom<Mode>('ok', 'network', 'apply-then-drop', 'unavailable') }),
          ),
          { minLength: 1, maxLength: 25 },
        ),
        async (steps) => {
          globalThis.indexedDB = new IDBFactory();
          resetOutboxDbForTests();
          const server = fakeServer();
          const locks = memoryLocks();
          const tabs = [newOutbox(server, locks), newOutbox(server, locks)];
          tabs.forEach((t) => t.setIdentity({ owner: 1, token: 't', locale: 'ro' }));
          const tapped: string[] = [];
          for (const step of steps) {
            if ('net' in step) server.setMode(step.net);
            else {
              const entry = await tabs[step.tap]!.enqueue(change(`/cart/increment`));
              tapped.push(entry.key);
            }
          }
          server.setMode('ok');
          for (const tab of tabs) {
            tab.kick();
            await tab.idle();
          }
          tabs.forEach((t) => t.dispose());
          expect(await listEntries()).toEqual([]);
          // Exactly once: every key applied, none twice (the server map is keyed), in tap order.
          expect([...server.applied.keys()]).toEqual(tapped);
        },
      ),
      { numRuns: 60 },
    );
  });
});
