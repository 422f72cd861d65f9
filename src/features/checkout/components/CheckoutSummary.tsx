/** The amounts of a checkout or an order (product §3): VAT is contained in the payable amount, never added. */
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutAmounts } from '#contract/checkout.ts';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';

export function CheckoutSummary({ amounts, currency }: { amounts: CheckoutAmounts; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6} data-testid="checkout-summary">
      {row(t('checkout.subtotal'), formatMoney(amounts.total_amount, currency), 'summary-total')}
      {row(t('checkout.delivery'), formatMoney(amounts.delivery_charge, currency), 'summary-delivery')}
      {amounts.coupon_discount > 0 &&
        row(t('checkout.coupon_discount'), `−${formatMoney(amounts.coupon_discount, currency)}`, 'summary-discount')}
      <Divider />
      {row(t('checkout.payable'), formatMoney(amounts.payable_amount, currency), 'summary-payable', true)}
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('checkout.vat_included', { rate: 21 })}
        </Text>
        <Text size="xs" c="dimmed" data-testid="summary-vat">
          {formatMoney(amounts.order_tax_amount, currency)}
        </Text>
      </Group>
    </Stack>
  );
}
