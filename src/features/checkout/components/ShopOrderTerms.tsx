/**
 * What a shopper must read per shop before ordering (issue 36; OUG 34/2014 art. 6): that shop's
 * total with VAT and delivery (the server's amounts), the delivery and payment terms, the 14-day
 * right of withdrawal with the model form, and the legal guarantee. Rendered in each checkout
 * shop group.
 */
import { Anchor, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';

export interface ShopOrderAmounts {
  delivery_charge: number;
  payable_amount: number;
  tax_amount: number;
}

export function ShopOrderTerms({ group, currency }: { group: ShopOrderAmounts; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} mt="xs" data-testid="shop-order-terms">
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text size="sm" fw={700}>
          {t('withdrawal.checkout.total')}
        </Text>
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={700} data-testid="group-payable">
            {formatMoney(group.payable_amount, currency)}
          </Text>
          <Text size="xs">{t('withdrawal.checkout.vat', { amount: formatMoney(group.tax_amount, currency) })}</Text>
        </Stack>
      </Group>
      <List size="xs" spacing={4} aria-label={t('withdrawal.checkout.title')}>
        <List.Item>{t('withdrawal.checkout.delivery_terms', { amount: formatMoney(group.delivery_charge, currency) })}</List.Item>
        <List.Item>{t('withdrawal.checkout.payment_terms')}</List.Item>
        <List.Item data-testid="withdrawal-terms">
          {t('withdrawal.checkout.withdrawal')}{' '}
          <Anchor component={Link} to="/withdrawal-form" size="xs">
            {t('withdrawal.checkout.form_link')}
          </Anchor>
        </List.Item>
        <List.Item>{t('withdrawal.checkout.guarantee')}</List.Item>
      </List>
    </Stack>
  );
}
