/**
 * The favourite heart (issue #6): a toggle button (aria-pressed) named after the product,
 * filled red when the product is a favourite, with a small dot while the toggle is queued
 * offline or on its way. Renders nothing when the app provides no favourite controls.
 */
import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Product } from '#contract/catalog.ts';
import { HeartIcon } from '#src/components/icons/icons.tsx';
import { useFavoriteControls } from '../../lib/favorite-controls.ts';
import classes from './FavoriteButton.module.css';

export interface FavoriteButtonProps {
  product: Product;
  size?: 'md' | 'xl';
  /** The wrapper's class: it must position the wrapper (the pending dot sits on its corner). */
  className?: string;
}

export function FavoriteButton({ product, size = 'md', className }: FavoriteButtonProps) {
  const { t } = useTranslation();
  const controls = useFavoriteControls();
  if (!controls) return null;
  const favorite = controls.isFavorite(product.id);
  const pending = controls.isPending(product.id);
  return (
    <div className={className ?? classes.wrap}>
      <ActionIcon
        variant="default"
        radius="xl"
        size={size === 'xl' ? 44 : 34}
        aria-label={t(favorite ? 'product.favorite_remove_named' : 'product.favorite_add_named', { name: product.name })}
        aria-pressed={favorite}
        onClick={() => controls.toggle(product)}
        c={favorite ? 'red.7' : 'gray.7'}
        data-testid="favorite-toggle"
      >
        <HeartIcon filled={favorite} size={size === 'xl' ? 22 : 18} />
      </ActionIcon>
      {pending && <FavoritePendingDot />}
    </div>
  );
}

/**
 * The "queued, not yet confirmed" mark on a heart (the card's here, the product page's in
 * ProductInfo); its parent must be positioned. A plain dot, not Mantine's Indicator: one per
 * card, and the button is not re-mounted when it appears.
 */
export function FavoritePendingDot() {
  return <span className={classes.pending} data-testid="favorite-pending" aria-hidden="true" />;
}
