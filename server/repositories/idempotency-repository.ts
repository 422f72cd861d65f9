/**
 * Idempotency keys (ADR 007): one row per (user, Idempotency-Key) with the hash of the request and,
 * once the change ran, its answer. plugins/idempotency.ts runs these inside the change's own
 * transaction (see its header for the order of the statements and why).
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/schema.ts';

const olderThan = (hours: number) => lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${hours})`);

/** Deletes every key older than `hours`. */
export async function deleteIdempotencyKeysOlderThan(db: Database, hours: number) {
  await db.delete(idempotencyKeys).where(olderThan(hours));
}

/** Deletes the user's row for `key` when it is older than `hours` (the key may then be used afresh). */
export async function deleteStaleIdempotencyKey(tx: Database, userId: number, key: string, hours: number) {
  await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), olderThan(hours)));
}

/**
 * Inserts the (user, key, request hash) row; answers its id, or undefined when the user already
 * has a row for the key (a concurrent insert waits for the transaction holding that row).
 */
export async function insertIdempotencyKey(
  tx: Database,
  values: { userId: number; key: string; requestHash: string },
): Promise<number | undefined> {
  const inserted = await tx.insert(idempotencyKeys).values(values).onConflictDoNothing().returning({ id: idempotencyKeys.id });
  return inserted[0]?.id;
}

/** The user's row for `key`. */
export async function findIdempotencyKey(tx: Database, userId: number, key: string) {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Stores the answer (status and JSON body) on the row inserted for this change. */
export async function storeIdempotentAnswer(tx: Database, id: number, statusCode: number, response: unknown) {
  await tx.update(idempotencyKeys).set({ statusCode, response }).where(eq(idempotencyKeys.id, id));
}
