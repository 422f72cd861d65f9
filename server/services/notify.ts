/**
 * The one way anything on the server notifies a shopper (issue #6): an in-app notification row,
 * then a push to each of the shopper's devices (the push queue, services/push-queue.ts, listens
 * through `Notifier#onNotified` and writes its jobs with the caller's database or transaction).
 *
 * Callers pass the database or their open transaction: in a transaction the notification and its
 * push jobs commit (or roll back) with the change that caused them. The text is not stored:
 * `kind` + `params` are rendered in the reader's language by `renderNotification`
 * (lib/notification-text.ts, re-exported here; the list in the request's language, each push in
 * its device's language).
 *
 * `Notifier` holds the listeners. Each app has its own (`app.notifier`, plugins/notifier.ts), so
 * two apps in one process (tests) never queue pushes for each other's notifications; the operator
 * command (scripts/ops/ops.ts) makes its own. There is no module-level notifier.
 */
import type { Database } from '#server/db/client.ts';
import type { NotificationKind, NotificationParams } from '#server/lib/notification-text.ts';
import { insertNotification } from '#server/repositories/notification-repository.ts';

export { renderNotification, type NotificationKind, type NotificationParams } from '#server/lib/notification-text.ts';

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

export type AfterNotify = (db: Database, notificationId: number, notification: NewNotification) => Promise<void>;

/** Writes notifications and tells its listeners: one per app (or per operator command). */
export class Notifier {
  private readonly afterNotify = new Set<AfterNotify>();

  /** The push queue registers here to enqueue one job per subscription of the user; answers the unsubscribe function. */
  onNotified(listener: AfterNotify): () => void {
    this.afterNotify.add(listener);
    return () => this.afterNotify.delete(listener);
  }

  /**
   * Writes the notification in `db` (the database or the caller's transaction), then runs every
   * listener with the same `db`, in the order they subscribed; a failing listener fails the call
   * (in a transaction, the notification rolls back with it). Answers the notification's id.
   */
  async notify(db: Database, notification: NewNotification): Promise<number> {
    const id = await insertNotification(db, notification);
    for (const listener of this.afterNotify) await listener(db, id, notification);
    return id;
  }
}
