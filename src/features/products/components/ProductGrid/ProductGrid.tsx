/**
 * A grid of product cards with skeletons shaped like the cards while loading (no layout
 * shift): 2 columns on phones, up to 5 on wide screens.
 * On the app's first screen only, the cards past the first rows render after the first paint, a
 * few per idle period, behind plain boxes of a card's size: committing and laying out a whole
 * page of cards at once was the longest task of a first visit on a cheap phone (issue 15, TBT).
 * The grid carries `data-pending` until every card is in. Later screens render whole at once
 * (scroll restoration needs their full height).
 */
import { startTransition, useEffect, useState } from 'react';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { isFirstScreenSettled, useAtMountUnlessHydrating, whenIdle } from '#src/lib/when-idle.ts';
import type { Product } from '#contract/catalog.ts';
import { ProductCard, type ProductCardProps } from '../ProductCard/ProductCard.tsx';
import classes from './ProductGrid.module.css';

/** Two rows of a phone's two columns, the first row of a desktop's five: what a first screen shows. */
const FIRST_CARDS = 6;
const CARDS_PER_IDLE_PERIOD = 6;

/** How many cards to render now: all of them, except while the app's first screen settles. */
function useCardsToRender(total: number): number {
  const settled = useAtMountUnlessHydrating(isFirstScreenSettled);
  const [limit, setLimit] = useState(() => (settled ? Infinity : FIRST_CARDS));
  useEffect(() => {
    if (limit >= total) return;
    let active = true;
    // Once all are in, the limit goes: a longer list later (another page) renders whole at once.
    whenIdle(
      () => active && startTransition(() => setLimit((n) => (n + CARDS_PER_IDLE_PERIOD >= total ? Infinity : n + CARDS_PER_IDLE_PERIOD))),
    );
    return () => {
      active = false;
    };
  }, [limit, total]);
  return limit;
}

export const GRID_COLS = { base: 2, sm: 3, md: 4, lg: 5 } as const;

export function ProductGridSkeleton({
  count = 10,
  cols = GRID_COLS,
}: {
  count?: number;
  cols?: typeof GRID_COLS | Record<string, number>;
}) {
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
  const limit = useCardsToRender(products.length);
  const pending = Math.max(0, products.length - limit);
  return (
    <SimpleGrid cols={cols} spacing="sm" data-testid="product-grid" data-pending={pending > 0 ? pending : undefined}>
      {products.map((product, index) =>
        index < limit ? (
          <ProductCard key={product.id} product={product} priority={index < priorityCount} {...actions} />
        ) : (
          <div key={product.id} className={classes.pending} aria-hidden="true" />
        ),
      )}
    </SimpleGrid>
  );
}
