/** Header cart button with the number of selected items (spec §2); opens the cart panel. */
import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '../../../components/icons/icons.tsx';
import { cartQueryOptions, EMPTY_CART } from '../api/get-cart.ts';
import { usePendingCartChanges } from '../api/cart-changes.ts';
import { basketStore, useBasket } from '../lib/basket-store.ts';
import { selectedCount } from '../lib/selection.ts';

export function CartButton() {
  const { t } = useTranslation();
  const { selection } = useBasket();
  // Reads what CartHost fetched; never fetches by itself (signed-out visitors have no cart).
  const { data: cart = EMPTY_CART } = useQuery({ ...cartQueryOptions(), enabled: false });
  const pending = usePendingCartChanges().length;
  const count = selectedCount(selection, cart.cart_items);
  return (
    <Indicator label={pending ? `${count}…` : count} size={18} disabled={count === 0 && pending === 0} offset={4} color={pending ? 'orange.9' : undefined} data-testid="cart-badge" data-pending={pending || undefined}>
      <ActionIcon variant="subtle" size="lg" onClick={basketStore.openPanel} aria-label={t('cart.open', { count })}>
        <CartIcon />
      </ActionIcon>
    </Indicator>
  );
}
