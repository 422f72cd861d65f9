/**
 * Cart lines and their prices (issue #5, ADR 007). Every price is read here, from the database:
 * the product's price and effective_price, the lowest RUNNING flash-sale price (as the catalog
 * does, repositories/catalog/product-cards.ts), and the size surcharge — then priced by
 * lib/checkout-math.ts. Checkout, buy now and place-order use the same `priceLines`.
 */
import type { Trader } from '#contract/trader.ts';
import { traderColumns, traderOf } from './catalog/trader-identity.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  attributeOptions,
  cartItems,
  deliveryWeights,
  flashSaleProducts,
  flashSales,
  productColors,
  productSizes,
  products,
  shops,
} from '#server/db/schema.ts';
import { lineTotal, roundBani, unitPrices, type WeightBand } from '#server/lib/checkout-math.ts';
import { announcedReduction } from '#server/lib/price-reduction.ts';
import type { CartGroup, CartProduct } from '#contract/cart.ts';
import { imageMeta } from './image-meta.ts';

/** A line to price: a stored cart line (lineId > 0) or a buy-now item (lineId 0). */
export interface LineRequest {
  lineId: number;
  productId: number;
  sizeId: number | null;
  colorId: number | null;
  unit: string | null;
  quantity: number;
}

export interface PricedLine {
  request: LineRequest;
  product: {
    id: number;
    name: string;
    brand: string | null;
    thumbnail: string;
    quantity: number;
    weight: number;
    isActive: boolean;
    shopId: number;
    shopName: string;
    shopRating: number;
    /** The shop's trader identity (issue 36); undefined: incomplete, the product cannot be bought. */
    trader: Trader | undefined;
  };
  sizeName: string | null;
  colorName: string | null;
  /** Chosen size / colour exist for the product. */
  sizeValid: boolean;
  colorValid: boolean;
  wire: CartProduct;
}

export interface PricedGroup extends CartGroup {
  lines: PricedLine[];
  bands: WeightBand[];
}

const runningSalePrice = sql<number | null>`(
  SELECT min(${flashSaleProducts.salePrice}) FROM ${flashSaleProducts}
  INNER JOIN ${flashSales} ON ${flashSales.id} = ${flashSaleProducts.flashSaleId}
  WHERE ${flashSaleProducts.productId} = ${products.id} AND ${flashSaleProducts.salePrice} > 0
    AND ${flashSales.startsAt} <= now() AND ${flashSales.endsAt} > now()
)`.mapWith((v) => (v === null ? null : Number(v)));

/**
 * The prior price and start of the running sale whose price the line is sold at (the lowest above
 * 0, then the earliest end): a sale announces its reduction against its own prior price (issue 36).
 */
const runningSaleReduction = sql<{ prior_price: number | string | null; starts_at: string } | null>`(
  SELECT json_build_object('prior_price', ${flashSaleProducts.priorPrice}, 'starts_at', ${flashSales.startsAt}) FROM ${flashSaleProducts}
  INNER JOIN ${flashSales} ON ${flashSales.id} = ${flashSaleProducts.flashSaleId}
  WHERE ${flashSaleProducts.productId} = ${products.id} AND ${flashSaleProducts.salePrice} > 0
    AND ${flashSales.startsAt} <= now() AND ${flashSales.endsAt} > now()
  ORDER BY ${flashSaleProducts.salePrice}, ${flashSales.endsAt} LIMIT 1
)`.mapWith(
  (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as { prior_price: number | string | null; starts_at: string } | null,
);

/**
 * The line's announced reduction in percent, by the rule of cards and the product page (issue 36,
 * ADR 030, lib/price-reduction.ts): against the prior price (the lowest of the 30 days before the
 * reduction started), 0 when the price it sells at is not below it. Of the product's own price,
 * as the card the shopper added it from showed it (a size's surcharge is not part of it).
 */
function linePercentage(row: {
  effectivePrice: number;
  salePrice: number | null;
  priorPrice: number | null;
  reductionStartedAt: Date | null;
  saleReduction: { prior_price: number | string | null; starts_at: string } | null;
}): number {
  const sale = row.salePrice !== null && row.salePrice > 0 ? row.saleReduction : null;
  if (sale) {
    const prior = sale.prior_price === null ? null : Number(sale.prior_price);
    return announcedReduction(row.salePrice!, prior, new Date(sale.starts_at)).discount_percentage;
  }
  return announcedReduction(row.effectivePrice, row.priorPrice, row.reductionStartedAt).discount_percentage;
}

/**
 * Prices lines in the order given. `lock` takes FOR UPDATE locks on the product rows (ordered by
 * id, so concurrent orders never deadlock) — place-order's stock check holds until commit.
 * Lines whose product no longer exists are left out.
 */
export async function priceLines(db: Database, requests: readonly LineRequest[], options: { lock?: boolean } = {}): Promise<PricedLine[]> {
  const ids = [...new Set(requests.map((r) => r.productId))];
  if (!ids.length) return [];
  const base = db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      thumbnail: products.thumbnail,
      thumbnailMeta: imageMeta(products.thumbnailKey),
      price: products.price,
      effectivePrice: products.effectivePrice,
      quantity: products.quantity,
      weight: products.weight,
      isActive: products.isActive,
      moderation: products.moderation,
      shopId: products.shopId,
      shopName: shops.name,
      shopRating: shops.rating,
      ...traderColumns,
      salePrice: runningSalePrice,
      priorPrice: products.priorPrice,
      reductionStartedAt: products.reductionStartedAt,
      saleReduction: runningSaleReduction,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  const rows = options.lock ? await base.for('update', { of: products }) : await base;
  const byId = new Map(rows.map((r) => [r.id, r]));

  const [sizeRows, colorRows, bandRows] = await Promise.all([
    db
      .select({ productId: productSizes.productId, id: attributeOptions.id, name: attributeOptions.name, price: productSizes.price })
      .from(productSizes)
      .innerJoin(attributeOptions, eq(attributeOptions.id, productSizes.sizeId))
      .where(inArray(productSizes.productId, ids)),
    db
      .select({ productId: productColors.productId, id: attributeOptions.id, name: attributeOptions.name })
      .from(productColors)
      .innerJoin(attributeOptions, eq(attributeOptions.id, productColors.colorId))
      .where(inArray(productColors.productId, ids)),
    db
      .select({
        shopId: deliveryWeights.shopId,
        min_weight: deliveryWeights.minWeight,
        max_weight: deliveryWeights.maxWeight,
        price: deliveryWeights.price,
      })
      .from(deliveryWeights)
      .where(inArray(deliveryWeights.shopId, [...new Set(rows.map((r) => r.shopId))].concat(0)))
      .orderBy(asc(deliveryWeights.minWeight)),
  ]);
  const bandsByShop = new Map<number, WeightBand[]>();
  for (const { shopId, ...band } of bandRows) (bandsByShop.get(shopId) ?? bandsByShop.set(shopId, []).get(shopId)!).push(band);

  const out: PricedLine[] = [];
  for (const request of requests) {
    const row = byId.get(request.productId);
    if (!row) continue;
    const size = request.sizeId === null ? undefined : sizeRows.find((s) => s.productId === row.id && s.id === request.sizeId);
    const color = request.colorId === null ? undefined : colorRows.find((c) => c.productId === row.id && c.id === request.colorId);
    const prices = unitPrices({
      price: row.price,
      effectivePrice: row.effectivePrice,
      salePrice: row.salePrice,
      surcharge: size?.price ?? 0,
    });
    const {
      trader: traderRow,
      traderListed: _listed,
      priorPrice: _prior,
      reductionStartedAt: _started,
      saleReduction: _sale,
      ...product
    } = row;
    const trader = traderOf(traderRow);
    // A product of a shop without its trader identity is not for sale (issue 36): no stock to take.
    const stock = row.isActive && trader ? row.quantity : 0;
    out.push({
      request,
      product: { ...product, shopRating: Number(row.shopRating), trader },
      sizeName: size?.name ?? null,
      colorName: color?.name ?? null,
      sizeValid: request.sizeId === null || size !== undefined,
      colorValid: request.colorId === null || color !== undefined,
      wire: {
        id: request.lineId,
        product_id: row.id,
        name: row.name,
        brand: row.brand,
        thumbnail: row.thumbnail,
        thumbnail_meta: row.thumbnailMeta,
        price: prices.price,
        discount_price: prices.discountPrice,
        discount_percentage: linePercentage(row),
        quantity: request.quantity,
        size: size ? { id: size.id, name: size.name } : null,
        unit: request.unit ? { name: request.unit } : null,
        color: color ? { id: color.id, name: color.name } : null,
        shop: { id: row.shopId },
        delivery_weights: bandsByShop.get(row.shopId) ?? [],
        variant: { weight: row.weight },
        stock,
        line_total: lineTotal(prices.unit, request.quantity),
        moderation: row.moderation,
      },
    });
  }
  return out;
}

/** The unit price charged for a priced line. */
export const unitOf = (line: PricedLine) => (line.wire.discount_price > 0 ? line.wire.discount_price : line.wire.price);

/** Groups priced lines by shop, in the order shops first appear. */
export function groupByShop(lines: readonly PricedLine[]): PricedGroup[] {
  const groups = new Map<number, PricedGroup>();
  for (const line of lines) {
    let group = groups.get(line.product.shopId);
    if (!group) {
      group = {
        id: line.product.shopId,
        shop_id: line.product.shopId,
        shop_name: line.product.shopName,
        shop_rating: line.product.shopRating,
        products: [],
        lines: [],
        bands: line.wire.delivery_weights,
      };
      groups.set(line.product.shopId, group);
    }
    group.products.push(line.wire);
    group.lines.push(line);
  }
  return [...groups.values()];
}

export const toWireGroups = (groups: readonly PricedGroup[]): CartGroup[] =>
  groups.map(({ id, shop_id, shop_name, shop_rating, products }) => ({ id, shop_id, shop_name, shop_rating, products }));

// --- stored cart lines --------------------------------------------------------------------------

export type CartLineRow = typeof cartItems.$inferSelect;

export function listCartLines(db: Database, userId: number): Promise<CartLineRow[]> {
  return db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.id));
}

export const toLineRequest = (row: CartLineRow): LineRequest => ({
  lineId: row.id,
  productId: row.productId,
  sizeId: row.sizeId,
  colorId: row.colorId,
  unit: row.unit,
  quantity: row.quantity,
});

/** The user's cart as product §7 answers it. */
export async function loadCart(db: Database, userId: number) {
  const lines = await priceLines(db, (await listCartLines(db, userId)).map(toLineRequest));
  const groups = groupByShop(lines);
  const total = roundBani(lines.reduce((sum, l) => sum + l.wire.line_total, 0));
  return { total, cart_items: toWireGroups(groups) };
}

/**
 * Serialises the cart changes of one user (issue 14, ADR 016): a transaction-scoped advisory lock
 * on (1, userId), taken first in every cart-changing transaction. Every read after it sees what
 * the previous change committed, so parallel increments, decrements and stores neither lose
 * updates nor race to insert the same line. PGlite serialises anyway; PostgreSQL needs it.
 */
export async function lockCart(db: Database, userId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(1, ${userId}::integer)`);
}

/** A line of this user: by line id, else the product's newest line. */
export async function findCartLine(db: Database, userId: number, productId: number, lineId?: number) {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(
      and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), lineId === undefined ? undefined : eq(cartItems.id, lineId)),
    )
    .orderBy(desc(cartItems.id))
    .limit(1);
  return row;
}

/** Units of a product already in the user's cart, over all its lines. */
export async function quantityInCart(db: Database, userId: number, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)`.mapWith(Number) })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
  return row?.n ?? 0;
}

export async function findSameLine(db: Database, userId: number, productId: number, sizeId: number | null, colorId: number | null) {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(
      and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, productId),
        sql`${cartItems.sizeId} IS NOT DISTINCT FROM ${sizeId}`,
        sql`${cartItems.colorId} IS NOT DISTINCT FROM ${colorId}`,
      ),
    );
  return row;
}

// --- cart line writes (callers hold the cart's lock: lockCart) ---------------------------------

export async function insertCartLine(
  tx: Database,
  line: { userId: number; productId: number; sizeId: number | null; colorId: number | null; unit: string | null; quantity: number },
) {
  await tx.insert(cartItems).values(line);
}

/** Sets a line's quantity and unit. */
export async function updateCartLine(tx: Database, id: number, values: { quantity: number; unit: string | null }) {
  await tx
    .update(cartItems)
    .set({ quantity: values.quantity, unit: values.unit, updatedAt: sql`now()` })
    .where(eq(cartItems.id, id));
}

/** One unit more on a line, counted in SQL (parallel changes all count, ADR 016). */
export async function incrementCartLine(tx: Database, id: number) {
  await tx
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} + 1`, updatedAt: sql`now()` })
    .where(eq(cartItems.id, id));
}

/** One unit less on a line, counted in SQL (the caller deletes a line of one unit instead). */
export async function decrementCartLine(tx: Database, id: number) {
  await tx
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: sql`now()` })
    .where(eq(cartItems.id, id));
}

export async function deleteCartLine(tx: Database, id: number) {
  await tx.delete(cartItems).where(eq(cartItems.id, id));
}

/** Deletes the user's lines of a product (only line `lineId` when given); answers how many went. */
export async function deleteProductLines(tx: Database, userId: number, productId: number, lineId?: number): Promise<number> {
  const deleted = await tx
    .delete(cartItems)
    .where(
      and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), lineId === undefined ? undefined : eq(cartItems.id, lineId)),
    )
    .returning({ id: cartItems.id });
  return deleted.length;
}

/** Deletes these lines of the user's cart (bought ones). */
export async function deleteCartLines(tx: Database, userId: number, lineIds: readonly number[]) {
  if (!lineIds.length) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, [...lineIds])));
}
