/**
 * The one way anything on the server notifies a shopper (issue #6): an in-app notification row,
 * then a push to each of the shopper's devices (the push queue, services/push-queue.ts, listens
 * through `onNotified` and writes its jobs with the caller's database or transaction).
 *
 * Callers pass the database or their open transaction: in a transaction the notification and its
 * push jobs commit (or roll back) with the change that caused them. The text is not stored:
 * `kind` + `params` are rendered in the reader's language by `renderNotification` (the list in
 * the request's language, each push in its device's language).
 */
import type { Database } from '../db/client.ts';
import { notifications, type NOTIFICATION_KINDS } from '../db/schema.ts';
import { translate } from '../lib/i18n.ts';
import { formatMoney } from '../../contract/format-money.ts';
import type { Locale } from '../../contract/constants.ts';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationParams = Record<string, string | number | null>;

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

const LEI = { symbol: 'lei', position: 'suffix' } as const;
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const money = (value: string | number | null | undefined) => formatMoney(Number(value ?? 0), LEI);

/**
 * Title and body of a notification in `locale` (catalogue keys `notification.<kind>.*`). Plain
 * text: the client shows it as text and the service worker's Notification API never parses HTML.
 */
export function renderNotification(locale: Locale, kind: NotificationKind, params: NotificationParams): { title: string; body: string } {
  const t = (key: string, vars: Record<string, string | number>) => translate(locale, key, vars);
  switch (kind) {
    case 'order_status': {
      const vars = { order_number: text(params.order_number), tracking: text(params.tracking) };
      const status = text(params.status);
      const bodyKey = status === 'shipped' && vars.tracking ? 'notification.order_status.body_shipped_tracking' : `notification.order_status.body_${status}`;
      return { title: t('notification.order_status.title', vars), body: t(bodyKey, vars) };
    }
    case 'ticket_reply': {
      const vars = { ticket_number: text(params.ticket_number), subject: text(params.subject) };
      return { title: t('notification.ticket_reply.title', vars), body: t('notification.ticket_reply.body', vars) };
    }
    case 'price_drop': {
      const vars = { name: text(params.name), old_price: money(params.old_price), new_price: money(params.new_price) };
      return { title: t('notification.price_drop.title', vars), body: t('notification.price_drop.body', vars) };
    }
    case 'low_stock': {
      const vars = { name: text(params.name) };
      return { title: t('notification.low_stock.title', vars), body: t('notification.low_stock.body', vars) };
    }
  }
}
