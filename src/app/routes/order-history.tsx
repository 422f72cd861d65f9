/**
 * /order-history (product §2): the shopper's orders, newest first, filtered by status (chips,
 * `?status=`) and paged (`?page=`), each with number, shop, date, status and amount paid.
 */
import { Chip, Group, Skeleton, Stack, Text, Title, Anchor } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, ORDERS_PER_PAGE, type OrderStatus } from '#contract/orders.ts';
import { ordersQueryOptions } from '#src/features/orders/api/orders-api.ts';
import { listParams } from '#src/features/orders/lib/list-params.ts';
import { OrderSummaryCard } from '#src/features/orders/components/OrderSummaryCard.tsx';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { Pagination } from '#src/components/Pagination/Pagination.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';

export const createLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(ordersQueryOptions(listParams(new URL(request.url).searchParams)));
    return null;
  };

const ALL = 'all';

export function Component() {
  const { t } = useTranslation();
  const storefront = useStorefront();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const params = listParams(search);
  const query = useQuery(ordersQueryOptions(params));
  const phase = queryPhase(query);

  const hrefFor = (next: { status?: OrderStatus | null; page?: number }) => {
    const status = next.status === undefined ? params.status : next.status;
    const page = next.page ?? 1;
    const qs = new URLSearchParams();
    if (status) qs.set('status', status);
    if (page > 1) qs.set('page', String(page));
    const text = qs.toString();
    return `/order-history${text ? `?${text}` : ''}`;
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('account.order_history')}</Title>
      <div role="radiogroup" aria-label={t('orders.filter')}>
        <Chip.Group
          value={params.status ?? ALL}
          onChange={(value) => void navigate(hrefFor({ status: value === ALL ? null : (value as OrderStatus) }))}
        >
          <Group gap="xs" data-testid="status-filter">
            {[ALL, ...ORDER_STATUSES].map((status) => (
              <Chip key={status} value={status} variant="outline" type="radio">
                {status === ALL ? t('orders.all') : t(`orders.status_${status}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      {phase === 'loading' ? (
        <Stack gap="sm" data-testid="orders-skeleton">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </Stack>
      ) : !query.data ? (
        <QueryState kind={phase === 'ready' ? 'error' : phase} order={2} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : query.data.data.length === 0 ? (
        <Stack align="center" py="xl" gap="xs" data-testid="orders-empty">
          <Title order={2} size="h4">
            {t('orders.none')}
          </Title>
          <Anchor component={Link} to="/">
            {t('dashboard.start_shopping')}
          </Anchor>
        </Stack>
      ) : (
        <>
          <Stack gap="sm" component="section" aria-label={t('account.order_history')}>
            {query.data.data.map((order) => (
              <OrderSummaryCard key={order.id} order={order} currency={storefront.currency} />
            ))}
          </Stack>
          <Text size="xs" c="dimmed" ta="center">
            {t('orders.count', { count: query.data.meta.total })}
          </Text>
          <Pagination
            current={query.data.meta.current_page}
            last={query.data.meta.last_page || Math.ceil(query.data.meta.total / ORDERS_PER_PAGE)}
            hrefFor={(page) => hrefFor({ page })}
          />
        </>
      )}
    </Stack>
  );
}
