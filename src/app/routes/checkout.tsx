/**
 * /checkout (product §2, §4): the cart's selected lines priced by the server (POST /cart/checkout,
 * sending cart_ids for exactness with their shop_ids and product ids), then the shared checkout
 * flow (address, payment, voucher, POST /place-order with an Idempotency-Key).
 */
import { useMemo } from 'react';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBasket } from '#src/features/cart/lib/basket-store.ts';
import { selectedGroups } from '#src/features/cart/lib/selection.ts';
import { CART_QUERY_KEY, cartQueryOptions } from '#src/features/cart/api/get-cart.ts';
import { useCart } from '#src/features/cart/api/cart-changes.ts';
import { addressesQueryOptions } from '#src/features/addresses/api/addresses-api.ts';
import { placeOrder } from '#src/features/checkout/api/checkout-api.ts';
import { selectionRequest } from '#src/features/checkout/lib/selection-request.ts';
import { ORDERS_QUERY_KEY } from '#src/features/orders/api/orders-api.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { openLogin } from '#src/features/auth/lib/auth-dialog-store.ts';
import { SignInRequired } from '#src/features/checkout/components/SignInRequired.tsx';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { CheckoutFlow, CheckoutPage } from './checkout-flow.tsx';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(cartQueryOptions());
  void queryClient.prefetchQuery(addressesQueryOptions());
  return null;
};

/** What an order changes: the cart, the orders and the dashboard's counts. */
export const AFTER_ORDER_KEYS = [CART_QUERY_KEY, ORDERS_QUERY_KEY, ['account', 'dashboard']] as const;

/** Nothing to order: back to the shop. */
export function NothingSelected({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <CheckoutPage>
      <Stack align="center" ta="center" py="xl" gap="sm" data-testid={testId}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{t('cart.nothing_selected')}</Text>
        <Button component={Link} to="/">
          {t('common.back_home')}
        </Button>
      </Stack>
    </CheckoutPage>
  );
}

export function Component() {
  const { t } = useTranslation();
  const basket = useBasket();
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  // The checkout itself is never queued: it waits until every cart change has reached the server.
  const { query: cart, pending } = useCart({ signedIn: isLoggedIn, fetch: true });
  const selection = useMemo(
    () => (cart.data ? selectionRequest(selectedGroups(basket.selection, cart.data.cart_items) ?? []) : null),
    [cart.data, basket.selection],
  );

  if (!isLoggedIn)
    return (
      <CheckoutPage>
        <SignInRequired title={t('routes.checkout')} onSignIn={openLogin} />
      </CheckoutPage>
    );
  if (basket.selection.lineKeys.length === 0) return <NothingSelected title={t('routes.checkout')} testId="checkout-empty" />;
  if (pending.length > 0) {
    return (
      <CheckoutPage>
        <Stack align="center" ta="center" py="xl" gap="sm" data-testid="checkout-waiting">
          <Title order={1}>{t('routes.checkout')}</Title>
          <Loader size="sm" />
          <Text c="dimmed" role="status">
            {t('cart.checkout_waiting')}
          </Text>
        </Stack>
      </CheckoutPage>
    );
  }
  const cartPhase = queryPhase(cart);
  if (cartPhase !== 'ready' && cartPhase !== 'loading') {
    return (
      <CheckoutPage>
        <QueryState kind={cartPhase} onRetry={() => cart.refetch()} retrying={cart.isFetching} />
      </CheckoutPage>
    );
  }
  if (cart.data && !selection) return <NothingSelected title={t('routes.checkout')} testId="checkout-empty" />;

  return (
    <CheckoutFlow
      title={t('routes.checkout')}
      priced={selection}
      enabled={isLoggedIn}
      loading={cart.isPending}
      submit={(choices, key) => placeOrder({ ...selection!, ...choices }, key)}
      afterOrderKeys={AFTER_ORDER_KEYS}
      onRefused={() => void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY })}
      clearAfterOrder="coupon"
    />
  );
}
