/**
 * The home page's product rows and shops (below the fold): their own chunk, loaded and rendered
 * after the first paint (home.tsx, app/Deferred.tsx) — product cards, shop cards and the cart
 * actions are not part of the first screen's code.
 */
import { SimpleGrid } from '@mantine/core';
import type { Product, Shop } from '#contract/catalog.ts';
import { ProductRow } from '#src/features/products/components/ProductRow/ProductRow.tsx';
import { ShopCard } from '#src/features/shops/components/ShopCard/ShopCard.tsx';
import { useProductActions } from '../use-product-actions.tsx';
import { SHOP_COLS } from './home-placeholders.tsx';

export function HomeProducts({ products }: { products: Product[] }) {
  const actions = useProductActions();
  return <ProductRow products={products} {...actions} />;
}

export function HomeShops({ shops }: { shops: Shop[] }) {
  return (
    <SimpleGrid cols={SHOP_COLS} spacing="sm">
      {shops.slice(0, 8).map((shop) => (
        <ShopCard key={shop.id} shop={shop} />
      ))}
    </SimpleGrid>
  );
}
