/**
 * The shopper's tickets: number, subject, status, last update (in the interface's language) and
 * the newest message's first words (plain text), each a link to its thread.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TicketSummary } from '#contract/support.ts';
import { formatDateTime } from '#src/lib/format-date.ts';
import { TicketStatusBadge } from '../TicketStatusBadge/TicketStatusBadge.tsx';
import classes from './TicketList.module.css';

export function TicketList({ tickets, label }: { tickets: TicketSummary[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {tickets.map((ticket) => (
        <li key={ticket.ticket_number}>
          <Paper
            withBorder
            p="md"
            radius="md"
            component={Link}
            to={`/support-ticket/${ticket.ticket_number}`}
            className={classes.row}
            data-testid="ticket-row"
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" className={classes.number}>
                  {ticket.ticket_number}
                </Text>
                <Text fw={600} className={classes.subject} data-testid="ticket-subject">
                  {ticket.subject}
                </Text>
              </Stack>
              <TicketStatusBadge status={ticket.status} />
            </Group>
            <Text size="sm" c="dimmed" mt={6} className={classes.excerpt}>
              {ticket.last_message_author === 'support' ? `${t('tickets.author_support')}: ` : ''}
              {ticket.last_message_excerpt}
            </Text>
            <Group gap="xs" mt={6} justify="space-between">
              <Text size="xs" c="dimmed">
                {t('tickets.updated')}: <time dateTime={ticket.updated_at}>{formatDateTime(ticket.updated_at)}</time>
              </Text>
              {ticket.order && (
                <Text size="xs" c="dimmed">
                  {t('tickets.order_option', { number: ticket.order.number })}
                </Text>
              )}
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
