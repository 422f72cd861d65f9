/**
 * A home-page row of product cards: swipeable on phones (scroll-snap, no carousel library),
 * a plain grid on wide screens. Skeletons keep the row's height while it loads.
 */
import { Skeleton, Stack } from '@mantine/core';
import type { Product } from '#contract/catalog.ts';
import { ProductCard, type ProductCardProps } from '../ProductCard/ProductCard.tsx';
import classes from './ProductRow.module.css';

export function ProductRow({
  products,
  loading,
  ...actions
}: { products: Product[]; loading?: boolean } & Pick<ProductCardProps, 'onAddToCart' | 'onBuyNow'>) {
  if (loading) {
    return (
      <div className={classes.row} aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Stack key={i} gap={6} className={classes.cell}>
            <Skeleton style={{ aspectRatio: '1 / 1' }} h="auto" radius="md" />
            <Skeleton h={14} w="90%" />
            <Skeleton h={14} w="60%" />
            <Skeleton h={30} />
          </Stack>
        ))}
      </div>
    );
  }
  return (
    <div className={classes.row} data-testid="product-row">
      {products.map((product) => (
        <div key={product.id} className={classes.cell}>
          <ProductCard product={product} {...actions} />
        </div>
      ))}
    </div>
  );
}
