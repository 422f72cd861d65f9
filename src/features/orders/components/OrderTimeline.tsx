/** The status history of an order, oldest first, with each change's time and note. */
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDetails } from '#contract/orders.ts';
import { formatDateTime } from '#src/lib/format-date.ts';
import { STATUS_COLORS } from './OrderStatusBadge.tsx';

export function OrderTimeline({ history }: { history: OrderDetails['history'] }) {
  const { t } = useTranslation();
  const events = [...history].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const last = events.at(-1);
  return (
    <Timeline
      active={events.length - 1}
      bulletSize={16}
      lineWidth={2}
      color={last ? STATUS_COLORS[last.status] : undefined}
      data-testid="order-timeline"
    >
      {events.map((event, index) => (
        <Timeline.Item key={`${event.status}-${index}`} title={t(`orders.badge_${event.status}`)}>
          <Text size="xs" c="dimmed">
            <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
          </Text>
          {event.note && <Text size="sm">{event.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
