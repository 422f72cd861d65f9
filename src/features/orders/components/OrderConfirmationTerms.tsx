/**
 * The order confirmation's record of the contract (issue 36; OUG 34/2014 art. 7): per order, what
 * was bought from which seller at what price, the total with VAT and delivery; then the right of
 * withdrawal with the model form and the legal guarantee. The same text reaches the shopper's
 * notifications and e-mail (or SMS) from the server.
 */
import { Anchor, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';
import { LEGAL_GUARANTEE_YEARS, WITHDRAWAL_DAYS } from '#contract/withdrawals.ts';
import { orderQueryOptions } from '../api/orders-api.ts';

export function OrderConfirmationTerms({ orderIds, currency }: { orderIds: readonly number[]; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  const orders = useQueries({ queries: orderIds.map((id) => orderQueryOptions(id)) });
  if (!orderIds.length) return null;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <Stack gap="sm" ta="left" w="100%" component="section" aria-labelledby="confirmation-terms-title" data-testid="confirmation-terms">
      <Title order={2} size="h4" id="confirmation-terms-title">
        {t('withdrawal.confirmation.title')}
      </Title>
      {orders.map((query, index) =>
        query.data ? (
          <Paper key={query.data.id} withBorder p="md" data-testid="confirmation-order">
            <Stack gap={4}>
              <Text fw={700}>{t('orders.order_number', { number: query.data.number })}</Text>
              <Text size="sm">{t('withdrawal.confirmation.seller', { shop: query.data.shop.name })}</Text>
              {query.data.items.map((item) => (
                <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm">
                    {item.name} × {item.quantity}
                  </Text>
                  <Text size="sm">{money(item.line_total)}</Text>
                </Group>
              ))}
              <Divider my={4} />
              <Group justify="space-between">
                <Text size="sm">{t('checkout.delivery')}</Text>
                <Text size="sm">{money(query.data.delivery_charge)}</Text>
              </Group>
              <Group justify="space-between" align="baseline">
                <Text size="sm" fw={700}>
                  {t('withdrawal.checkout.total')}
                </Text>
                <Text size="sm" fw={700}>
                  {money(query.data.payable_amount)}
                </Text>
              </Group>
              <Text size="xs" ta="right">
                {t('withdrawal.checkout.vat', { amount: money(query.data.order_tax_amount) })}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <Skeleton key={orderIds[index]} h={120} />
        ),
      )}
      <Text size="sm" data-testid="confirmation-withdrawal">
        {t('withdrawal.terms.withdrawal', { days: WITHDRAWAL_DAYS })}{' '}
        <Anchor component={Link} to="/withdrawal-form">
          {t('withdrawal.checkout.form_link')}
        </Anchor>
      </Text>
      <Text size="sm">{t('withdrawal.terms.guarantee', { years: LEGAL_GUARANTEE_YEARS })}</Text>
      <Text size="sm">{t('withdrawal.confirmation.durable')}</Text>
    </Stack>
  );
}
