/** The floating cart tab (product §2): selected count and total, on every screen except checkout. */
import { UnstyledButton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '#src/components/icons/icons.tsx';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';
import type { CartData } from '../api/get-cart.ts';
import { basketStore, useBasket } from '../lib/basket-store.ts';
import { selectedCount, selectedTotal } from '../lib/selection.ts';

export function FloatingCartTab({ cart, currency }: { cart: CartData; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  const { selection } = useBasket();
  const count = selectedCount(selection, cart.cart_items);
  if (cart.cart_items.length === 0) return null;
  return (
    <UnstyledButton
      onClick={basketStore.openPanel}
      data-testid="floating-cart"
      aria-label={t('cart.open', { count })}
      style={{
        position: 'fixed',
        right: 0,
        bottom: 'max(16px, env(safe-area-inset-bottom))',
        zIndex: 150,
        padding: '10px 12px',
        borderRadius: '12px 0 0 12px',
        background: 'var(--mantine-primary-color-filled)',
        color: 'white',
        textAlign: 'center',
        boxShadow: 'var(--mantine-shadow-md)',
      }}
    >
      <CartIcon size={20} />
      <Text size="xs" fw={700} c="white">
        {t('cart.items_count', { count })}
      </Text>
      <Text size="xs" c="white">
        {formatMoney(selectedTotal(selection, cart.cart_items), currency)}
      </Text>
    </UnstyledButton>
  );
}
