/**
 * The cart drawer 'My Cart' (spec §2), loaded on first open. The server cart and its offline
 * queue are issue #5; until then it honestly shows the empty cart.
 */
import { Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartIcon } from '../../../components/icons/icons.tsx';

export default function CartDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={`${t('cart.my_cart')} (0)`}>
      <Stack align="center" py="xl">
        <CartIcon size={48} />
        <Text c="dimmed">{t('cart.empty')}</Text>
      </Stack>
    </Drawer>
  );
}
