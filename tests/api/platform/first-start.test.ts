/**
 * Two instances starting together on an empty PostgreSQL database (issue 14, ADR 022/023): both
 * start (migrations and the seed run once, under an advisory lock, not twice at the same time),
 * the catalog is seeded once, and both sign pushes with the one VAPID key pair kept in settings
 * (INSERT … ON CONFLICT DO NOTHING, then read back). PostgreSQL only: a PGlite directory belongs
 * to one process.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import app from '#server/app.ts';
import { readEnv } from '#server/env.ts';

const url = process.env.TEST_DATABASE_URL?.trim();

describe.skipIf(!url)('first start of two instances at once', () => {
  const name = `talcioc_first_start_${process.pid}`;
  const fresh = url ? Object.assign(new URL(url), { pathname: `/${name}` }).toString() : '';
  const started: FastifyInstance[] = [];

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: Object.assign(new URL(url!), { pathname: '/postgres' }).toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  async function start() {
    const fastify = Fastify({ logger: false });
    started.push(fastify);
    await fastify.register(app, {
      env: readEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        DATABASE_URL: fresh,
        PUSH_WORKER: 'false',
        TEST_SCRYPT_LOG_N: '12',
      }),
      serveStatic: false,
    });
    await fastify.ready();
    return fastify;
  }

  afterAll(async () => {
    await Promise.all(started.map((f) => f.close().catch(() => undefined)));
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('both start, the seed is written once and both answer the same VAPID public key', async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);

    const results = await Promise.allSettled([start(), start()]);
    const failures = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    expect(failures).toEqual([]);
    const [a, b] = results.map((r) => (r as PromiseFulfilledResult<FastifyInstance>).value) as [FastifyInstance, FastifyInstance];

    const keyOf = async (f: FastifyInstance) =>
      (await f.inject({ method: 'GET', url: '/api/push/public-key' })).json().data.public_key as string;
    const [keyA, keyB] = await Promise.all([keyOf(a), keyOf(b)]);
    expect(keyA).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(keyB).toBe(keyA);

    const client = new pg.Client({ connectionString: fresh });
    await client.connect();
    try {
      const { rows } = await client.query<{ settings: string; shops: string; migrations: string }>(
        `SELECT (SELECT count(*) FROM settings WHERE key IN ('master', 'general', 'vapid_keys')) AS settings,
                (SELECT count(*) FROM shops) AS shops,
                (SELECT count(*) FROM drizzle.__drizzle_migrations) AS migrations`,
      );
      expect(Number(rows[0]!.settings)).toBe(3);
      const { SHOPS } = await import('#server/db/seed/shops.ts');
      expect(Number(rows[0]!.shops)).toBe(SHOPS.length);
      const { readFileSync } = await import('node:fs');
      const { migrationsFolder } = await import('#server/db/client.ts');
      const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
      expect(Number(rows[0]!.migrations)).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  });
});
