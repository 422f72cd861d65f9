/**
 * Opens the database: PGlite (embedded PostgreSQL, files under DATA_DIR) when no
 * DATABASE_URL is given, PostgreSQL through node-postgres when it is. Both give the
 * same drizzle `PgDatabase`, so repositories have one query code path.
 * See docs/decisions/002-database.md.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { DatabaseUnreachableError, describeDatabaseUrl, shortReason } from './faults.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * PostgreSQL LISTEN/NOTIFY between server instances (issue 14, ADR 022); absent on PGlite (one
 * process). `listen` keeps one dedicated connection, reconnects with growing pauses after it is
 * lost, and then calls every listener with `resync: true` (notifications may have been missed).
 */
export interface DatabaseEvents {
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onMessage: (payload: string, resync: boolean) => void): Promise<() => void>;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  events?: DatabaseEvents;
  /**
   * Runs `fn` while holding the start-up lock (issue 14, ADR 023): on PostgreSQL a session
   * advisory lock, so instances starting together on one database migrate and seed one after the
   * other instead of at the same time; on PGlite (one process) it just runs `fn`.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn` unless another instance is already running the work named by `key` (a session
   * advisory lock taken with pg_try_advisory_lock on PostgreSQL; always runs on PGlite). Resolves
   * `{ ran: false }` at once when it is taken: one instance does background work meant once.
   */
  tryExclusive<T>(key: number, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  close(): Promise<void>;
}

/** pg_advisory_lock key of the start-up work (migrations, seed); any constant unique to the app. */
export const STARTUP_LOCK_KEY = 7_248_301_114;

/**
 * Holds an advisory lock on one dedicated connection of `pool` while `fn` runs: waiting for it
 * (`wait`), or giving up at once when another session holds it (then `fn` does not run).
 */
async function withAdvisoryLock<T>(
  pool: import('pg').Pool,
  key: number,
  wait: boolean,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await pool.connect();
  let broken = false;
  try {
    if (wait) await client.query('SELECT pg_advisory_lock($1)', [key]);
    else {
      const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [key]);
      if (!rows[0]?.got) return { ran: false };
    }
    try {
      return { ran: true, value: await fn() };
    } finally {
      // A lost connection releases the lock by itself; then the client is discarded.
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {
        broken = true;
      });
    }
  } finally {
    client.release(broken);
  }
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres://... ; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Directory for PGlite files; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /**
   * PostgreSQL only: how long to wait at start for the database to answer (retried with growing
   * pauses, 0.25 s doubling up to 5 s) before giving up with a DatabaseUnreachableError. Default 0:
   * one try.
   */
  waitSeconds?: number;
  /** Receives connection errors of idle and checked-out clients (which would otherwise end the process). */
  onConnectionError?: (error: Error) => void;
}

/**
 * Waits until `probe` succeeds, retrying with growing pauses (0.25 s doubling, at most 5 s) for at
 * most `waitSeconds`; then throws DatabaseUnreachableError with one clear sentence.
 */
async function waitForDatabase(probe: () => Promise<unknown>, url: string, waitSeconds: number) {
  const deadline = Date.now() + waitSeconds * 1000;
  let pause = 250;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      await probe();
      return;
    } catch (error) {
      const left = deadline - Date.now();
      if (left <= 0 || attempts >= 1000) {
        throw new DatabaseUnreachableError(
          `database ${describeDatabaseUrl(url)} did not answer within ${waitSeconds} s (${attempts} attempts, last: ${shortReason(error)}); check DATABASE_URL or raise DATABASE_WAIT_SECONDS`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
      pause = Math.min(pause * 2, 5000);
    }
  }
}

type PgModule = typeof import('pg').default;

/** LISTEN/NOTIFY over a dedicated client that comes back by itself (ADR 022). */
function postgresEvents(
  pg: PgModule,
  url: string,
  pool: import('pg').Pool,
  onError: (error: Error) => void,
): DatabaseEvents & { close(): Promise<void> } {
  const listeners = new Map<string, Set<(payload: string, resync: boolean) => void>>();
  let client: import('pg').Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let pause = 500;
  let retry: NodeJS.Timeout | null = null;

  const connect = (resync: boolean): Promise<void> => {
    if (closed) return Promise.resolve();
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      next.on('error', (error) => {
        onError(error);
        lost(next);
      });
      next.on('end', () => lost(next));
      next.on('notification', (message) => {
        for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? '', false);
      });
      try {
        await next.connect();
        for (const channel of listeners.keys()) await next.query(`LISTEN "${channel}"`);
        client = next;
        pause = 500;
        if (resync) for (const set of listeners.values()) for (const fn of set) fn('', true);
      } catch (error) {
        next.removeAllListeners('end');
        await next.end().catch(() => undefined);
        schedule();
        if (!resync) throw error;
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect(true).catch(() => undefined);
    }, pause);
    retry.unref();
    pause = Math.min(pause * 2, 5000);
  };
  const lost = (which: import('pg').Client) => {
    if (client !== which) return;
    client = null;
    schedule();
  };

  return {
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onMessage) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const set = listeners.get(channel) ?? new Set();
      const isNew = !listeners.has(channel);
      listeners.set(channel, set);
      set.add(onMessage);
      if (!client) await connect(false);
      else if (isNew) await client.query(`LISTEN "${channel}"`);
      return () => {
        set.delete(onMessage);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // connectionTimeoutMillis: a request never hangs on an unreachable server longer than 5 s.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // A connection that dies (restart, failover, network cut) emits 'error' on the pool when the
    // client is idle and on the client when it is checked out (a transaction): unhandled, either
    // ends the process. The pool drops the broken client and opens a new one for the next query.
    const onError = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    try {
      await waitForDatabase(() => pool.query('select 1'), options.databaseUrl, options.waitSeconds ?? 0);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    const db = drizzle({ client: pool, schema });
    const exclusive = async <T>(fn: () => Promise<T>) => ((await withAdvisoryLock(pool, STARTUP_LOCK_KEY, true, fn)) as { value: T }).value;
    const tryExclusive = <T>(key: number, fn: () => Promise<T>) => withAdvisoryLock(pool, key, false, fn);
    // Two instances starting together on an empty database would run the same migrations at once.
    await exclusive(() => migrate(db, { migrationsFolder }));
    const events = postgresEvents(pg, options.databaseUrl, pool, onError);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      events,
      exclusive,
      tryExclusive,
      close: async () => {
        await events.close();
        await pool.end();
      },
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm backs the product search index (migration 0001, ADR 046).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = options.dataDir.startsWith('memory://') ? options.dataDir : path.resolve(options.dataDir, 'pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    exclusive: (fn) => fn(),
    tryExclusive: async (_key, fn) => ({ ran: true, value: await fn() }),
    close: () => client.close(),
  };
}
