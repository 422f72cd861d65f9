/**
 * What notifies a shopper (issue #6), each through a Notifier (services/notify.ts) so the in-app
 * notification and its pushes are written together, in one transaction — the app's
 * (app.notifier) in the server, the operator command's own in scripts/ops/ops.ts (which has no app):
 * - an order's status changes (a listener on an OrderStatusEvents of services/order-status.ts —
 *   the app's, app.orderStatusEvents, or the operator command's — after the change committed; a
 *   failure is logged and never undoes the change);
 * - a favourite's price goes down (`notifyPriceDrop`, called by the operator's product:price
 *   command inside its transaction);
 * - an order leaves a favourite with exactly one unit (`announceLowStock`, after the order committed).
 * A support reply notifies from the tickets code (kind ticket_reply).
 */
import type { Database } from '#server/db/client.ts';
import { favoriteUserIds } from '#server/repositories/favorite-repository.ts';
import { reductionPercentage } from '#server/lib/price-reduction.ts';
import type { Notifier } from './notify.ts';
import type { OrderStatusChanged, OrderStatusEvents } from './order-status.ts';

interface Log {
  warn(obj: unknown, msg: string): void;
}

export const orderUrl = (orderId: number) => `/order-history/${orderId}`;
export const productUrl = (productId: number) => `/products/${productId}/details`;

export async function notifyOrderStatus(notifier: Notifier, db: Database, event: OrderStatusChanged) {
  await db.transaction(async (tx) =>
    notifier.notify(tx as unknown as Database, {
      userId: event.userId,
      kind: 'order_status',
      params: { order_number: event.orderNumber, status: event.to, tracking: event.tracking },
      url: orderUrl(event.orderId),
    }),
  );
}

/** Every committed status change `events` tells of notifies its shopper through `notifier`, in `db`. Answers the unsubscribe. */
export function notifyOrderStatusChanges(events: OrderStatusEvents, notifier: Notifier, db: Database, log: Log): () => void {
  return events.on(async (event) => {
    try {
      await notifyOrderStatus(notifier, db, event);
    } catch (err) {
      log.warn({ err, orderId: event.orderId }, 'order status notification failed');
    }
  });
}

export interface PriceDrop {
  productId: number;
  name: string;
  oldPrice: number;
  newPrice: number;
  /**
   * The prior price the new price is announced against (issue 36): the lowest of the 30 days
   * before the reduction started. The notification and its pushes state it and the percentage.
   */
  priorPrice: number;
}

/**
 * Notifies everyone who has the product as a favourite (in the caller's transaction) of an
 * announced reduction. Answers how many.
 */
export async function notifyPriceDrop(tx: Database, drop: PriceDrop, notifier: Notifier): Promise<number> {
  if (!(drop.newPrice < drop.oldPrice) || !(drop.newPrice < drop.priorPrice)) return 0;
  const userIds = await favoriteUserIds(tx, drop.productId);
  for (const userId of userIds) {
    await notifier.notify(tx, {
      userId,
      kind: 'price_drop',
      params: {
        product_id: drop.productId,
        name: drop.name,
        old_price: drop.oldPrice,
        new_price: drop.newPrice,
        prior_price: drop.priorPrice,
        discount_percentage: reductionPercentage(drop.priorPrice, drop.newPrice),
      },
      url: productUrl(drop.productId),
    });
  }
  return userIds.length;
}

export interface LowStock {
  productId: number;
  name: string;
  /** Who bought it (not told: they just did). */
  buyerId: number;
}

/**
 * After an order COMMITTED: its favouriters hear that the product is about to sell out. Never
 * throws — the order is done whatever happens here.
 */
export async function announceLowStock(
  db: Database,
  items: readonly LowStock[],
  log: Log | undefined,
  notifier: Notifier,
): Promise<number> {
  let told = 0;
  for (const item of items) {
    try {
      const userIds = (await favoriteUserIds(db, item.productId)).filter((id) => id !== item.buyerId);
      if (!userIds.length) continue;
      await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        for (const userId of userIds) {
          await notifier.notify(tx, {
            userId,
            kind: 'low_stock',
            params: { product_id: item.productId, name: item.name },
            url: productUrl(item.productId),
          });
        }
      });
      told += userIds.length;
    } catch (err) {
      log?.warn({ err, productId: item.productId }, 'low stock notification failed');
    }
  }
  return told;
}
