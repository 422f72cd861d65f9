/**
 * Order statuses (issue #5, ADR 007): pending → confirmed → processing → shipped (tracking) →
 * delivered, and cancelled from pending or confirmed (the shopper) or up to processing (the
 * operator). Every change is one row in order_status_history; cancelling restores the stock.
 *
 * `OrderStatusEvents` is the hook the notifications issue plugs into: listeners run after the
 * change COMMITTED (callers pass the events to `emit` once their transaction is done), and a
 * failing listener is logged, never undoing the change. Each app has its own
 * (`app.orderStatusEvents`, plugins/order-status-events.ts), so two apps in one process (tests)
 * never hear each other's changes; the operator command (scripts/ops/ops.ts) makes its own. There is
 * no module-level set.
 */
import type { Database } from '#server/db/client.ts';
import { insertStatusHistory, lockOrder, setOrderStatus } from '#server/repositories/order-repository.ts';
import { restoreOrderStock } from '#server/repositories/stock-repository.ts';
import type { OrderStatus } from '#contract/orders.ts';

// The operator command (scripts/ops/ops.ts) locks the order it changes through this module.
export { lockOrder };

export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'processing', 'cancelled'],
  confirmed: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus) => TRANSITIONS[from].includes(to);

export interface OrderStatusChanged {
  orderId: number;
  orderNumber: string;
  userId: number;
  from: OrderStatus;
  to: OrderStatus;
  tracking: string | null;
  at: Date;
}

export type OrderStatusListener = (event: OrderStatusChanged) => void | Promise<void>;

/** Listeners of committed status changes: one set per app (or per operator command). */
export class OrderStatusEvents {
  private readonly listeners = new Set<OrderStatusListener>();

  /** Subscribes to committed status changes; answers the unsubscribe function. */
  on(listener: OrderStatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, in the order they subscribed, about each event; a failing listener is logged. */
  async emit(events: readonly OrderStatusChanged[], log?: { warn(obj: unknown, msg: string): void }) {
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          await listener(event);
        } catch (err) {
          log?.warn({ err, orderId: event.orderId }, 'order status listener failed');
        }
      }
    }
  }
}

export class TransitionError extends Error {
  constructor(
    public readonly from: OrderStatus,
    public readonly to: OrderStatus,
  ) {
    super(`An order cannot go from ${from} to ${to}.`);
  }
}

/**
 * Moves a LOCKED order (the caller selected it FOR UPDATE in `tx`) to `to`: history row, tracking,
 * stock back on cancel. Answers the event to emit after commit.
 */
export async function changeOrderStatus(
  tx: Database,
  order: { id: number; number: string; userId: number; status: OrderStatus },
  to: OrderStatus,
  options: { tracking?: string | null; note?: string | null } = {},
): Promise<OrderStatusChanged> {
  if (!canTransition(order.status, to)) throw new TransitionError(order.status, to);
  await setOrderStatus(tx, order.id, to, options.tracking);
  await insertStatusHistory(tx, order.id, to, options.note ?? (to === 'shipped' ? (options.tracking ?? null) : null));
  if (to === 'cancelled') await restoreOrderStock(tx, order.id);
  return {
    orderId: order.id,
    orderNumber: order.number,
    userId: order.userId,
    from: order.status,
    to,
    tracking: options.tracking ?? null,
    at: new Date(),
  };
}

/** The forward flow an order follows when nothing goes wrong. */
const FLOW: readonly OrderStatus[] = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'];

/**
 * The statuses an order passes through to reach `to` from `from` along the normal flow (`to`
 * itself last; cancelled in one step where allowed), or null when `to` cannot be reached. The
 * development operator route walks an order along them (a test's "deliver this order" is four real
 * transitions, each recorded and announced as the operator command would).
 */
export function transitionPath(from: OrderStatus, to: OrderStatus): OrderStatus[] | null {
  if (to === 'cancelled') return canTransition(from, to) ? [to] : null;
  const start = FLOW.indexOf(from);
  const end = FLOW.indexOf(to);
  if (start < 0 || end <= start) return null;
  return FLOW.slice(start + 1, end + 1);
}
