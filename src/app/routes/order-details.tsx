/**
 * /order-history/:id (product §2): the order's items, shop, amounts, delivery address, payment,
 * status history and tracking; "Anulează comanda" after a confirmation while it can be cancelled;
 * the withdrawal from the contract (issue 36: WithdrawalSection).
 */
import { useState } from 'react';
import { Anchor, Button, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDERS_QUERY_KEY, cancelOrder, orderQueryOptions } from '#src/features/orders/api/orders-api.ts';
import { OrderStatusBadge } from '#src/features/orders/components/OrderStatusBadge.tsx';
import { OrderTimeline } from '#src/features/orders/components/OrderTimeline.tsx';
import { WithdrawalSection } from '#src/features/orders/components/WithdrawalSection.tsx';
import { formatDateTime } from '#src/lib/format-date.ts';
import { AddressLines } from '#src/features/addresses/components/AddressCard.tsx';
import { CheckoutSummary } from '#src/features/checkout/components/CheckoutSummary.tsx';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { QueryState, parseId, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { ApiError, failureMessage } from '#src/lib/api-client.ts';
import { formatMoney } from '#contract/format-money.ts';
import { LazyConfirmDialog } from '#src/components/ConfirmDialog/LazyConfirmDialog.tsx';
import { Photo } from '#src/components/Photo/Photo.tsx';
import { OrderReview } from '#src/features/voice/components/OrderReview.tsx';

export const createLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const id = parseId(params.id);
    if (id) void queryClient.prefetchQuery(orderQueryOptions(id));
    return null;
  };

export function Component() {
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  if (id === null) return <QueryState kind="not-found" />;
  return <OrderDetailsPage id={id} />;
}

function OrderDetailsPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const storefront = useStorefront();
  const queryClient = useQueryClient();
  const query = useQuery(orderQueryOptions(id));
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const phase = queryPhase(query);

  if (phase === 'loading') {
    return (
      <Stack gap="lg" data-testid="order-skeleton">
        <Skeleton h={36} w="60%" />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={260} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={260} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }
  const order = query.data;
  if (!order) return <QueryState kind={phase === 'ready' ? 'error' : phase} onRetry={() => query.refetch()} retrying={query.isFetching} />;

  const cancel = async () => {
    setCancelling(true);
    try {
      const response = await cancelOrder(order.id);
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, response.data.order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['account', 'dashboard'] });
      notifications.show({ color: 'green', message: response.message });
      setConfirming(false);
    } catch (error) {
      const message = failureMessage(error, t);
      notifications.show({ color: 'red', message });
      if (error instanceof ApiError) void query.refetch();
    } finally {
      setCancelling(false);
    }
  };

  const currency = storefront.currency;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{t('orders.order_number', { number: order.number })}</Title>
          <Text size="sm" c="dimmed">
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
          </Text>
        </Stack>
        <OrderStatusBadge status={order.status} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" component="section" aria-labelledby="order-items">
              <Title order={2} size="h4" id="order-items" mb="xs">
                {t('orders.items')}
              </Title>
              <Text size="sm" mb="sm">
                {t('orders.shop')}:{' '}
                <Anchor component={Link} to={`/shops/${order.shop.id}`}>
                  {order.shop.name}
                </Anchor>
              </Text>
              <Stack gap="sm">
                {order.items.map((item) => (
                  <Group key={item.id} wrap="nowrap" align="flex-start" gap="sm" data-testid="order-item">
                    <Photo
                      src={item.thumbnail}
                      meta={item.thumbnail_meta}
                      alt=""
                      sizes="48px"
                      width={48}
                      height={48}
                      style={{ borderRadius: 'var(--mantine-radius-sm)', objectFit: 'cover', flex: '0 0 48px' }}
                    />
                    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                      {item.product_id ? (
                        <Anchor component={Link} to={`/products/${item.product_id}/details`} size="sm" fw={500}>
                          {item.name}
                        </Anchor>
                      ) : (
                        <Text size="sm" fw={500}>
                          {item.name}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {[item.size, item.color, item.unit].filter(Boolean).join(' · ')} {item.quantity} ×{' '}
                        {formatMoney(item.unit_price, currency)}
                      </Text>
                    </Stack>
                    <Text size="sm" fw={600}>
                      {formatMoney(item.line_total, currency)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="order-history-title">
              <Title order={2} size="h4" id="order-history-title" mb="sm">
                {t('orders.timeline')}
              </Title>
              <OrderTimeline history={order.history} />
              {order.tracking && (
                <Text size="sm" mt="md" data-testid="order-tracking">
                  {t('orders.tracking')}: {order.tracking}
                </Text>
              )}
            </Paper>
            <WithdrawalSection order={order} currency={currency} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Paper withBorder p="md" component="section" aria-labelledby="order-amounts">
              <Title order={2} size="h4" id="order-amounts" mb="sm">
                {t('checkout.summary_title')}
              </Title>
              <CheckoutSummary amounts={order} currency={currency} />
              {order.coupon_code && (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('checkout.coupon')}: {order.coupon_code}
                </Text>
              )}
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="order-payment">
              <Title order={2} size="h4" id="order-payment" mb="xs">
                {t('checkout.payment_method')}
              </Title>
              <Text size="sm">{t(`checkout.payment_${order.payment_method}`)}</Text>
              <Text size="sm" c="dimmed" data-testid="payment-status">
                {t(`orders.payment_${order.payment_status}`)}
              </Text>
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="order-address">
              <Title order={2} size="h4" id="order-address" mb="xs">
                {t('checkout.address')}
              </Title>
              <AddressLines address={order.address} />
              {order.note && (
                <Text size="sm" mt="xs">
                  {order.note}
                </Text>
              )}
            </Paper>
            <OrderReview order={order} />
            {order.can_cancel && (
              <Button color="red.9" variant="outline" onClick={() => setConfirming(true)} data-testid="cancel-order">
                {t('orders.cancel')}
              </Button>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Anchor component={Link} to="/order-history" size="sm">
        {t('orders.back_to_list')}
      </Anchor>
      <LazyConfirmDialog
        opened={confirming}
        title={t('orders.cancel')}
        text={t('orders.cancel_confirm', { number: order.number })}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void cancel()}
        busy={cancelling}
      />
    </Stack>
  );
}
