/** An order's status as a coloured badge (the text is the status, never colour alone). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '#contract/orders.ts';

export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  processing: 'indigo',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    // Dark text on the status's light tint: a light yellow or cyan text failed 4.5:1 (issue 37, axe).
    <Badge color={STATUS_COLORS[status]} variant="light" c="dark.7" data-testid="order-status" data-status={status}>
      {t(`orders.badge_${status}`)}
    </Badge>
  );
}
