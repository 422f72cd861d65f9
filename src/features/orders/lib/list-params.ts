import { ORDER_STATUSES, type OrderStatus } from '#contract/orders.ts';
import type { OrderListParams } from '../api/orders-api.ts';

/** The list's parameters from the address: an unknown status is "all", a bad page is 1. */
export function listParams(search: URLSearchParams): Required<Pick<OrderListParams, 'page'>> & { status: OrderStatus | null } {
  const raw = search.get('status');
  const status = (ORDER_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as OrderStatus) : null;
  const page = Number(search.get('page'));
  return { status, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}
