/**
 * /payment-success and /payment-failure (product §2): the order number(s) from `?order=`
 * (comma-separated, as the payment page and the cash checkout send them), links to the orders
 * and home; after success, what was bought from whom with the withdrawal terms (issue 36); a failed card payment offers to try again or to order with cash on delivery.
 * One module: `Component` picks the outcome from the path; `SuccessComponent` and
 * `FailureComponent` are the same page fixed to one outcome.
 */
import { Anchor, Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckoutPage } from './checkout-flow.tsx';
import { ordersQueryOptions } from '#src/features/orders/api/orders-api.ts';
import { OrderConfirmationTerms } from '#src/features/orders/components/OrderConfirmationTerms.tsx';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(ordersQueryOptions({ page: 1 }));
  return null;
};

/** Order numbers from `?order=a,b` (blank and repeated ones dropped). */
export function orderNumbers(search: URLSearchParams): string[] {
  return [
    ...new Set(
      search
        .getAll('order')
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

export function PaymentResult({ outcome }: { outcome: 'success' | 'failure' }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const numbers = orderNumbers(search);
  // The orders just made are the newest: the first page maps their numbers to their pages.
  const recent = useQuery({ ...ordersQueryOptions({ page: 1 }), enabled: numbers.length > 0 });
  const idOf = (number: string) => recent.data?.data.find((o) => o.number === number)?.id;
  const success = outcome === 'success';
  const storefront = useStorefront();
  return (
    <Stack align="center" ta="center" gap="md" py="xl" maw={560} mx="auto" data-testid={`payment-${outcome}`}>
      <ThemeIcon size={64} radius="xl" color={success ? 'green' : 'red'} variant="light" aria-hidden="true">
        <Text fz={32} fw={800}>
          {success ? '✓' : '!'}
        </Text>
      </ThemeIcon>
      <Title order={1}>{t(success ? 'routes.payment_success' : 'routes.payment_failure')}</Title>
      <Text c="dimmed">{t(success ? 'payment.success_text' : 'payment.failure_text')}</Text>
      {numbers.length > 0 && (
        <Stack gap={4} align="center">
          <Title order={2} size="h5">
            {t('payment.order_numbers', { count: numbers.length })}
          </Title>
          <List listStyleType="none" spacing={4} data-testid="order-numbers">
            {numbers.map((number) => {
              const id = idOf(number);
              return (
                <List.Item key={number}>
                  {id ? (
                    <Anchor component={Link} to={`/order-history/${id}`} fw={700}>
                      {number}
                    </Anchor>
                  ) : (
                    <Text span fw={700}>
                      {number}
                    </Text>
                  )}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      )}
      {success && <OrderConfirmationTerms orderIds={numbers.flatMap((n) => idOf(n) ?? [])} currency={storefront.currency} />}
      <Group justify="center" gap="sm">
        {!success && (
          <>
            <Button component={Link} to="/checkout">
              {t('payment.retry')}
            </Button>
            <Button component={Link} to="/checkout" variant="light">
              {t('payment.choose_cash')}
            </Button>
          </>
        )}
        <Button component={Link} to="/order-history" variant={success ? 'filled' : 'default'}>
          {t('payment.see_orders')}
        </Button>
        <Button component={Link} to="/" variant="default">
          {t('common.back_home')}
        </Button>
      </Group>
    </Stack>
  );
}

export function Component() {
  const { pathname } = useLocation();
  return (
    <CheckoutPage>
      <PaymentResult outcome={pathname.startsWith('/payment-failure') ? 'failure' : 'success'} />
    </CheckoutPage>
  );
}
export const SuccessComponent = () => <PaymentResult outcome="success" />;
export const FailureComponent = () => <PaymentResult outcome="failure" />;
