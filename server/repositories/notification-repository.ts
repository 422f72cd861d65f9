/**
 * In-app notifications (issue #6). Every function takes the user: a notification is only ever
 * read or changed by its owner (another user's id is simply not found). The text is rendered
 * per request from kind + params (lib/notification-text.ts#renderNotification).
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { notifications } from '#server/db/schema.ts';
import { renderNotification, type NotificationKind, type NotificationParams } from '#server/lib/notification-text.ts';
import type { AppNotification } from '#contract/engagement.ts';
import type { Locale } from '#contract/constants.ts';
import { pageMeta } from './catalog/product-cards.ts';

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow, locale: Locale): AppNotification {
  const { title, body } = renderNotification(locale, row.kind, (row.params ?? {}) as NotificationParams);
  return {
    id: row.id,
    kind: row.kind,
    title,
    body,
    url: row.url,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Writes one notification (services/notify.ts, in the caller's database or transaction); answers its id. */
export async function insertNotification(
  db: Database,
  values: { userId: number; kind: NotificationKind; params: NotificationParams; url: string },
): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({ userId: values.userId, kind: values.kind, params: values.params, url: values.url })
    .returning({ id: notifications.id });
  return row!.id;
}

/** One page, newest first (the serial id follows creation order), with the page meta and the unread count. */
export async function listNotifications(db: Database, userId: number, locale: Locale, page: number, perPage: number) {
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    countUnread(db, userId),
  ]);
  return {
    data: rows.map((row) => toNotification(row, locale)),
    meta: pageMeta({ page, perPage }, total?.n ?? 0),
    unread_count: unread,
  };
}

/** Unread notifications of the user (the partial index notifications_unread_idx). */
export async function countUnread(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read (reading it again keeps the first time); false when it is not theirs. */
export async function markRead(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Database, userId: number) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
