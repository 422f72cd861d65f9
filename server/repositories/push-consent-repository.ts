/**
 * Consent to push notifications (issue 37 §4): one row per decision, the latest counts. The push
 * queue reads the latest row in its own statement (push-repository.ts, enqueuePushJobs).
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { pushConsents } from '#server/db/schema.ts';
import type { PushTopic } from '#contract/push-consent-topics.ts';

export interface PushConsentRecord {
  topics: PushTopic[];
  decidedAt: Date;
}

/** The shopper's latest decision, or null when they never decided. */
export async function latestPushConsent(db: Database, userId: number): Promise<PushConsentRecord | null> {
  const [row] = await db
    .select({ topics: pushConsents.topics, decidedAt: pushConsents.decidedAt })
    .from(pushConsents)
    .where(eq(pushConsents.userId, userId))
    .orderBy(desc(pushConsents.id))
    .limit(1);
  return row ? { topics: row.topics as PushTopic[], decidedAt: row.decidedAt } : null;
}

/** Records a decision (an empty list withdraws consent); answers it with the database's time. */
export async function recordPushConsent(db: Database, userId: number, topics: readonly PushTopic[]): Promise<PushConsentRecord> {
  const [row] = await db
    .insert(pushConsents)
    .values({ userId, topics: [...topics] })
    .returning({ topics: pushConsents.topics, decidedAt: pushConsents.decidedAt });
  return { topics: row!.topics as PushTopic[], decidedAt: row!.decidedAt };
}
