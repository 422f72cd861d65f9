/** Header cart button with the number of selected items (spec §2); opens the cart drawer. */
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '../../../components/icons/icons.tsx';

const CartDrawer = lazy(() => import('./CartDrawer.tsx'));

export function CartButton({ selectedCount = 0 }: { selectedCount?: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const open = () => {
    setEverOpened(true);
    setOpened(true);
  };
  return (
    <>
      <Indicator label={selectedCount} size={18} disabled={selectedCount === 0} offset={4}>
        <ActionIcon variant="subtle" size="lg" onClick={open} aria-label={t('cart.open', { count: selectedCount })}>
          <CartIcon />
        </ActionIcon>
      </Indicator>
      {everOpened && (
        <Suspense fallback={null}>
          <CartDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
