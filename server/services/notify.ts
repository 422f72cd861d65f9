/**
 * The one way anything on the server notifies a shopper (issue #6): an in-app notification row,
 * then — once it is committed — a push to each of the shopper's devices (the push queue).
 *
 * Callers pass the database or their open transaction. The text is not stored: `kind` + `params`
 * are rendered in the reader's language (see notifications routes and the push worker).
 */
import type { Database } from '../db/client.ts';
import { notifications, type NOTIFICATION_KINDS } from '../db/schema.ts';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  /** Values for the message template, e.g. { order_number, status } or { ticket_number, subject }. */
  params: Record<string, string | number | null>;
  /** In-app deep link: /order-history/{id}, /support-ticket/{number}, /products/{id}/details. */
  url: string;
}

type AfterNotify = (db: Database, notificationId: number, notification: NewNotification) => Promise<void>;
const afterNotify = new Set<AfterNotify>();

/** The push queue registers here to enqueue one job per subscription of the user. */
export function onNotified(listener: AfterNotify): () => void {
  afterNotify.add(listener);
  return () => afterNotify.delete(listener);
}

export async function notify(db: Database, notification: NewNotification): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({ userId: notification.userId, kind: notification.kind, params: notification.params, url: notification.url })
    .returning({ id: notifications.id });
  for (const listener of afterNotify) await listener(db, row!.id, notification);
  return row!.id;
}
