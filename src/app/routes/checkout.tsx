/**
 * /checkout (spec §2, §4): the cart's selected lines priced by the server (POST /cart/checkout,
 * sending cart_ids for exactness with their shop_ids and product ids), the delivery address,
 * payment method, voucher, and "Plasează comanda" (POST /place-order with an Idempotency-Key).
 * Composes the cart (read-only: selection, coupon), addresses and checkout features.
 */
import { useMemo, useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CheckoutRequest, PaymentMethod } from '../../contract/cart.ts';
import { useBasket } from '../../features/cart/lib/basket-store.ts';
import { CART_QUERY_KEY, cartQueryOptions } from '../../features/cart/api/get-cart.ts';
import { addressesQueryOptions } from '../../features/addresses/api/addresses-api.ts';
import { AddressChooser } from '../../features/addresses/components/AddressChooser.tsx';
import { checkoutSummaryQueryOptions, placeOrder } from '../../features/checkout/api/checkout-api.ts';
import { CheckoutScreen } from '../../features/checkout/components/CheckoutScreen.tsx';
import { usePlaceOrder } from '../../features/checkout/hooks/use-place-order.ts';
import { useOrderPlaced } from '../../features/checkout/hooks/use-order-placed.ts';
import { selectionRequest } from '../../features/checkout/lib/selection-request.ts';
import { ORDERS_QUERY_KEY } from '../../features/orders/api/orders-api.ts';
import { useStorefront } from '../../features/storefront/hooks/use-storefront.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { openLogin } from '../../features/auth/lib/auth-dialog-store.ts';
import { SignInRequired } from '../../features/checkout/components/SignInRequired.tsx';
import { QueryState, queryPhase } from '../../components/QueryState/QueryState.tsx';
import { ApiError } from '../../lib/api-client.ts';

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(cartQueryOptions());
  void queryClient.prefetchQuery(addressesQueryOptions());
  return null;
};

/** What an order changes: the cart, the orders and the dashboard's counts. */
export const AFTER_ORDER_KEYS = [CART_QUERY_KEY, ORDERS_QUERY_KEY, ['account', 'dashboard']] as const;

export function EmptySelection() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" data-testid="checkout-empty">
      <Title order={1}>{t('routes.checkout')}</Title>
      <Text c="dimmed">{t('cart.nothing_selected')}</Text>
      <Button component={Link} to="/">{t('common.back_home')}</Button>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  const basket = useBasket();
  const storefront = useStorefront();
  const queryClient = useQueryClient();
  const { online } = useNetwork();
  const { isLoggedIn } = useSession();
  const cart = useQuery({ ...cartQueryOptions(), enabled: isLoggedIn });
  const [addressId, setAddressId] = useState<number | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [coupon, setCoupon] = useState<string | null>(basket.coupon_code);

  const selection = useMemo(
    () => (cart.data ? selectionRequest(basket.selection.lineIds, cart.data.cart_items) : null),
    [cart.data, basket.selection.lineIds],
  );
  const request: CheckoutRequest | null = selection ? { ...selection, coupon_code: coupon, address_id: addressId } : null;
  const summary = useQuery({
    ...checkoutSummaryQueryOptions(request ?? {}),
    enabled: isLoggedIn && request !== null,
    placeholderData: keepPreviousData,
  });
  const couponError = summary.error instanceof ApiError ? (summary.error.fieldError('coupon_code') ?? null) : null;

  const onSuccess = useOrderPlaced(AFTER_ORDER_KEYS);
  const { place, busy, failure } = usePlaceOrder({
    attemptSignature: JSON.stringify([selection, coupon, addressId, paymentMethod]),
    submit: (key) => placeOrder({ ...selection!, address_id: addressId!, payment_method: paymentMethod, coupon_code: coupon }, key),
    onSuccess,
    onRefused: () => {
      void summary.refetch();
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
  });

  if (!isLoggedIn) return <SignInRequired title={t('routes.checkout')} onSignIn={openLogin} />;
  if (basket.selection.lineIds.length === 0) return <EmptySelection />;
  const cartPhase = queryPhase(cart);
  if (cartPhase !== 'ready' && cartPhase !== 'loading') {
    return <QueryState kind={cartPhase} onRetry={() => cart.refetch()} retrying={cart.isFetching} />;
  }
  if (cart.data && !selection) return <EmptySelection />;

  const summaryPhase = queryPhase(summary);
  const summaryError =
    summary.error && !(couponError && summary.data) ? (
      summary.error instanceof ApiError && summary.error.status < 500 ? (
        <Text c="red.8" role="alert" data-testid="checkout-refused">{summary.error.message}</Text>
      ) : (
        <QueryState kind={summaryPhase === 'ready' || summaryPhase === 'loading' ? 'error' : summaryPhase} order={2} onRetry={() => summary.refetch()} retrying={summary.isFetching} />
      )
    ) : null;

  return (
    <>
      <CheckoutScreen
        title={t('routes.checkout')}
        currency={storefront.currency}
        summary={summary.data}
        summaryLoading={cart.isPending || summary.isFetching}
        summaryError={summaryError}
        addressSection={<AddressChooser value={addressId} onChange={setAddressId} />}
        hasAddress={addressId !== null}
        paymentMethod={paymentMethod}
        onPaymentMethod={setPaymentMethod}
        coupon={coupon}
        couponError={couponError}
        onCoupon={setCoupon}
        online={online}
        busy={busy}
        failure={failure}
        stale={summary.isPlaceholderData || Boolean(summary.error)}
        onPlace={() => void place()}
      />
      <Anchor component={Link} to="/" size="sm" mt="md" display="block">{t('checkout.continue_shopping')}</Anchor>
    </>
  );
}
