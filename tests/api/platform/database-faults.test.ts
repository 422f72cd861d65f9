/**
 * Database faults (issue 14, ADR 013), on PostgreSQL only (PGlite runs inside the process and
 * cannot go away). PostgreSQL is reached through a TCP relay the test cuts and restores
 * (tests/api/harness/tcp-proxy.ts), so the cluster shared with other files keeps running.
 *
 * - an outage never ends the process (idle pool clients and a client inside a transaction);
 * - meanwhile the API answers 503 + Retry-After with a translated message; /api/health stays 200
 *   (liveness), /api/health/ready answers 503; all recover without a restart;
 * - at start the server waits for the database with growing pauses, then exits with one line.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { readEnv } from '#server/env.ts';
import { openTestDatabase } from '../harness/test-app.ts';
import { startTcpProxy, type TcpProxy } from '../harness/tcp-proxy.ts';

const url = process.env.TEST_DATABASE_URL?.trim();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe.skipIf(!url)('PostgreSQL goes away and comes back', () => {
  let proxy: TcpProxy;
  let server: FastifyInstance;
  const lost: unknown[] = [];

  beforeAll(async () => {
    // Migrated and seeded once on the real address; the app then opens its own pool through the relay.
    const handle = await openTestDatabase();
    await handle.close();
    proxy = await startTcpProxy(url!);
    server = Fastify({ logger: false });
    await server.register(app, {
      env: readEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: proxy.url,
        DATABASE_WAIT_SECONDS: '5',
        PUSH_POLL_SECONDS: '1',
        TEST_SCRYPT_LOG_N: '12',
      }),
      serveStatic: false,
    });
    await server.ready();
  });

  afterAll(async () => {
    proxy?.restore();
    await server?.close();
    await proxy?.close();
  });

  const get = (u: string, lang = 'en') => server.inject({ method: 'GET', url: u, headers: { 'accept-language': lang } });

  it('answers 503 with Retry-After while it is unreachable, keeps living, and recovers by itself', async () => {
    expect((await get('/api/master')).statusCode).toBe(200);
    // The catalog index (ADR 041) may still be loading: informative, not part of readiness.
    expect((await get('/api/health/ready')).json()).toMatchObject({
      status: 'ok',
      database: 'postgres',
      catalog_index: expect.stringMatching(/^(ready|loading)$/),
    });
    // The pool now holds idle clients (and the push worker polls every second): cut them all.
    proxy.cut();
    const during = await get('/api/master');
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('5');
    expect(during.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    const ro = await get('/api/products?page=1', 'ro');
    expect(ro.statusCode).toBe(503);
    expect(ro.json().message).toMatch(/indisponibil/);
    // Liveness stays green, readiness goes red.
    expect((await get('/api/health')).statusCode).toBe(200);
    // From a counted address too: the API-wide limit is counted in the database (ADR 023) and is
    // skipped while it cannot be reached, so liveness stays 200 and the rest a calm 503.
    const counted = (u: string) =>
      server.inject({ method: 'GET', url: u, remoteAddress: '203.0.113.77', headers: { 'accept-language': 'en' } });
    expect((await counted('/api/health')).statusCode).toBe(200);
    expect((await counted('/api/master')).statusCode).toBe(503);
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'postgres' });

    proxy.restore();
    expect((await get('/api/master')).statusCode).toBe(200);
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('a connection lost inside a transaction rejects that transaction only (the process lives on)', async () => {
    const handle = await openDatabase({ databaseUrl: proxy.url, dataDir: 'memory://', onConnectionError: (e) => lost.push(e) });
    try {
      const attempt = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.cut(); // the checked-out client's socket dies between two statements
        await new Promise((resolve) => setImmediate(resolve));
        await tx.execute(sql`select 2`);
      });
      await expect(attempt).rejects.toThrow();
      expect(lost.length).toBeGreaterThan(0);
      proxy.restore();
      const rows = await handle.db.execute(sql`select 3 as n`);
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
    } finally {
      proxy.restore();
      await handle.close();
    }
  });
});

/** Runs server/server.ts until it exits or prints that it listens; resolves with what it printed. */
function runServer(env: Record<string, string>, until: 'exit' | 'listening', ms = 40_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      STATIC_DIR: '/nonexistent',
      PUSH_WORKER: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string; child: typeof child }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not ${until} within ${ms} ms:\n${stdout}\n${stderr}`));
    }, ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, child });
    });
    if (until === 'listening') {
      child.stdout.on('data', () => {
        if (/Server listening at/.test(stdout)) {
          clearTimeout(timer);
          resolve({ code: null, stdout, stderr, child });
        }
      });
    }
  });
}

describe.skipIf(!url)('start-up waits for the database', () => {
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await startTcpProxy(url!);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('exits with one clear line, no stack, when it never answers', async () => {
    proxy.cut();
    const result = await runServer({ DATABASE_URL: proxy.url, DATABASE_WAIT_SECONDS: '1' }, 'exit');
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^talcioc: database 127\.0\.0\.1:\d+\/talcioc_test did not answer within 1 s \(\d+ attempts, last: /);
    expect(result.stderr + result.stdout).not.toMatch(/\n\s+at /);
    expect(proxy.attempts).toBeGreaterThanOrEqual(2); // retried, not one try
  });

  it('starts once the database comes back within DATABASE_WAIT_SECONDS', async () => {
    proxy.cut();
    const before = proxy.attempts;
    const run = runServer({ DATABASE_URL: proxy.url, DATABASE_WAIT_SECONDS: '30' }, 'listening');
    await proxy.waitForAttempts(before + 2); // it tried twice and is waiting
    proxy.restore();
    const result = await run;
    try {
      expect(result.code).toBeNull();
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(result.stdout)![1];
      const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(res.status).toBe(200);
    } finally {
      result.child.kill('SIGTERM');
      await new Promise((resolve) => result.child.once('exit', resolve));
    }
  });
});
