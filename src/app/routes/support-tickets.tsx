/**
 * /support-tickets (issue #6): the shopper's tickets, newest update first, filtered by status
 * (chips, `?status=`) and paged (`?page=`), each with number, subject, status, last update and the
 * newest message's first words. "Deschide un tichet" shows the form (`?new=1`, so a reload keeps
 * it open with its draft); once opened, the new ticket's thread is shown.
 * Seen online, the list opens offline from the persisted cache (like the order history).
 */
import { Button, Chip, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES, TICKETS_PER_PAGE, type CreateTicketPayload, type TicketStatus } from '#contract/support.ts';
import { ticketsQueryOptions } from '#src/features/support/api/get-tickets.ts';
import { createTicket } from '#src/features/support/api/create-ticket.ts';
import { SUPPORT_TICKETS_QUERY_KEY, ticketDetailKey } from '#src/features/support/api/tickets-keys.ts';
import { ticketListParams } from '#src/features/support/lib/list-params.ts';
import { draftKeys } from '#src/features/support/lib/drafts.ts';
import { TicketList } from '#src/features/support/components/TicketList/TicketList.tsx';
import { TicketForm } from '#src/features/support/components/TicketForm/TicketForm.tsx';
import { ordersQueryOptions } from '#src/features/orders/api/orders-api.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { Pagination } from '#src/components/Pagination/Pagination.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';

export const createLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(ticketsQueryOptions(ticketListParams(new URL(request.url).searchParams)));
    return null;
  };

const ALL = 'all';

export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const params = ticketListParams(search);
  const creating = search.get('new') === '1';
  const query = useQuery(ticketsQueryOptions(params));
  // The shopper's recent orders, to link one to the ticket (only while the form is open).
  const orders = useQuery({ ...ordersQueryOptions({ page: 1 }), enabled: creating });
  const phase = queryPhase(query);

  const hrefFor = (next: { status?: TicketStatus | null; page?: number; new?: boolean }) => {
    const status = next.status === undefined ? params.status : next.status;
    const page = next.page ?? 1;
    const qs = new URLSearchParams();
    if (status) qs.set('status', status);
    if (page > 1) qs.set('page', String(page));
    if (next.new) qs.set('new', '1');
    const text = qs.toString();
    return `/support-tickets${text ? `?${text}` : ''}`;
  };

  const create = async (payload: CreateTicketPayload, attachment: File | null, idempotencyKey: string) => {
    const response = await createTicket(payload, attachment, idempotencyKey);
    const ticket = response.data.ticket;
    queryClient.setQueryData(ticketDetailKey(ticket.ticket_number), ticket);
    void queryClient.invalidateQueries({ queryKey: [...SUPPORT_TICKETS_QUERY_KEY, 'list'] });
    notifications.show({ color: 'green', message: response.message });
    void navigate(`/support-ticket/${ticket.ticket_number}`);
  };

  const openButton = (variant: 'filled' | 'light' = 'filled') => (
    <Button variant={variant} onClick={() => void navigate(hrefFor({ page: params.page, new: true }))} data-testid="open-ticket">
      {t('tickets.open_ticket')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('account.support_ticket')}</Title>
        {!creating && openButton()}
      </Group>
      {creating && (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="new-ticket-title">
          <Title order={2} size="h3" id="new-ticket-title" mb={4}>
            {t('tickets.new_title')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('tickets.new_intro')}
          </Text>
          <TicketForm
            orders={(orders.data?.data ?? []).map((order) => ({ id: order.id, number: order.number }))}
            draftKey={session.user ? draftKeys.ticket(session.user.id) : null}
            onSubmit={create}
            onCancel={() => void navigate(hrefFor({ page: params.page }), { replace: true })}
          />
        </Paper>
      )}
      <div role="radiogroup" aria-label={t('tickets.filter')}>
        <Chip.Group
          value={params.status ?? ALL}
          onChange={(value) => void navigate(hrefFor({ status: value === ALL ? null : (value as TicketStatus), new: creating }))}
        >
          <Group gap="xs" data-testid="ticket-status-filter">
            {[ALL, ...TICKET_STATUSES].map((status) => (
              <Chip key={status} value={status} variant="outline" type="radio">
                {status === ALL ? t('tickets.all') : t(`tickets.status_${status}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      {phase === 'loading' ? (
        <Stack gap="sm" data-testid="tickets-skeleton">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={104} radius="md" />
          ))}
        </Stack>
      ) : !query.data ? (
        <QueryState kind={phase === 'ready' ? 'error' : phase} order={2} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.data.length === 0 ? (
        <Stack align="center" ta="center" py="xl" gap="xs" data-testid="tickets-empty">
          <Title order={2} size="h4">
            {params.status ? t('tickets.none_with_status') : t('tickets.none')}
          </Title>
          {!params.status && (
            <Text c="dimmed" maw={420}>
              {t('tickets.none_text')}
            </Text>
          )}
          {!creating && openButton('light')}
        </Stack>
      ) : (
        <>
          <TicketList tickets={query.data.data} label={t('account.support_ticket')} />
          <Text size="xs" c="dimmed" ta="center">
            {t('tickets.count', { count: query.data.meta.total })}
          </Text>
          <Pagination
            current={query.data.meta.current_page}
            last={query.data.meta.last_page || Math.ceil(query.data.meta.total / TICKETS_PER_PAGE)}
            hrefFor={(page) => hrefFor({ page })}
          />
        </>
      )}
    </Stack>
  );
}
