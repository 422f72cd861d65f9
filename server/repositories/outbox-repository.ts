/** The development outbox (services/message-delivery.ts): messages kept instead of delivered. */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { outboxMessages, type MessageChannel } from '#server/db/schema.ts';

export async function insertOutboxMessage(db: Database, message: { channel: MessageChannel; recipient: string; body: string }) {
  await db.insert(outboxMessages).values(message);
}

/** Newest first. */
export function listOutboxMessages(db: Database, options: { recipient?: string; limit: number }) {
  return db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      body: outboxMessages.body,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(options.recipient === undefined ? undefined : eq(outboxMessages.recipient, options.recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(options.limit);
}
