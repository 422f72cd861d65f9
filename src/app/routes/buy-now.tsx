/**
 * /buynow (spec §2, §4): the basket's buy-now item (set by the product page) priced without the
 * cart (POST /cart/checkout {buy_now}), the same address / payment / voucher choices, and
 * POST /buy-now with an Idempotency-Key. A shopper with no address but a pending one in the
 * basket gets it saved as the default first (spec §4/§8): a failure is logged and the flow goes on.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CheckoutRequest, PaymentMethod } from '../../contract/cart.ts';
import { useBasket } from '../../features/cart/lib/basket-store.ts';
import { ADDRESSES_QUERY_KEY, addressesQueryOptions, createAddress } from '../../features/addresses/api/addresses-api.ts';
import { AddressChooser } from '../../features/addresses/components/AddressChooser.tsx';
import { buyNowOrder, checkoutSummaryQueryOptions } from '../../features/checkout/api/checkout-api.ts';
import { CheckoutScreen } from '../../features/checkout/components/CheckoutScreen.tsx';
import { usePlaceOrder } from '../../features/checkout/hooks/use-place-order.ts';
import { useStorefront } from '../../features/storefront/hooks/use-storefront.ts';
import { useSession } from '../../features/auth/hooks/use-session.ts';
import { openLogin } from '../../features/auth/lib/auth-dialog-store.ts';
import { SignInRequired } from '../../features/checkout/components/SignInRequired.tsx';
import { QueryState } from '../../components/QueryState/QueryState.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useOrderPlaced } from '../../features/checkout/hooks/use-order-placed.ts';
import { ORDERS_QUERY_KEY } from '../../features/orders/api/orders-api.ts';

const AFTER_ORDER_KEYS = [ORDERS_QUERY_KEY, ['account', 'dashboard']] as const;

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(addressesQueryOptions());
  return null;
};

/** Spec §4/§8: save the basket's pending address as the default when the shopper has none. */
function usePendingAddress(enabled: boolean) {
  const { pendingAddress } = useBasket();
  const queryClient = useQueryClient();
  const addresses = useQuery({ ...addressesQueryOptions(), enabled });
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current || !pendingAddress || !addresses.data || addresses.data.length > 0) return;
    tried.current = true;
    createAddress({ ...pendingAddress, is_default: true })
      .then(() => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }))
      .catch((error: unknown) => console.warn('buy now: the pending address could not be saved', error));
  }, [pendingAddress, addresses.data, queryClient]);
}

export function Component() {
  const { t } = useTranslation();
  const basket = useBasket();
  const storefront = useStorefront();
  const { online } = useNetwork();
  const { isLoggedIn } = useSession();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [coupon, setCoupon] = useState<string | null>(basket.coupon_code);
  usePendingAddress(isLoggedIn);

  const item = basket.buyNow?.item ?? null;
  const request: CheckoutRequest = { buy_now: item ?? undefined, coupon_code: coupon, address_id: addressId };
  const summary = useQuery({ ...checkoutSummaryQueryOptions(request), enabled: isLoggedIn && item !== null, placeholderData: keepPreviousData });
  const couponError = summary.error instanceof ApiError ? (summary.error.fieldError('coupon_code') ?? null) : null;

  const onSuccess = useOrderPlaced(AFTER_ORDER_KEYS);
  const { place, busy, failure } = usePlaceOrder({
    attemptSignature: JSON.stringify([item, coupon, addressId, paymentMethod]),
    submit: (key) => buyNowOrder({ ...item!, address_id: addressId!, payment_method: paymentMethod, coupon_code: coupon }, key),
    onSuccess,
    onRefused: () => void summary.refetch(),
  });

  if (!isLoggedIn) return <SignInRequired title={t('routes.buy_now')} onSignIn={openLogin} />;
  if (!item) {
    return (
      <Stack align="center" ta="center" py="xl" gap="sm" data-testid="buy-now-empty">
        <Title order={1}>{t('routes.buy_now')}</Title>
        <Text c="dimmed">{t('cart.nothing_selected')}</Text>
        <Button component={Link} to="/">{t('common.back_home')}</Button>
      </Stack>
    );
  }

  const summaryError =
    summary.error && !(couponError && summary.data) ? (
      summary.error instanceof ApiError && summary.error.status < 500 ? (
        <Text c="red.8" role="alert" data-testid="checkout-refused">{summary.error.message}</Text>
      ) : (
        <QueryState kind={summary.error instanceof ApiError ? 'error' : 'offline'} order={2} onRetry={() => summary.refetch()} retrying={summary.isFetching} />
      )
    ) : !summary.data && summary.fetchStatus === 'paused' ? (
      <QueryState kind="offline" order={2} onRetry={() => summary.refetch()} />
    ) : null;

  return (
    <CheckoutScreen
      title={t('routes.buy_now')}
      currency={storefront.currency}
      summary={summary.data}
      summaryLoading={summary.isFetching}
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
  );
}
