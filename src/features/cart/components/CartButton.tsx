/** Header cart button with the number of selected items (product §2); opens the cart panel. */
import { ActionIcon, Indicator, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '#src/components/icons/icons.tsx';
import { useCart } from '../api/cart-changes.ts';
import { basketStore, useBasket } from '../lib/basket-store.ts';
import { selectedCount } from '../lib/selection.ts';

export function CartButton({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const { selection } = useBasket();
  // Reads what CartHost fetched (with the waiting changes on top); never fetches by itself.
  const { shown: cart, pending: waiting } = useCart({ signedIn, fetch: false });
  const pending = waiting.length;
  const count = selectedCount(selection, cart.cart_items);
  return (
    <>
      {/* The count told to screen readers when it changes (issue 37: results announced); the badge is visual only. */}
      <VisuallyHidden role="status" aria-live="polite" data-testid="cart-count-status">
        {t('a11y.cart_count', { count })}
      </VisuallyHidden>
      <Indicator
        label={pending ? `${count}…` : count}
        size={18}
        disabled={count === 0 && pending === 0}
        offset={4}
        color={pending ? 'orange.9' : undefined}
        data-testid="cart-badge"
        data-pending={pending || undefined}
      >
        <ActionIcon variant="subtle" size="lg" onClick={basketStore.openPanel} aria-label={t('cart.open', { count })} data-cart-opener>
          <CartIcon />
        </ActionIcon>
      </Indicator>
    </>
  );
}
