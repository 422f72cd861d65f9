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

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
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
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm backs the product search index (migration 0001, ADR 004).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = options.dataDir.startsWith('memory://') ? options.dataDir : path.resolve(options.dataDir, 'pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
