/** A ticket's status as a coloured badge (the text says the status, never the colour alone). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '#contract/support.ts';

export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = { open: 'blue', answered: 'green', closed: 'gray' };

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={TICKET_STATUS_COLORS[status]}
      variant="light"
      c="dark.7"
      data-testid="ticket-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`tickets.status_${status}`)}
    </Badge>
  );
}
