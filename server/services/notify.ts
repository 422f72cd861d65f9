/**
 * The one way anything on the server notifies a shopper (issue #6): an in-app notification row,
 * then a push to each of the shopper's devices (the push queue, services/push-queue.ts, listens
 * through `onNotified` and writes its jobs with the caller's database or transaction).
 *
 * Callers pass the database or their open transaction: in a transaction the notification and its
 * push jobs commit (or roll back) with the change that caused them. The text is not stored:
 * `kind` + `params` are rendered in the reader's language by `renderNotification`
 * (lib/notification-text.ts, re-exported here; the list in the request's language, each push in
 * its device's language).
 */
import type { Database } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import type { NotificationKind, NotificationParams } from '../lib/notification-text.ts';

export { renderNotification, type NotificationKind, type NotificationParams } from '../lib/notification-text.ts';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  /**
   * Values for the message template:
   * - order_status: { order_number, status, tracking }
   * - ticket_reply: { ticket_number, subject }
   * - price_drop:   { product_id, name, old_price, new_price } (prices in lei, numbers)
   * - low_stock:    { product_id, name }
   */
  params: NotificationParams;
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
