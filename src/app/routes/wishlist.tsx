/**
 * /wishlist (product §2, issue #6): the shopper's favourites as product cards, newest first, with
 * their count; the heart here asks first (the favourite-remove confirmation flag of product §2)
 * and then removes — at once on screen, queued while offline. Empty: a way back to the shop.
 * Works offline from the persisted favourites.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '#contract/catalog.ts';
import { favoritesQueryOptions } from '#src/features/favorites/api/get-favorites.ts';
import { useFavorites } from '#src/features/favorites/hooks/use-favorites.ts';
import { FavoriteControlsContext, useFavoriteControls, type FavoriteControls } from '#src/features/products/lib/favorite-controls.ts';
import { ProductGrid, ProductGridSkeleton } from '#src/features/products/components/ProductGrid/ProductGrid.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { HeartIcon } from '#src/components/icons/icons.tsx';
import { useProductActions } from '../use-product-actions.tsx';
import { LazyConfirmDialog } from '#src/components/ConfirmDialog/LazyConfirmDialog.tsx';

const COLS = { base: 2, sm: 3, lg: 4 };

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(favoritesQueryOptions());
  return null;
};

export function Component() {
  const { t } = useTranslation();
  const favorites = useFavorites(true);
  const parent = useFavoriteControls();
  const actions = useProductActions();
  const [confirming, setConfirming] = useState<Product | null>(null);
  const phase = queryPhase(favorites.query);

  // Hearts on this page remove only after the shopper confirms.
  const controls = useMemo<FavoriteControls | null>(
    () => parent && { ...parent, toggle: (product) => (parent.isFavorite(product.id) ? setConfirming(product) : parent.toggle(product)) },
    [parent],
  );
  const products = favorites.data.products;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {t('wishlist.title')}
        </Title>
        {favorites.query.data && products.length > 0 && (
          <Text c="dimmed" size="sm" data-testid="wishlist-count">
            {t('wishlist.count', { count: favorites.count })}
          </Text>
        )}
      </Group>
      {!favorites.query.data ? (
        phase === 'loading' ? (
          <ProductGridSkeleton count={4} cols={COLS} />
        ) : (
          <QueryState
            kind={phase === 'ready' ? 'error' : phase}
            order={2}
            onRetry={() => favorites.query.refetch()}
            retrying={favorites.query.isFetching}
          />
        )
      ) : products.length === 0 ? (
        <Stack align="center" ta="center" py="xl" gap="sm" data-testid="wishlist-empty">
          <HeartIcon size={40} color="var(--mantine-color-red-6)" />
          <Title order={2} size="h3">
            {t('wishlist.empty_title')}
          </Title>
          <Text c="dimmed" maw={420}>
            {t('wishlist.empty_text')}
          </Text>
          <Button component={Link} to="/">
            {t('wishlist.browse')}
          </Button>
        </Stack>
      ) : (
        <FavoriteControlsContext.Provider value={controls}>
          <ProductGrid products={products} cols={COLS} priorityCount={0} onAddToCart={actions.onAddToCart} onBuyNow={actions.onBuyNow} />
        </FavoriteControlsContext.Provider>
      )}
      {confirming && (
        <LazyConfirmDialog
          opened
          title={t('wishlist.remove_title')}
          text={t('wishlist.remove_text', { name: confirming.name })}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            parent?.toggle(confirming);
            setConfirming(null);
          }}
        />
      )}
    </Stack>
  );
}
