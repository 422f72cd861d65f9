/**
 * Header cart button with the number of selected items (spec §2) and the cart drawer
 * 'My Cart'. The cart itself (server cart, offline queue) is issue #5; until then the drawer
 * honestly shows the empty cart.
 */
import { ActionIcon, Drawer, Indicator, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '../../../components/icons/icons.tsx';

export function CartButton({ selectedCount = 0 }: { selectedCount?: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Indicator label={selectedCount} size={18} disabled={selectedCount === 0} offset={4}>
        <ActionIcon variant="subtle" size="lg" onClick={open} aria-label={t('cart.open', { count: selectedCount })}>
          <CartIcon />
        </ActionIcon>
      </Indicator>
      <Drawer opened={opened} onClose={close} position="right" title={`${t('cart.my_cart')} (0)`}>
        <Stack align="center" py="xl">
          <CartIcon size={48} />
          <Text c="dimmed">{t('cart.empty')}</Text>
        </Stack>
      </Drawer>
    </>
  );
}
