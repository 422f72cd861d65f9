/**
 * The real application (server/app.ts) on a real database, for API tests through `app.inject`.
 *
 * - `TEST_DATABASE_URL` set: PostgreSQL. The `public` and `drizzle` schemas are dropped and
 *   recreated first, so every test file (and every rerun) starts from a clean, freshly migrated
 *   and seeded database.
 * - otherwise: PGlite in memory. A fresh PGlite database takes about 4 s and ~800 MB, so open
 *   ONE app per test file, never one per test: take the `testApp` fixture of app-fixture.ts
 *   (built once per file, closed after it); call buildTestApp yourself only for a second app.
 *
 * The database plugin migrates (openDatabase) and seeds (seedIfEmpty) as in production.
 *
 * `buildTestApp({ env, logStream })`: environment variables on top of the test defaults (e.g.
 * NODE_ENV=production with gateway URLs) and a stream that receives the JSON log lines.
 * Passwords are hashed with scrypt N = 2^12 here (TEST_SCRYPT_LOG_N, accepted only with
 * NODE_ENV=test) so suites that sign up many users stay fast; production always uses 2^17.
 */
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import app from '#server/app.ts';
import { readEnv } from '#server/env.ts';
import { loggerOptions } from '#server/logger.ts';
import { trustProxyOption } from '#server/lib/trust-proxy.ts';
import { openDatabase, type Database, type DatabaseHandle } from '#server/db/client.ts';

export interface TestApp {
  app: FastifyInstance;
  /** The drizzle database behind the app, for asserting on stored rows. */
  db: Database;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** Drops everything the migrations and the seed created, so migrating starts from scratch. */
async function resetPostgres(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET client_min_messages TO warning');
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (url) {
    await resetPostgres(url);
    return openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  }
  return openDatabase({ dataDir: 'memory://' });
}

export interface TestAppOptions {
  /** Environment on top of the defaults below (NODE_ENV test, LOG_LEVEL silent, DATA_DIR memory://). */
  env?: Record<string, string>;
  /** Receives the app's log lines (JSON, level info and up). */
  logStream?: Writable;
  /** Serve the built app from env.STATIC_DIR too (off by default: API only). */
  serveStatic?: boolean;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    DATABASE_URL: process.env.TEST_DATABASE_URL?.trim() ?? '',
    ...(options.env?.NODE_ENV && options.env.NODE_ENV !== 'test' ? {} : { TEST_SCRYPT_LOG_N: '12' }),
    ...options.env,
  });
  const handle = await openTestDatabase();
  // trustProxy as server/server.ts sets it, so TRUST_PROXY behaves here as in production.
  const fastify = Fastify({
    logger: options.logStream ? { ...loggerOptions('info'), stream: options.logStream } : false,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // The seed runs inside the database plugin: on a busy machine it takes longer than Fastify's
    // default 10 s (server/server.ts allows a minute too).
    pluginTimeout: 120_000,
  });
  try {
    await fastify.register(app, {
      env,
      database: handle,
      serveStatic: options.serveStatic ?? false,
    });
    await fastify.ready();
  } catch (error) {
    await fastify.close().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }

  let closed = false;
  return {
    app: fastify,
    db: handle.db,
    handle,
    async close() {
      if (closed) return;
      closed = true;
      // The database plugin leaves a handed-in handle open: close the app first, then the database.
      try {
        await fastify.close();
      } finally {
        await handle.close();
      }
    },
  };
}
