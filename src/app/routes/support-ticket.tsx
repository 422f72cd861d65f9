/**
 * /support-ticket/:ticketNumber (issue #6): subject, number, status, priority, the linked order,
 * the thread (plain text, images through the authenticated download), the reply form while the
 * ticket is open and "Închide tichetul" after a confirmation. A number that cannot exist is not
 * found without a request; another shopper's or an unknown one is the same 404 from the server.
 * Seen online, the thread opens offline from the persisted cache (like an order).
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useOnline } from '#src/lib/connectivity.ts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TicketDetails } from '#contract/support.ts';
import { ticketQueryOptions } from '#src/features/support/api/get-ticket.ts';
import { replyToTicket } from '#src/features/support/api/reply-ticket.ts';
import { closeTicket } from '#src/features/support/api/close-ticket.ts';
import { SUPPORT_TICKETS_QUERY_KEY, ticketDetailKey } from '#src/features/support/api/tickets-keys.ts';
import { parseTicketNumber } from '#src/features/support/lib/ticket-number.ts';
import { formatDateTime } from '#src/lib/format-date.ts';
import { draftKeys } from '#src/features/support/lib/drafts.ts';
import { TicketStatusBadge } from '#src/features/support/components/TicketStatusBadge/TicketStatusBadge.tsx';
import { TicketThread } from '#src/features/support/components/TicketThread/TicketThread.tsx';
import { ReplyForm } from '#src/features/support/components/ReplyForm/ReplyForm.tsx';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { ApiError, failureMessage } from '#src/lib/api-client.ts';
import { LazyConfirmDialog } from '#src/components/ConfirmDialog/LazyConfirmDialog.tsx';

export const createLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const number = parseTicketNumber(params.ticketNumber);
    if (number) void queryClient.prefetchQuery(ticketQueryOptions(number));
    return null;
  };

export function Component() {
  const { ticketNumber } = useParams();
  const number = parseTicketNumber(ticketNumber);
  if (number === null) return <QueryState kind="not-found" />;
  return <TicketPage key={number} ticketNumber={number} />;
}

function TicketPage({ ticketNumber }: { ticketNumber: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const { online } = useOnline();
  const query = useQuery(ticketQueryOptions(ticketNumber));
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const phase = queryPhase(query);

  if (phase === 'loading') {
    return (
      <Stack gap="lg" data-testid="ticket-skeleton">
        <Skeleton h={36} w="70%" />
        <Skeleton h={18} w="40%" />
        <Skeleton h={120} radius="lg" />
        <Skeleton h={120} radius="lg" />
      </Stack>
    );
  }
  const ticket = query.data;
  if (!ticket) return <QueryState kind={phase === 'ready' ? 'error' : phase} onRetry={() => query.refetch()} retrying={query.isFetching} />;

  const changed = (next: TicketDetails) => {
    queryClient.setQueryData(ticketDetailKey(ticketNumber), next);
    void queryClient.invalidateQueries({ queryKey: [...SUPPORT_TICKETS_QUERY_KEY, 'list'] });
  };

  const reply = async (message: string, attachment: File | null, idempotencyKey: string) => {
    try {
      const response = await replyToTicket(ticketNumber, message, attachment, idempotencyKey);
      changed(response.data.ticket);
      notifications.show({ color: 'green', message: response.message });
    } catch (error) {
      // Closed meanwhile (another device): show it as it is now.
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length === 0) void query.refetch();
      throw error;
    }
  };

  const close = async () => {
    setClosing(true);
    try {
      const response = await closeTicket(ticketNumber);
      changed(response.data.ticket);
      notifications.show({ color: 'green', message: response.message });
      setConfirming(false);
    } catch (error) {
      const message = failureMessage(error, t);
      notifications.show({ color: 'red', message });
      if (error instanceof ApiError) void query.refetch();
    } finally {
      setClosing(false);
    }
  };

  const open = ticket.can_reply && ticket.status !== 'closed';
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="ticket-title">
            {ticket.subject}
          </Title>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Group gap="md" style={{ rowGap: 4 }}>
          <Text size="sm" c="dimmed">
            {t('tickets.number')}:{' '}
            <Text span ff="monospace" c="var(--mantine-color-text)" data-testid="ticket-number">
              {ticket.ticket_number}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {t('tickets.priority')}:{' '}
            <Text span c="var(--mantine-color-text)" data-testid="ticket-priority">
              {t(`tickets.priority_${ticket.priority}`)}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            {t('tickets.opened')}: <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
          </Text>
          {ticket.order && (
            <Text size="sm" c="dimmed">
              {t('tickets.order')}:{' '}
              <Anchor component={Link} to={`/order-history/${ticket.order.id}`} size="sm" data-testid="ticket-order-link">
                {ticket.order.number}
              </Anchor>
            </Text>
          )}
        </Group>
      </Stack>

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="ticket-thread-title">
        <Title order={2} size="h4" id="ticket-thread-title" mb="md">
          {t('tickets.thread')}
        </Title>
        <TicketThread messages={ticket.messages} />
      </Paper>

      {open ? (
        <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="ticket-reply-title">
          <Title order={2} size="h4" id="ticket-reply-title" mb="sm">
            {t('tickets.reply_title')}
          </Title>
          <ReplyForm
            key={ticket.ticket_number}
            draftKey={session.user ? draftKeys.reply(session.user.id, ticket.ticket_number) : null}
            onSubmit={reply}
          />
        </Paper>
      ) : (
        <Alert color="gray" data-testid="ticket-closed">
          {t('tickets.closed_text')}{' '}
          <Anchor component={Link} to="/support-tickets?new=1" inherit>
            {t('tickets.open_ticket')}
          </Anchor>
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        <Anchor component={Link} to="/support-tickets" size="sm">
          {t('tickets.back_to_list')}
        </Anchor>
        {open && (
          <Button color="red.9" variant="outline" onClick={() => setConfirming(true)} disabled={!online} data-testid="close-ticket">
            {online ? t('tickets.close') : t('support_forms.needs_connection')}
          </Button>
        )}
      </Group>
      <LazyConfirmDialog
        opened={confirming}
        title={t('tickets.close')}
        text={t('tickets.close_confirm', { number: ticket.ticket_number })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void close()}
        busy={closing}
      />
    </Stack>
  );
}
