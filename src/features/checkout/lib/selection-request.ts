/**
 * The checkout request's ids for the selected cart lines (product §4, ADR 007): cart_ids (line ids,
 * for exactness) with the shops and products they belong to. Sorted so equal selections make
 * equal query keys. null when no selected line is in the server's cart (a line still waiting
 * for the server has a temporary id below 0 and is left out).
 */
import type { CheckoutRequest } from '#contract/checkout.ts';

export interface CheckoutLineSource {
  shop_id: number;
  products: { id: number; product_id: number }[];
}

/** `selected`: the cart's groups reduced to the shopper's selected lines (cart's `selectedGroups`). */
export function selectionRequest(
  selected: CheckoutLineSource[],
): Pick<CheckoutRequest, 'cart_ids' | 'shop_ids' | 'selected_products'> | null {
  const lines = selected.flatMap((g) => g.products.filter((p) => p.id > 0).map((p) => ({ ...p, shop_id: g.shop_id })));
  if (lines.length === 0) return null;
  const unique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);
  return {
    cart_ids: unique(lines.map((l) => l.id)),
    shop_ids: unique(lines.map((l) => l.shop_id)),
    selected_products: unique(lines.map((l) => l.product_id)),
  };
}
