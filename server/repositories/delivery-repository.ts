/**
 * The code delivery queue, `message_deliveries` (issue 14, ADR 020; services/delivery-queue.ts):
 * routes insert, every instance's worker claims due rows with FOR UPDATE SKIP LOCKED (an instance
 * never sends a message another one claimed), then marks each sent, failed or due again later.
 *
 * `fixedNow`: the tests' clock; otherwise the database's own (clock_timestamp(), read by each
 * statement), so a message queued a few microseconds ago is already due.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import type { MessageChannel } from '#server/db/schema.ts';

/** The channels a message goes by (a column's values); services name it through this module. */
export type { MessageChannel };

export interface ClaimedDelivery extends Record<string, unknown> {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const clock = (fixedNow: Date | undefined) => (fixedNow ? sql`${fixedNow}::timestamptz` : sql`clock_timestamp()`);

export async function insertDelivery(
  db: Database,
  message: { channel: MessageChannel; recipient: string; body: string; subject?: string },
) {
  await db.execute(sql`
    INSERT INTO message_deliveries (channel, recipient, subject, body)
    VALUES (${message.channel}, ${message.recipient}, ${message.subject ?? null}, ${message.body})`);
}

/** Sent and failed messages older than a day are forgotten. */
export async function pruneDeliveries(db: Database) {
  await db.execute(sql`DELETE FROM message_deliveries WHERE status <> 'pending' AND created_at < now() - interval '1 day'`);
}

/**
 * Claims up to `batch` due messages (pending, next_attempt_at reached, not claimed by a live
 * worker) for `claimSeconds`, counting the attempt, skipping rows another worker is claiming.
 * UPDATE … RETURNING gives no order: the caller sorts.
 */
export async function claimDueDeliveries(
  db: Database,
  fixedNow: Date | undefined,
  batch: number,
  claimSeconds: number,
): Promise<ClaimedDelivery[]> {
  const now = clock(fixedNow);
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      UPDATE message_deliveries SET locked_until = ${now} + ${claimSeconds} * interval '1 second', attempts = attempts + 1
       WHERE id IN (SELECT id FROM message_deliveries
                     WHERE status = 'pending' AND next_attempt_at <= ${now}
                       AND (locked_until IS NULL OR locked_until < ${now})
                     ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING id, channel, recipient, subject, body, attempts`),
  );
}

/** Sent: the body (it holds the code) is emptied. */
export async function markDeliverySent(db: Database, id: number) {
  await db.execute(
    sql`UPDATE message_deliveries SET status = 'sent', body = '', sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = ${id}`,
  );
}

/** Failed for good: the body is emptied. */
export async function markDeliveryFailed(db: Database, id: number, reason: string) {
  await db.execute(
    sql`UPDATE message_deliveries SET status = 'failed', body = '', locked_until = NULL, last_error = ${reason} WHERE id = ${id}`,
  );
}

/** Another try `waitSeconds` from now. */
export async function retryDeliveryLater(db: Database, id: number, fixedNow: Date | undefined, waitSeconds: number, reason: string) {
  const now = clock(fixedNow);
  await db.execute(sql`
    UPDATE message_deliveries SET next_attempt_at = ${now} + ${waitSeconds} * interval '1 second', locked_until = NULL, last_error = ${reason}
     WHERE id = ${id}`);
}
