/**
 * Flash sales (issue #3, GET /api/flash-sales/:id): a sale and its products at the sale's prices.
 * The home page's running sale (home.ts) is read with the same fields and order.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { flashSales, products } from '#server/db/schema.ts';
import type { FlashSale } from '#contract/catalog.ts';
import { down, pagedCards, reductionRatio, stockFirst, up, type Page } from './product-cards.ts';

/** A sale's columns, with its status by the database's clock (the home page reads the same). */
export const flashSaleFields = {
  id: flashSales.id,
  name: flashSales.name,
  description: flashSales.description,
  thumbnail: flashSales.thumbnail,
  startsAt: flashSales.startsAt,
  endsAt: flashSales.endsAt,
  status: sql<
    FlashSale['status']
  >`(CASE WHEN ${flashSales.startsAt} > now() THEN 'upcoming' WHEN ${flashSales.endsAt} > now() THEN 'running' ELSE 'ended' END)`,
};

export function toFlashSale(row: {
  id: number;
  name: string;
  description: string | null;
  thumbnail: string;
  startsAt: Date;
  endsAt: Date;
  status: FlashSale['status'];
}): FlashSale {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    thumbnail: row.thumbnail,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
  };
}

/** The sale's active products at the sale's prices, in-stock first, biggest reduction against the prior price next. */
export const flashSaleProductsOrder = (price: SQL<number>, prior: SQL) => [stockFirst, down(reductionRatio(price, prior)), up(products.id)];

export async function getFlashSale(db: Database, id: number, page: Page) {
  const [sale] = await db.select(flashSaleFields).from(flashSales).where(eq(flashSales.id, id));
  if (!sale) return undefined;
  const { data, meta } = await pagedCards(db, { flashSaleId: id, orderBy: flashSaleProductsOrder }, page);
  return { flash_sale: toFlashSale(sale), data, meta };
}
