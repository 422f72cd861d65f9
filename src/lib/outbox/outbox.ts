/**
 * The outbox as a tab sees it (docs/offline.md): queued changes mirrored in memory for the
 * screen, written to IndexedDB BEFORE the screen shows them, sent by the one sender
 * (outbox-sender.ts) and kept in step with other tabs and the service worker over a
 * BroadcastChannel. Features register what a kind of change does with its answer
 * (`registerOutboxKind`); the app tells the outbox who is signed in (`setIdentity`).
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { Connectivity } from '../connectivity.ts';
import { appendEntry, listEntries, putEntry, removeEntries, settleEntry, takeNotices } from './outbox-db.ts';
import { drainOutbox, type DrainOutcome } from './outbox-sender.ts';
import {
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  type OutboxEntry,
  type OutboxKind,
  type OutboxMessage,
  type OutboxNotice,
  type OutboxRequest,
} from './outbox-types.ts';

export interface OutboxIdentity {
  owner: number;
  token: string;
  locale: string;
}

export interface OutboxKindHandlers {
  /** A change of this kind was queued in this tab (e.g. select the added cart line). */
  queued?(entry: OutboxEntry): void;
  /**
   * This tab just learnt of a change of this kind — queued here, in another tab, restored at
   * start, or answered by another context before this tab saw it queued. A fetch of its data
   * already on its way predates the change: its answer must not land after it (cancel it).
   */
  cancelStaleFetches?(): void;
  /**
   * The server accepted it; store its answer (runs before the entry leaves the outbox). `entry`
   * is undefined when another context sent a change this tab never saw: the handler must then
   * not trust its data without the answer (refresh it).
   */
  answered?(entry: OutboxEntry | undefined, body: unknown): void;
  /** Every change of this kind has left the outbox: time to ask the server for the truth. */
  settled?(): void;
}

export interface NewChange<Change> {
  kind: OutboxKind;
  request: OutboxRequest;
  change: Change;
  label: string;
}

/**
 * Longest wait for the persisted cache's write of an answer. The answer is already in memory and
 * the persister writes it anyway; a disk that does not answer must never hold the outbox (the
 * sender keeps the Web Lock meanwhile).
 */
const STORE_ANSWER_MS = 3_000;
const within = (work: Promise<void>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work.catch(() => undefined).finally(() => (clearTimeout(timer), resolve()));
  });

/** Later retries after a server hiccup: 2 s, 4 s, … up to a minute. */
const laterDelay = (round: number, retryAfterSeconds: number | null) =>
  Math.max((retryAfterSeconds ?? 0) * 1000, Math.min(2000 * 2 ** round, 60_000));

export function createOutbox(options: {
  connectivity: Connectivity;
  origin?: () => string;
  /** Shows a change that could not apply (by name) — set by the app, which can translate. */
  presentNotice?: (notice: OutboxNotice) => void;
  fallbackMessage?: (entry: OutboxEntry, status: number) => string;
  /** The sender met a 401 with the token the tab is using now. */
  onUnauthorized?: () => void;
  locks?: LockManager | null;
  fetch?: typeof fetch;
  /** Longest wait for the disk write of an answer (default STORE_ANSWER_MS). */
  storeAnswerTimeoutMs?: number;
}) {
  const { connectivity } = options;
  let fallbackMessage = options.fallbackMessage;
  let entries: OutboxEntry[] = [];
  let identity: OutboxIdentity | null = null;
  const listeners = new Set<() => void>();
  /** Replaced on every change (entries or identity): what `useSyncExternalStore` compares. */
  let version: { entries: OutboxEntry[]; identity: OutboxIdentity | null } = { entries, identity };
  const kinds = new Map<OutboxKind, OutboxKindHandlers>();
  let presentNotice = options.presentNotice;
  let draining: Promise<void> | null = null;
  let again = false;
  let laterTimer: ReturnType<typeof setTimeout> | undefined;
  let laterRound = 0;
  let waitingForNetwork: (() => void) | null = null;
  /** After dispose nothing starts any more (work still on its way would reach a newer database). */
  let disposed = false;
  /**
   * restore() was called: the app's query cache is back from disk. Before that, no answer may be
   * applied (it would go into an empty cache, its entry would leave IndexedDB, and the restore
   * would then put the older list back: a favourite the service worker sent while the app was
   * closed showed as not favourite) and nothing is sent (its answer would meet the same fate).
   */
  let restored = false;
  /** Makes what the answer handlers stored durable (the persisted query cache), awaited before an entry leaves. */
  let storeAnswers: (() => Promise<void>) | null = null;

  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(OUTBOX_CHANNEL) : null;
  const broadcast = (message: OutboxMessage) => channel?.postMessage(message);

  const emit = () => {
    version = { entries, identity };
    listeners.forEach((listener) => listener());
  };
  /**
   * Changes whose answer this tab has put in its cache, until they leave IndexedDB. A read of
   * IndexedDB in between (another tab's message, the end of a drain, the worker's answered
   * entries) still finds them there: they must not come back to the screen as waiting — the cart
   * would show them twice, once in the answer and once on top of it — nor have their answer
   * applied again (an older cart over a newer one).
   */
  const appliedHere = new Set<number>();
  const setEntries = (all: OutboxEntry[]) => {
    const next = appliedHere.size ? all.filter((e) => !appliedHere.has(e.seq)) : all;
    const kindsBefore = new Set(entries.map((e) => e.kind));
    const seqsBefore = new Set(entries.map((e) => e.seq));
    // A read that finds what the mirror holds tells nobody: every reader would render again for
    // nothing, at once (a screen the server drew re-rendered its whole grid in one task, ADR 044).
    const unchanged = next.length === entries.length && JSON.stringify(next) === JSON.stringify(entries);
    entries = next;
    for (const kind of new Set(next.filter((e) => !seqsBefore.has(e.seq)).map((e) => e.kind))) kinds.get(kind)?.cancelStaleFetches?.();
    if (!unchanged) emit();
    for (const kind of kindsBefore) if (!entries.some((e) => e.kind === kind)) kinds.get(kind)?.settled?.();
  };
  /** An answer is in this tab's cache: the entry leaves the mirror in the same tick, for good. */
  const answeredHere = (seq: number) => {
    appliedHere.add(seq);
    if (entries.some((e) => e.seq === seq)) setEntries(entries);
  };

  /**
   * Reads run concurrently (a message from another tab, the end of a drain): a read that started
   * earlier but finishes later must not bring back an entry a newer read no longer saw.
   */
  let readsStarted = 0;
  let newestApplied = 0;
  async function reload() {
    const read = ++readsStarted;
    try {
      const stored = await listEntries();
      if (read < newestApplied) return;
      newestApplied = read;
      // Entries gone from IndexedDB need no more hiding (their sequence numbers are never reused).
      for (const seq of appliedHere) if (!stored.some((e) => e.seq === seq)) appliedHere.delete(seq);
      setEntries(stored);
    } catch {
      // IndexedDB unavailable (private mode in some browsers): the mirror stays as it is.
    }
  }

  /**
   * Changes the service worker sent while no tab could store the answers (Background Sync with
   * the app closed): their answers go into this tab's cache, which is written to disk, and only
   * then do the entries leave — so an app opened offline afterwards shows them as done, not as
   * they were before. Another shopper's are removed without being shown.
   */
  let storingAnswered: Promise<void> | null = null;
  /** Asked again while a pass runs: entries answered after that pass read IndexedDB need another. */
  let storeAgain = false;
  function storeAnswered(): Promise<void> {
    if (disposed || !restored) return Promise.resolve();
    if (storingAnswered) {
      storeAgain = true;
      return storingAnswered;
    }
    storingAnswered = (async () => {
      try {
        do {
          storeAgain = false;
          await storeAnsweredOnce();
        } while (storeAgain && !disposed);
      } finally {
        storingAnswered = null;
      }
    })();
    return storingAnswered;
  }

  async function storeAnsweredOnce() {
    try {
      const me = identity;
      if (!me) return;
      const answered = (await listEntries()).filter((e) => e.answered);
      if (answered.length === 0) return;
      // An answer this tab already applied (the worker's message) is not applied again.
      for (const entry of answered) {
        if (entry.owner === me.owner && !appliedHere.has(entry.seq)) kinds.get(entry.kind)?.answered?.(entry, entry.answered!.body);
        appliedHere.add(entry.seq);
      }
      // Out of the mirror in the same tick: the screen must not apply a change twice (once in
      // the stored answer, once as waiting) while the disk write runs.
      setEntries(entries);
      if (storeAnswers) await within(storeAnswers(), options.storeAnswerTimeoutMs ?? STORE_ANSWER_MS);
      for (const entry of answered) await settleEntry(entry.seq);
      await reload();
    } catch {
      // IndexedDB failed: the answers stay on their entries for the next try.
    }
  }

  async function showNotices() {
    if (!presentNotice) return;
    const notices = await takeNotices().catch(() => [] as OutboxNotice[]);
    for (const notice of notices) presentNotice(notice);
  }

  function registerBackgroundSync() {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    void navigator.serviceWorker.ready
      .then((registration) =>
        (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG),
      )
      .catch(() => undefined);
  }

  function waitForNetwork() {
    if (waitingForNetwork) return;
    const stop = connectivity.subscribe(() => {
      if (!connectivity.isOnline()) return;
      stop();
      waitingForNetwork = null;
      kick();
    });
    waitingForNetwork = stop;
  }

  async function drainOnce(): Promise<DrainOutcome> {
    return drainOutbox({
      origin: options.origin?.() ?? location.origin,
      fetch: options.fetch,
      locks: options.locks,
      broadcast,
      fallbackMessage,
      onReachable: () => connectivity.reportReachable(),
      onUnreachable: () => connectivity.reportNetworkFailure(),
      // The answer is stored — in memory, then on disk — before the entry leaves IndexedDB: a
      // tab killed in between restores the answered state, never the one from before the tap.
      // It leaves the mirror in the same tick as the memory write (never shown twice meanwhile).
      onAnswered: async (entry, body) => {
        kinds.get(entry.kind)?.answered?.(entry, body);
        answeredHere(entry.seq);
        if (storeAnswers) await within(storeAnswers(), options.storeAnswerTimeoutMs ?? STORE_ANSWER_MS);
      },
    });
  }

  /** Starts a drain, or asks the running one to go round again. */
  function kick() {
    if (disposed || !restored) return;
    if (draining) {
      again = true;
      return;
    }
    if (laterTimer) clearTimeout(laterTimer);
    laterTimer = undefined;
    draining = (async () => {
      let outcome: DrainOutcome;
      do {
        again = false;
        try {
          outcome = await drainOnce();
        } catch {
          // IndexedDB failed mid-drain: treat as a hiccup, the entries are still there.
          outcome = { kind: 'later', sent: 0, retryAfterSeconds: null };
        }
        await reload();
        await showNotices();
      } while (again && outcome.kind === 'drained');
      if (entries.some((e) => identity && e.owner === identity.owner && e.token !== identity.token)) await rebind();
      if (outcome.kind === 'unreachable') {
        registerBackgroundSync();
        waitForNetwork();
      } else if (outcome.kind === 'later') {
        registerBackgroundSync();
        laterTimer = setTimeout(kick, laterDelay(laterRound++, outcome.retryAfterSeconds));
      } else {
        laterRound = 0;
        // Entries left are a signed-out shopper's (401): they wait for that shopper.
        const mine = identity && entries.some((e) => !e.answered && e.owner === identity!.owner && e.token === identity!.token);
        if (mine && again) kick();
        else if (mine && identity) options.onUnauthorized?.();
      }
    })().finally(() => {
      draining = null;
      if (again) kick();
    });
  }

  /** The same shopper signed in again: their waiting changes go with the new token. */
  async function rebind() {
    if (!identity) return;
    const { owner, token } = identity;
    const stale = entries.filter((e) => e.owner === owner && e.token !== token);
    if (stale.length === 0) return;
    for (const entry of stale) await putEntry({ ...entry, token }).catch(() => undefined);
    await reload();
  }

  channel?.addEventListener('message', (event: MessageEvent<OutboxMessage>) => {
    const message = event.data;
    if (message.type === 'answered') {
      const entry = entries.find((e) => e.seq === message.seq);
      if (!entry) kinds.get(message.kind)?.cancelStaleFetches?.();
      if (!appliedHere.has(message.seq)) kinds.get(message.kind)?.answered?.(entry, message.body);
      answeredHere(message.seq);
    }
    // The worker's answers stay on their entries until a tab has stored them (hidden from this
    // mirror once applied here, so the message itself says there may be some).
    void reload()
      .then(() => (message.type === 'answered' || entries.some((e) => e.answered) ? storeAnswered() : undefined))
      .then(showNotices);
  });

  return {
    /** Loads the queued changes before the first render; then sends what it can. */
    async restore() {
      restored = true;
      await reload();
      await rebind();
      await storeAnswered();
      void showNotices();
      kick();
    },
    /** What makes stored answers durable (the app's persisted query cache `flush`). */
    setAnswerStore(store: () => Promise<void>) {
      storeAnswers = store;
    },
    registerKind(kind: OutboxKind, handlers: OutboxKindHandlers) {
      kinds.set(kind, handlers);
    },
    /** How changes that could not apply are told (set once the interface texts are loaded). */
    setNoticePresenter(present: (notice: OutboxNotice) => void, fallback?: (entry: OutboxEntry, status: number) => string) {
      presentNotice = present;
      if (fallback) fallbackMessage = fallback;
      void showNotices();
    },
    /** Who is signed in (null when nobody): what is shown, and whose changes may be queued. */
    setIdentity(next: OutboxIdentity | null) {
      const changed = next?.owner !== identity?.owner || next?.token !== identity?.token;
      identity = next;
      if (!changed) return;
      emit();
      // Before restore() this waits for it: restore() does the same for whoever is signed in then.
      if (next && restored) void rebind().then(storeAnswered).then(kick);
    },
    identity: () => identity,
    /**
     * Queues a change: durably in IndexedDB first, then on screen, then sent. Rejects (and shows
     * nothing) if it cannot be stored — e.g. the phone's storage is full — so the caller can say so.
     */
    async enqueue<Change>(change: NewChange<Change>): Promise<OutboxEntry<Change>> {
      if (!identity) throw new Error('Not signed in');
      const draft = {
        key: crypto.randomUUID(),
        kind: change.kind,
        owner: identity.owner,
        token: identity.token,
        locale: identity.locale,
        request: change.request,
        change: change.change,
        label: change.label,
        createdAt: Date.now(),
        attempts: 0,
      };
      const seq = await appendEntry(draft);
      const entry: OutboxEntry<Change> = { ...draft, seq };
      kinds.get(entry.kind)?.queued?.(entry);
      setEntries([...entries.filter((e) => e.seq !== seq), entry].sort((a, b) => a.seq - b.seq));
      broadcast({ type: 'changed' });
      kick();
      return entry;
    },
    /** The signed-in shopper's waiting changes of one kind, oldest first. */
    pending<Change>(kind: OutboxKind): OutboxEntry<Change>[] {
      return identity ? (entries.filter((e) => e.kind === kind && e.owner === identity!.owner) as OutboxEntry<Change>[]) : [];
    },
    /** How many of the signed-in shopper's changes are waiting (any kind). */
    pendingCount(): number {
      return identity ? entries.filter((e) => e.owner === identity!.owner).length : 0;
    },
    /** Sign-out, after the shopper agreed: their waiting changes are dropped. */
    async discard(owner: number) {
      await removeEntries((e) => e.owner === owner);
      await reload();
      broadcast({ type: 'changed' });
    },
    /** Try now (start-up, the browser's `online` hint, a visible page). */
    kick,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => version,
    /** Tests: wait for the running drain. */
    idle: async () => {
      while (draining) await draining;
    },
    dispose() {
      disposed = true;
      channel?.close();
      if (laterTimer) clearTimeout(laterTimer);
      waitingForNetwork?.();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

/** How many of the signed-in shopper's changes wait (any kind). */
export function useOutboxCount(outbox: Outbox): number {
  const version = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` changes exactly when the result does
  return useMemo(() => outbox.pendingCount(), [outbox, version]);
}

/** The pending changes of one kind for the signed-in shopper, re-rendering as they come and go. */
export function useOutboxPending<Change>(outbox: Outbox, kind: OutboxKind): OutboxEntry<Change>[] {
  const version = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` changes exactly when the result does
  return useMemo(() => outbox.pending<Change>(kind), [outbox, kind, version]);
}
