/** The checked-out items grouped by shop, with each shop's delivery charge and subtotal (the server's). */
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CheckoutTrader } from './CheckoutTrader.tsx';
import { useTranslation } from 'react-i18next';
import type { CheckoutData } from '../api/checkout-api.ts';
import { Photo } from '#src/components/Photo/Photo.tsx';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';
import { ShopOrderTerms } from './ShopOrderTerms.tsx';

export function CheckoutGroups({ groups, currency }: { groups: CheckoutData['checkout_items']; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {groups.map((group) => (
        <Paper key={group.shop_id} withBorder p="md" data-testid="checkout-group">
          <Title order={3} size="h5" mb="xs">
            {group.shop_name}
          </Title>
          {group.trader && <CheckoutTrader trader={group.trader} />}
          <Stack gap="xs">
            {group.products.map((line) => (
              <Group key={line.id} wrap="nowrap" align="flex-start" gap="sm">
                <Photo
                  src={line.thumbnail}
                  meta={line.thumbnail_meta}
                  alt=""
                  sizes="48px"
                  width={48}
                  height={48}
                  style={{ borderRadius: 'var(--mantine-radius-sm)', objectFit: 'cover', flex: '0 0 48px' }}
                />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} lineClamp={2}>
                    {line.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[line.size?.name, line.color?.name, line.unit?.name].filter(Boolean).join(' · ')} × {line.quantity}
                  </Text>
                </Stack>
                <Text size="sm" fw={600}>
                  {formatMoney(line.line_total, currency)}
                </Text>
              </Group>
            ))}
          </Stack>
          <Divider my="xs" />
          <Group justify="space-between">
            <Text size="sm">{t('checkout.delivery')}</Text>
            <Text size="sm" data-testid="group-delivery">
              {formatMoney(group.delivery_charge, currency)}
            </Text>
          </Group>
          {group.coupon_discount > 0 && (
            <Group justify="space-between">
              <Text size="sm">{t('checkout.coupon_discount')}</Text>
              <Text size="sm">−{formatMoney(group.coupon_discount, currency)}</Text>
            </Group>
          )}
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t('checkout.shop_subtotal')}
            </Text>
            <Text size="sm" fw={600} data-testid="group-subtotal">
              {formatMoney(group.subtotal, currency)}
            </Text>
          </Group>
          <ShopOrderTerms group={group} currency={currency} />
        </Paper>
      ))}
    </Stack>
  );
}
