/**
 * Bearer sessions (ADR 006): rows hold the SHA-256 of the token, created/last-used times and a
 * revocation time. A session is valid while not revoked and used within the idle window.
 */
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema.ts';

export async function insertSession(db: Database, values: { userId: number; tokenHash: string; deviceKey?: string | null }) {
  const [row] = await db
    .insert(sessions)
    .values({ userId: values.userId, tokenHash: values.tokenHash, deviceKey: values.deviceKey ?? null })
    .returning({ id: sessions.id, lastUsedAt: sessions.lastUsedAt });
  return row!;
}

/**
 * The live session for a token hash with its user, or undefined (unknown, revoked or idle for
 * longer than `idleDays`). Refreshes last_used_at at most once a minute to spare writes.
 */
export async function findLiveSession(db: Database, tokenHash: string, idleDays: number) {
  const idle = sql`(${idleDays}::integer * interval '1 day')`;
  const [row] = await db
    .select({ session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt }, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), sql`${sessions.lastUsedAt} + ${idle} > now()`));
  if (!row) return undefined;
  if (Date.now() - row.session.lastUsedAt.getTime() > 60_000) {
    const [touched] = await db
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(sessions.id, row.session.id))
      .returning({ lastUsedAt: sessions.lastUsedAt });
    if (touched) row.session.lastUsedAt = touched.lastUsedAt;
  }
  return row;
}

/** The id of the session a token hash belongs to (whether or not it is still live), or undefined. */
export async function findSessionIdByTokenHash(db: Database, tokenHash: string): Promise<number | undefined> {
  const [session] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return session?.id;
}

export async function revokeSession(db: Database, id: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (password reset), or every one but `exceptId` (password change). */
export async function revokeUserSessions(db: Database, userId: number, exceptId?: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptId === undefined ? undefined : ne(sessions.id, exceptId)));
}

/** Deletes sessions revoked or idle for longer than `idleDays` (they can never be used again). */
export async function pruneSessions(db: Database, idleDays: number) {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.revokedAt, sql`now() - interval '1 day'`),
        sql`${sessions.lastUsedAt} + (${idleDays}::integer * interval '1 day') < now()`,
      ),
    );
}
