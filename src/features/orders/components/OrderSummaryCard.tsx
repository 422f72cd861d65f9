/** One order in the history: number, shop, date, status and the amount paid (a link to its details). */
import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '#contract/orders.ts';
import { formatMoney, type CurrencyFormat } from '#contract/format-money.ts';
import { formatDate } from '#src/lib/format-date.ts';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';

export function OrderSummaryCard({ order, currency }: { order: OrderSummary; currency: CurrencyFormat }) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      padding="md"
      component={Link}
      to={`/order-history/${order.id}`}
      data-testid="order-row"
      aria-label={t('orders.open', { number: order.number })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{order.number}</Text>
          <Text size="sm" truncate>
            {order.shop.name}
          </Text>
          <Text size="xs" c="dimmed">
            <time dateTime={order.created_at}>{formatDate(order.created_at)}</time> ·{' '}
            {t('orders.items_count', { count: order.items_count })}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <OrderStatusBadge status={order.status} />
          <Text fw={700} data-testid="order-payable">
            {formatMoney(order.payable_amount, currency)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
