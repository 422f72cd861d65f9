/**
 * A grid of product cards with skeletons shaped like the cards while loading (no layout
 * shift): 2 columns on phones, up to 5 on wide screens.
 */
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { Product } from '../../../../contract/catalog.ts';
import { ProductCard, type ProductCardProps } from '../ProductCard/ProductCard.tsx';

export const GRID_COLS = { base: 2, sm: 3, md: 4, lg: 5 } as const;

export function ProductGridSkeleton({ count = 10, cols = GRID_COLS }: { count?: number; cols?: typeof GRID_COLS | Record<string, number> }) {
  return (
    <SimpleGrid cols={cols} spacing="sm" aria-hidden="true" data-testid="product-grid-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i} gap={6}>
          <Skeleton style={{ aspectRatio: '1 / 1' }} h="auto" radius="md" />
          <Skeleton h={14} w="90%" />
          <Skeleton h={14} w="60%" />
          <Skeleton h={30} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function ProductGrid({
  products,
  cols = GRID_COLS,
  priorityCount = 2,
  ...actions
}: {
  products: Product[];
  cols?: typeof GRID_COLS | Record<string, number>;
  priorityCount?: number;
} & Pick<ProductCardProps, 'onAddToCart' | 'onBuyNow'>) {
  return (
    <SimpleGrid cols={cols} spacing="sm" data-testid="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < priorityCount} {...actions} />
      ))}
    </SimpleGrid>
  );
}
