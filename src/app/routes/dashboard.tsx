/**
 * /dashboard (issue #4): a greeting, counts of orders by status and favourites, and recent
 * orders — empty until orders exist (issue #5), said plainly rather than hidden. The favourites
 * count is the app's own (issue #6), so a heart tapped a moment ago — even offline — counts.
 */
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dashboardQueryOptions } from '#src/features/account/api/account-api.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { useFavorites } from '#src/features/favorites/hooks/use-favorites.ts';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(dashboardQueryOptions());
  return null;
};

const STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  const query = useQuery(dashboardQueryOptions());
  const favorites = useFavorites(true);
  const phase = queryPhase(query);
  const data = query.data;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('account.dashboard')}</Title>
      <Text size="lg">{t('dashboard.greeting', { name: user?.name.split(' ')[0] ?? '' })}</Text>
      {phase === 'loading' ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={84} />
          ))}
        </SimpleGrid>
      ) : !data ? (
        <QueryState kind={phase === 'ready' ? 'error' : phase} order={2} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="dashboard-counts">
            {STATUSES.map((status) => (
              <Card key={status} withBorder padding="md">
                <Text size="xs" c="dimmed">
                  {t(`orders.status_${status}`)}
                </Text>
                <Text fz={28} fw={700}>
                  {data.orders_by_status[status] ?? 0}
                </Text>
              </Card>
            ))}
            <Card withBorder padding="md" component={Link} to="/wishlist">
              <Text size="xs" c="dimmed">
                {t('account.wishlist')}
              </Text>
              <Text fz={28} fw={700} data-testid="favorites-count">
                {favorites.query.data ? favorites.count : data.favorites_count}
              </Text>
            </Card>
          </SimpleGrid>
          <section aria-labelledby="recent-orders">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4" id="recent-orders">
                {t('dashboard.recent_orders')}
              </Title>
              <Anchor component={Link} to="/order-history" size="sm">
                {t('common.see_all')}
              </Anchor>
            </Group>
            {data.recent_orders.length === 0 ? (
              <Text c="dimmed">
                {t('dashboard.no_orders')}{' '}
                <Anchor component={Link} to="/">
                  {t('dashboard.start_shopping')}
                </Anchor>
              </Text>
            ) : (
              <Stack gap="xs">
                {data.recent_orders.map((order) => (
                  <Anchor key={order.id} component={Link} to={`/order-history/${order.id}`}>
                    {order.number} — {t(`orders.status_${order.status}`)}
                  </Anchor>
                ))}
              </Stack>
            )}
          </section>
        </>
      )}
    </Stack>
  );
}
