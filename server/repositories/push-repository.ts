/**
 * Web Push subscriptions and the push queue (issue #6, ADR 009).
 *
 * A subscription belongs to a user AND the session that made it: it goes when the session ends
 * (logout deletes it; revoked sessions get no pushes and are pruned with their subscriptions),
 * when the push service answers 404/410, and when the device signs in as someone else (the row
 * is replaced, so jobs queued for the previous owner are never delivered to the new one).
 *
 * The queue is the push_jobs table: claimed with `locked_until` under FOR UPDATE SKIP LOCKED so
 * several server processes share it without sending a job twice.
 */
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { pushConsents, pushJobs, pushSubscriptions, sessions } from '#server/db/schema.ts';
import type { Locale } from '#contract/constants.ts';
import type { PushPayload } from '#contract/engagement.ts';
import type { PushTopic } from '#contract/push-consent-topics.ts';
import { rowsOf } from '#server/db/rows.ts';

export interface SubscriptionInput {
  userId: number;
  sessionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: Locale;
}

/** The account a push endpoint is registered to and the keys it was registered with (locked until the transaction ends). */
export async function findSubscriptionHolder(db: Database, endpoint: string) {
  const [row] = await db
    .select({ userId: pushSubscriptions.userId, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .for('update');
  return row;
}

/**
 * Stores the device's subscription for this user and session (upsert on the endpoint). A row of
 * another user for the same endpoint is deleted first (with its queued jobs): the device changed
 * hands. Answers the row id.
 */
export async function upsertSubscription(db: Database, input: SubscriptionInput): Promise<number> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, input.endpoint), ne(pushSubscriptions.userId, input.userId)));
  const [row] = await db
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: input.userId, sessionId: input.sessionId, p256dh: input.p256dh, auth: input.auth, locale: input.locale },
    })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

/** Removes the caller's own subscription for `endpoint`; false when they have none there. */
export async function deleteSubscription(db: Database, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Logout: the session's devices stop receiving this user's pushes. */
export async function deleteSessionSubscriptions(db: Database, sessionId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/**
 * One job per subscription of the user whose session is live, with the payload in the
 * subscription's language — only when the user's latest consent (push_consents, issue 37 §4)
 * includes the notification's topic: no consent, no push. One INSERT … SELECT; answers the job ids.
 */
export async function enqueuePushJobs(
  db: Database,
  userId: number,
  notificationId: number | null,
  topic: PushTopic,
  payloads: Record<Locale, PushPayload>,
) {
  const rows = await db.execute<{ id: number }>(sql`
    INSERT INTO ${pushJobs} (subscription_id, notification_id, payload)
    SELECT s.id, ${notificationId}::integer,
           CASE WHEN s.locale = 'en' THEN ${JSON.stringify(payloads.en)}::jsonb ELSE ${JSON.stringify(payloads.ro)}::jsonb END
    FROM ${pushSubscriptions} s
    JOIN ${sessions} se ON se.id = s.session_id AND se.revoked_at IS NULL
    WHERE s.user_id = ${userId}
      AND EXISTS (
        SELECT 1 FROM (SELECT c.topics FROM ${pushConsents} c WHERE c.user_id = ${userId} ORDER BY c.id DESC LIMIT 1) latest
        WHERE ${topic}::text = ANY (latest.topics)
      )
    RETURNING id`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

export interface ClaimedJob {
  id: number;
  subscriptionId: number;
  payload: PushPayload;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The subscription's session ended after the job was queued. */
  sessionEnded: boolean;
}

/**
 * Claims up to `limit` due jobs (pending, next_attempt_at reached, not locked by a live worker)
 * for `lockSeconds`, skipping rows another process is claiming at the same moment. `now`: an
 * injected clock (tests move it forward), else the database's.
 */
export async function claimDueJobs(db: Database, now: Date | null, limit: number, lockSeconds: number): Promise<ClaimedJob[]> {
  // The database's clock by default: jobs are stamped with it, and a process clock a hair behind
  // would leave a job just queued "not yet due".
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const claimed = rowsOf<{ id: number; subscription_id: number; payload: PushPayload; attempts: number }>(
    await db.execute(sql`
      UPDATE ${pushJobs} SET locked_until = ${at} + make_interval(secs => ${lockSeconds}), updated_at = now()
      WHERE id IN (
        SELECT id FROM ${pushJobs}
        WHERE status = 'pending' AND next_attempt_at <= ${at} AND (locked_until IS NULL OR locked_until <= ${at})
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, subscription_id, payload, attempts`),
  );
  if (!claimed.length) return [];
  const subs = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      revokedAt: sessions.revokedAt,
      sessionId: sessions.id,
    })
    .from(pushSubscriptions)
    .leftJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((c) => Number(c.subscription_id)))]));
  const byId = new Map(subs.map((s) => [s.id, s]));
  return claimed
    .sort((a, b) => Number(a.id) - Number(b.id))
    .flatMap((c) => {
      const sub = byId.get(Number(c.subscription_id));
      // The subscription went between the claim and this read (its job went with it).
      if (!sub) return [];
      const payload = typeof c.payload === 'string' ? (JSON.parse(c.payload) as PushPayload) : c.payload;
      return [
        {
          id: Number(c.id),
          subscriptionId: sub.id,
          payload,
          attempts: Number(c.attempts),
          endpoint: sub.endpoint,
          p256dh: sub.p256dh,
          auth: sub.auth,
          sessionEnded: sub.sessionId === null || sub.revokedAt !== null,
        },
      ];
    });
}

export async function markJobSent(db: Database, job: ClaimedJob, now: Date) {
  await db
    .update(pushJobs)
    .set({ status: 'sent', attempts: job.attempts + 1, lockedUntil: null, lastError: null, updatedAt: now })
    .where(eq(pushJobs.id, job.id));
  await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, job.subscriptionId));
}

/** Another try at `nextAttemptAt`, or `failed` when `nextAttemptAt` is null (no tries left or a permanent refusal). */
export async function markJobFailed(db: Database, job: ClaimedJob, error: string, nextAttemptAt: Date | null, now: Date) {
  await db
    .update(pushJobs)
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      attempts: job.attempts + 1,
      nextAttemptAt: nextAttemptAt ?? undefined,
      lockedUntil: null,
      lastError: error.slice(0, 500),
      updatedAt: now,
    })
    .where(eq(pushJobs.id, job.id));
}

/** The push service says the subscription is gone (404/410): it is deleted, its jobs with it. */
export async function deleteSubscriptionById(db: Database, subscriptionId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

/** Sent and failed jobs older than `days` are forgotten. */
export async function pruneFinishedJobs(db: Database, days: number) {
  await db
    .delete(pushJobs)
    .where(
      and(
        or(eq(pushJobs.status, 'sent'), eq(pushJobs.status, 'failed')),
        lt(pushJobs.updatedAt, sql`now() - make_interval(days => ${days})`),
      ),
    );
}

/** Subscriptions of sessions that ended (revoked) — they receive nothing and go. */
export async function pruneEndedSessionSubscriptions(db: Database) {
  await db.delete(pushSubscriptions).where(
    or(
      isNull(pushSubscriptions.sessionId),
      inArray(
        pushSubscriptions.sessionId,
        db
          .select({ id: sessions.id })
          .from(sessions)
          .where(sql`${sessions.revokedAt} IS NOT NULL`),
      ),
    ),
  );
}

/** Keeps the user's `keep` newest subscriptions (by id) and deletes older ones. */
export async function trimUserSubscriptions(db: Database, userId: number, keep: number) {
  await db.execute(sql`
    DELETE FROM ${pushSubscriptions} WHERE user_id = ${userId} AND id NOT IN (
      SELECT id FROM ${pushSubscriptions} WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${keep}
    )`);
}
