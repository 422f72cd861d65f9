/**
 * Push consent topics (issue 37 §4): what a shopper may agree to receive as push notifications,
 * and which topic each notification kind belongs to. zod-free, so the client's notification
 * screens can name the topics without the schemas.
 */
import type { NotificationKind } from './engagement.ts';

/** Order status changes; price drops and low stock on favourites; replies to support tickets. */
export const PUSH_TOPICS = ['orders', 'favourites', 'support'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** The topic a notification kind is pushed under: no consent to the topic, no push (the in-app list keeps it). */
export const PUSH_TOPIC_OF_KIND: Record<NotificationKind, PushTopic> = {
  order_status: 'orders',
  // The order's confirmation and withdrawal acknowledgements (issue 36) are about the shopper's orders.
  order_placed: 'orders',
  withdrawal: 'orders',
  price_drop: 'favourites',
  low_stock: 'favourites',
  ticket_reply: 'support',
};
