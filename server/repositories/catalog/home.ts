/**
 * The home page's sections (issue #3, GET /api/home): the running flash sale with its first
 * products, most popular, best deals, new arrivals and popular shops, read in parallel and turned
 * into cards together.
 */
import { asc } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { flashSales, products } from '#server/db/schema.ts';
import { down, fetchCardRows, inStock, isReduced, isRunning, newestFirst, reductionRatio, toProducts } from './product-cards.ts';
import { flashSaleFields, flashSaleProductsOrder, toFlashSale } from './flash-sales.ts';
import { popularShopsOrder, selectShops } from './shops.ts';

export const HOME_LIMITS = { flashSale: 8, products: 12, shops: 8 } as const;

export async function getHomeSections(db: Database) {
  const [[sale], mostPopular, bestDeals, newArrivals, popularShops] = await Promise.all([
    db.select(flashSaleFields).from(flashSales).where(isRunning).orderBy(asc(flashSales.endsAt), asc(flashSales.id)).limit(1),
    fetchCardRows(db, { where: inStock, orderBy: [down(products.totalSold), ...newestFirst], limit: HOME_LIMITS.products }),
    fetchCardRows(db, {
      where: inStock,
      priceWhere: isReduced,
      orderBy: (price, prior) => [down(reductionRatio(price, prior)), ...newestFirst],
      limit: HOME_LIMITS.products,
    }),
    fetchCardRows(db, { where: inStock, orderBy: newestFirst, limit: HOME_LIMITS.products }),
    selectShops(db)
      .orderBy(...popularShopsOrder)
      .limit(HOME_LIMITS.shops),
  ]);
  const saleRows = sale
    ? await fetchCardRows(db, { flashSaleId: sale.id, orderBy: flashSaleProductsOrder, limit: HOME_LIMITS.flashSale })
    : [];
  const [saleProducts, most, deals, arrivals] = await toProducts(db, [saleRows, mostPopular, bestDeals, newArrivals]);
  return {
    flash_sale: sale ? { ...toFlashSale(sale), products: saleProducts! } : null,
    most_popular: most!,
    best_deals: deals!,
    new_arrivals: arrivals!,
    popular_shops: popularShops,
  };
}
