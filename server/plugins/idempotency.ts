/**
 * Idempotency keys (ADR 007, the IETF Idempotency-Key draft / Stripe's design), reusable by any
 * authenticated route that changes data:
 *
 *   app.post('/cart/store', …, (request, reply) => app.idempotent(request, reply, (tx) => change(tx)))
 *
 * - No `Idempotency-Key` header: `run` simply runs in one transaction.
 * - With a key (a UUID; anything else → 422): a row (user, key, hash of method + path + body) is
 *   inserted FIRST in the transaction, then `run(tx)` makes the change, then the answer (status and
 *   JSON body) is written to the row — all in that one transaction, so a key is stored if and only
 *   if its change committed. A retry finds the row and gets the stored answer back, with header
 *   `Idempotent-Replayed: true`, without running anything; the same key with another body → 422.
 *   Two concurrent requests with one key: PostgreSQL makes the second INSERT wait for the first
 *   transaction, so the second replays the first's answer (or runs, if the first rolled back).
 * - Errors (HttpError and anything else) roll back the transaction: nothing is stored, a retry runs
 *   again and meets the same check.
 * - Keys are kept 7 days (a phone offline for days still replays safely); older ones are pruned opportunistically (about once per 200 keyed calls,
 *   and a stale row for the same key is replaced).
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import {
  deleteIdempotencyKeysOlderThan,
  deleteStaleIdempotencyKey,
  findIdempotencyKey,
  insertIdempotencyKey,
  storeIdempotentAnswer,
} from '#server/repositories/idempotency-repository.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '#contract/constants.ts';

/** A week: an offline phone's outbox may send a change again days later (docs/offline.md). */
export const IDEMPOTENCY_TTL_HOURS = 7 * 24;
/** A UUID (any version): the one form of key the server accepts; the OpenAPI document declares it too. */
export const IDEMPOTENCY_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A transaction, typed as the database so repositories take either. */
export type Tx = Database;

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs `run` in one transaction, at most once per (user, Idempotency-Key). Needs request.auth. */
    idempotent<T>(request: FastifyRequest, reply: FastifyReply, run: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

/** JSON with sorted keys, so {a,b} and {b,a} hash alike. */
function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

export function requestHash(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${url}\n${stableJson(body)}`)
    .digest('hex');
}

export async function pruneIdempotencyKeys(db: Database, hours = IDEMPOTENCY_TTL_HOURS) {
  await deleteIdempotencyKeysOlderThan(db, hours);
}

type Outcome<T> = { kind: 'ran'; body: T } | { kind: 'replay'; hash: string; statusCode: number | null; response: unknown };

export default fp(async function idempotencyPlugin(app: FastifyInstance) {
  let calls = 0;
  app.decorate('idempotent', async function idempotent<
    T,
  >(request: FastifyRequest, reply: FastifyReply, run: (tx: Tx) => Promise<T>): Promise<T> {
    const db = app.db;
    const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    if (header === undefined) return db.transaction((tx) => run(tx as unknown as Tx));
    const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    if (!IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new HttpError(422, 'idempotency.key_invalid', { [IDEMPOTENCY_HEADER]: ['idempotency.key_invalid'] });
    const userId = request.auth!.user.id;
    const hash = requestHash(request.method, request.url, request.body);

    calls += 1;
    if (calls % 200 === 0) await pruneIdempotencyKeys(db).catch((err) => request.log.warn({ err }, 'idempotency prune failed'));

    const outcome: Outcome<T> = await db.transaction(async (raw) => {
      const tx = raw as unknown as Tx;
      // A row past its 24 h is forgotten: the key may be used afresh.
      await deleteStaleIdempotencyKey(tx, userId, key, IDEMPOTENCY_TTL_HOURS);
      const insertedId = await insertIdempotencyKey(tx, { userId, key, requestHash: hash });
      if (insertedId === undefined) {
        const row = await findIdempotencyKey(tx, userId, key);
        return { kind: 'replay', hash: row?.requestHash ?? '', statusCode: row?.statusCode ?? null, response: row?.response ?? null };
      }
      const body = await run(tx);
      // Stored as the JSON the client receives (dates as strings).
      const stored = JSON.parse(JSON.stringify(body ?? null)) as unknown;
      await storeIdempotentAnswer(tx, insertedId, reply.statusCode, stored);
      return { kind: 'ran', body };
    });

    if (outcome.kind === 'ran') return outcome.body;
    if (outcome.hash !== hash) throw new HttpError(422, 'idempotency.key_reused', { [IDEMPOTENCY_HEADER]: ['idempotency.key_reused'] });
    if (outcome.statusCode === null) throw new HttpError(409, 'idempotency.key_reused');
    reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').status(outcome.statusCode);
    return outcome.response as T;
  });
});
