/**
 * What the cart looks like right after a change, before (or without) the server's answer:
 * the optimistic half of product §4's cart rules. Quantities stay within the stock the cart knows.
 */
import type { AddToCartPayload, CartGroup, CartProduct } from '#contract/cart.ts';
import type { CartData } from '../api/get-cart.ts';
import type { ImageMeta } from '#contract/images.ts';

export interface AddPreview {
  product_id: number;
  name: string;
  brand: string | null;
  thumbnail: string;
  /** Optional: changes queued by an older build have none (the line shows the plain thumbnail). */
  thumbnail_meta?: ImageMeta | null;
  price: number;
  discount_price: number;
  discount_percentage: number;
  stock: number;
  shop: { id: number; name: string; rating: number };
  size: { id: number; name: string; price: number } | null;
  color: { id: number; name: string } | null;
}

export type CartChange =
  | { kind: 'store'; body: AddToCartPayload; preview: AddPreview; tempId: number }
  | {
      kind: 'increment' | 'decrement' | 'delete';
      body: { product_id: number; cart_id?: number };
      name: string;
      /** The line's identity when this change takes it out of the cart (a delete, a decrement at 1): it leaves the selection at the tap. */
      removesLine?: string;
    };

const unit = (p: Pick<CartProduct, 'price' | 'discount_price'>) => (p.discount_price > 0 ? p.discount_price : p.price);
const withTotals = (groups: CartGroup[]): CartData => {
  const cart_items = groups
    .map((g) => ({ ...g, products: g.products.map((p) => ({ ...p, line_total: Math.round(unit(p) * 100 * p.quantity) / 100 })) }))
    .filter((g) => g.products.length > 0);
  const total = cart_items.reduce((sum, g) => sum + g.products.reduce((s, p) => s + Math.round(p.line_total * 100), 0), 0) / 100;
  return { total, cart_items };
};

const findLine = (cart: CartData, body: { product_id: number; cart_id?: number }) => {
  const lines = cart.cart_items.flatMap((g) => g.products);
  return body.cart_id ? lines.find((l) => l.id === body.cart_id) : [...lines].reverse().find((l) => l.product_id === body.product_id);
};

export function applyCartChange(cart: CartData, change: CartChange): CartData {
  const groups = cart.cart_items.map((g) => ({ ...g, products: [...g.products] }));
  if (change.kind === 'store') {
    const { preview } = change;
    const quantity = Number(change.body.quantity ?? 1);
    const group = groups.find((g) => g.shop_id === preview.shop.id);
    const existing = group?.products.find(
      (l) =>
        l.product_id === preview.product_id &&
        (l.size?.id ?? null) === (preview.size?.id ?? null) &&
        (l.color?.id ?? null) === (preview.color?.id ?? null),
    );
    if (existing && group) {
      group.products = group.products.map((l) => (l === existing ? { ...l, quantity: Math.min(l.stock, l.quantity + quantity) } : l));
      return withTotals(groups);
    }
    const surcharge = preview.size?.price ?? 0;
    const line: CartProduct = {
      id: change.tempId,
      product_id: preview.product_id,
      name: preview.name,
      brand: preview.brand,
      thumbnail: preview.thumbnail,
      thumbnail_meta: preview.thumbnail_meta ?? null,
      price: preview.price + surcharge,
      discount_price: preview.discount_price > 0 ? preview.discount_price + surcharge : 0,
      discount_percentage: preview.discount_percentage,
      quantity: Math.min(Math.max(1, preview.stock), quantity),
      size: preview.size ? { id: preview.size.id, name: preview.size.name } : null,
      unit: null,
      color: preview.color,
      shop: { id: preview.shop.id },
      delivery_weights: [],
      variant: { weight: 0 },
      stock: preview.stock,
      line_total: 0,
    };
    if (group) group.products.push(line);
    else
      groups.push({
        id: preview.shop.id,
        shop_id: preview.shop.id,
        shop_name: preview.shop.name,
        shop_rating: preview.shop.rating,
        products: [line],
      });
    return withTotals(groups);
  }
  const target = findLine(cart, change.body);
  if (!target) return cart;
  for (const group of groups) {
    group.products = group.products.flatMap((l) => {
      if (l.id !== target.id) return [l];
      if (change.kind === 'delete') return [];
      if (change.kind === 'increment') return [{ ...l, quantity: Math.min(l.stock, l.quantity + 1) }];
      return l.quantity <= 1 ? [] : [{ ...l, quantity: l.quantity - 1 }];
    });
  }
  return withTotals(groups);
}

/** The line a change is about, in a given cart (for the pending markers). */
export function lineOfChange(cart: CartData, change: CartChange): CartProduct | undefined {
  if (change.kind === 'store') {
    return cart.cart_items
      .flatMap((g) => g.products)
      .find(
        (l) =>
          l.id === change.tempId ||
          (l.product_id === change.preview.product_id && (l.size?.id ?? null) === (change.preview.size?.id ?? null)),
      );
  }
  return findLine(cart, change.body);
}
