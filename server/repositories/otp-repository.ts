/**
 * One-time codes and password-reset tokens (ADR 005). Times come from the database (`now()`),
 * and every state change is one conditional UPDATE, so two concurrent tries cannot both use
 * the last attempt or both consume the same code.
 */
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { otpCodes, passwordResetTokens, type MessageChannel, type OtpPurpose } from '#server/db/schema.ts';

/** Why a code was sent (a column's values); services name it through this module. */
export type { OtpPurpose };

const seconds = (n: number) => sql`now() + (${n}::integer * interval '1 second')`;

/** Stores a new code and retires the user's earlier unused codes for the same purposes. */
export async function insertOtp(
  db: Database,
  values: { purpose: OtpPurpose; channel: MessageChannel; recipient: string; userId: number; codeHash: string; ttlSeconds: number },
  supersedes: readonly OtpPurpose[],
) {
  return db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ expiresAt: sql`least(${otpCodes.expiresAt}, now())` })
      .where(and(eq(otpCodes.userId, values.userId), inArray(otpCodes.purpose, [...supersedes]), isNull(otpCodes.consumedAt)));
    const [row] = await tx
      .insert(otpCodes)
      .values({ ...values, expiresAt: seconds(values.ttlSeconds) })
      .returning({ id: otpCodes.id });
    return row!;
  });
}

/** Retires a user's unused codes for these purposes (e.g. when a new sign-up rewrote the pending account). */
export async function retireOtps(db: Database, userId: number, purposes: readonly OtpPurpose[]) {
  await db
    .update(otpCodes)
    .set({ expiresAt: sql`least(${otpCodes.expiresAt}, now())` })
    .where(and(eq(otpCodes.userId, userId), inArray(otpCodes.purpose, [...purposes]), isNull(otpCodes.consumedAt)));
}

/** Burns a code whose message could not be delivered. */
export async function expireOtp(db: Database, id: number) {
  await db
    .update(otpCodes)
    .set({ expiresAt: sql`now()` })
    .where(eq(otpCodes.id, id));
}

/** The newest unused code of a user for these purposes (and this recipient, when given), with whether it expired. */
export async function findLatestOtp(db: Database, userId: number, purposes: readonly OtpPurpose[], recipient?: string) {
  const [row] = await db
    .select({
      id: otpCodes.id,
      purpose: otpCodes.purpose,
      recipient: otpCodes.recipient,
      codeHash: otpCodes.codeHash,
      attempts: otpCodes.attempts,
      expired: sql<boolean>`${otpCodes.expiresAt} <= now()`,
    })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.userId, userId),
        inArray(otpCodes.purpose, [...purposes]),
        isNull(otpCodes.consumedAt),
        recipient === undefined ? undefined : eq(otpCodes.recipient, recipient),
      ),
    )
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  return row;
}

/** Counts one try; answers the attempts so far, or undefined when none was left (burned or used). */
export async function reserveOtpAttempt(db: Database, id: number, maxAttempts: number): Promise<number | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxAttempts), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, sql`now()`)))
    .returning({ attempts: otpCodes.attempts });
  return row?.attempts;
}

/** Marks a code used; false when another request used it first. */
export async function consumeOtp(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return rows.length === 1;
}

// --- password-reset tokens -----------------------------------------------------------------------

export async function insertResetToken(db: Database, values: { userId: number; tokenHash: string; ttlSeconds: number }) {
  // One live reset token per user: a newer code verification replaces the older token.
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: sql`least(${passwordResetTokens.expiresAt}, now())` })
    .where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
  await db
    .insert(passwordResetTokens)
    .values({ userId: values.userId, tokenHash: values.tokenHash, expiresAt: seconds(values.ttlSeconds) });
}

/** The user a live (unused, unexpired) reset token belongs to. */
export async function findLiveResetToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)),
    );
  return row;
}

/** Uses a reset token once; false when it was used or expired meanwhile. */
export async function consumeResetToken(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** Deletes codes and reset tokens that expired more than a day ago. */
export async function pruneOtps(db: Database) {
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, sql`now() - interval '1 day'`));
  await db
    .delete(passwordResetTokens)
    .where(
      or(lt(passwordResetTokens.expiresAt, sql`now() - interval '1 day'`), lt(passwordResetTokens.usedAt, sql`now() - interval '1 day'`)),
    );
}
