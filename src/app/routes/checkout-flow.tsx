/**
 * What /checkout and /buynow share (product §2, §4): the shopper's choices (address, payment method,
 * voucher), the server-priced summary for them, and one "Comandă cu obligație de plată" attempt with its
 * Idempotency-Key. The two routes differ only in what is ordered (`priced`) and how it is
 * submitted. The voucher lives in the basket (`coupon_code`) so a reload keeps it; after an order
 * it goes, with the buy-now item (issue #5).
 *
 * A pending address (product §4 Buy now, §8): an address typed while the connection was down is
 * kept in the basket and saved as the default as soon as the shopper has none and is online.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Anchor, Container, Text } from '@mantine/core';
import { useOnline } from '#src/lib/connectivity.ts';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AddressInput } from '#contract/addresses.ts';
import type { CheckoutRequest } from '#contract/checkout.ts';
import type { PaymentMethod } from '#contract/orders.ts';
import { basketStore, useBasket } from '#src/features/cart/lib/basket-store.ts';
import { ADDRESSES_QUERY_KEY, addressesQueryOptions, createAddress } from '#src/features/addresses/api/addresses-api.ts';
import { AddressChooser } from '#src/features/addresses/components/AddressChooser.tsx';
import { checkoutSummaryQueryOptions, type PlacedOrders } from '#src/features/checkout/api/checkout-api.ts';
import { CheckoutScreen } from '#src/features/checkout/components/CheckoutScreen.tsx';
import { usePlaceOrder } from '#src/features/checkout/hooks/use-place-order.ts';
import { useOrderPlaced } from '#src/features/checkout/hooks/use-order-placed.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { QueryState, queryPhase } from '#src/components/QueryState/QueryState.tsx';
import { ApiError } from '#src/lib/api-client.ts';

/** What is ordered, without the shopper's choices. */
export type PricedRequest = Omit<CheckoutRequest, 'coupon_code' | 'address_id'>;

export interface ShopperChoices {
  address_id: number;
  payment_method: PaymentMethod;
  coupon_code: string | null;
}

/** A centred page body: the checkout screens bring their own margins. */
export function CheckoutPage({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="lg">
      {children}
    </Container>
  );
}

/** Product §4/§8: save the basket's pending address as the default when the shopper has none. */
function usePendingAddress(enabled: boolean) {
  const { pendingAddress } = useBasket();
  const queryClient = useQueryClient();
  const { online } = useOnline();
  const addresses = useQuery({ ...addressesQueryOptions(), enabled });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (saving || !online || !pendingAddress || !addresses.data) return;
    // The shopper has an address by now: the pending one is not needed any more.
    if (addresses.data.length > 0) return void basketStore.set({ pendingAddress: null });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the effect starts a one-off save when the conditions meet; `saving` stops a second one
    setSaving(true);
    createAddress({ ...pendingAddress, is_default: true })
      .then(() => {
        basketStore.set({ pendingAddress: null });
        return queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY });
      })
      // §8: logged, the flow goes on (the form still shows the address to save by hand).
      .catch((error: unknown) => console.warn('checkout: the pending address could not be saved', error))
      .finally(() => setSaving(false));
  }, [saving, online, pendingAddress, addresses.data, queryClient]);
}

export interface CheckoutFlowProps {
  title: string;
  /** null while what is ordered is not known yet (the cart is loading). */
  priced: PricedRequest | null;
  enabled: boolean;
  /** Also loading while the cart itself loads. */
  loading?: boolean;
  submit(choices: ShopperChoices, idempotencyKey: string): Promise<PlacedOrders>;
  /** The queries an order changes (cart, orders, dashboard). */
  afterOrderKeys: readonly QueryKey[];
  /** After a 409/422: what else to fetch again besides the summary (the cart). */
  onRefused?(): void;
  /** Basket fields that go once the order is placed. */
  clearAfterOrder: 'coupon' | 'coupon-and-buy-now';
}

export function CheckoutFlow({
  title,
  priced,
  enabled,
  loading = false,
  submit,
  afterOrderKeys,
  onRefused,
  clearAfterOrder,
}: CheckoutFlowProps) {
  const { t } = useTranslation();
  const basket = useBasket();
  const storefront = useStorefront();
  const { online } = useOnline();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const coupon = basket.coupon_code;
  const setCoupon = (coupon_code: string | null) => basketStore.set({ coupon_code });
  usePendingAddress(enabled);

  const request: CheckoutRequest = { ...priced, coupon_code: coupon, address_id: addressId };
  const summary = useQuery({
    ...checkoutSummaryQueryOptions(request),
    enabled: enabled && priced !== null,
    placeholderData: keepPreviousData,
  });
  const couponError = summary.error instanceof ApiError ? (summary.error.fieldError('coupon_code') ?? null) : null;

  const navigateAfterOrder = useOrderPlaced(afterOrderKeys);
  const { place, busy, failure } = usePlaceOrder({
    attemptSignature: JSON.stringify([priced, coupon, addressId, paymentMethod]),
    submit: (key) => submit({ address_id: addressId!, payment_method: paymentMethod, coupon_code: coupon }, key),
    onSuccess: (result) => {
      navigateAfterOrder(result);
      basketStore.set(clearAfterOrder === 'coupon' ? { coupon_code: null } : { coupon_code: null, buyNow: null });
    },
    onRefused: () => {
      void summary.refetch();
      onRefused?.();
    },
  });

  const summaryPhase = queryPhase(summary);
  const summaryError =
    summary.error && !(couponError && summary.data) ? (
      summary.error instanceof ApiError && summary.error.status < 500 ? (
        <Text c="red.8" role="alert" data-testid="checkout-refused">
          {summary.error.message}
        </Text>
      ) : (
        <QueryState
          kind={summaryPhase === 'ready' || summaryPhase === 'loading' ? 'error' : summaryPhase}
          order={2}
          onRetry={() => summary.refetch()}
          retrying={summary.isFetching}
        />
      )
    ) : !summary.data && summary.fetchStatus === 'paused' ? (
      <QueryState kind="offline" order={2} onRetry={() => summary.refetch()} />
    ) : null;

  return (
    <CheckoutPage>
      <CheckoutScreen
        title={title}
        currency={storefront.currency}
        summary={summary.data}
        summaryLoading={loading || summary.isFetching}
        summaryError={summaryError}
        addressSection={
          <AddressChooser
            value={addressId}
            onChange={setAddressId}
            draft={basket.pendingAddress}
            onDraft={(pendingAddress: AddressInput | null) => basketStore.set({ pendingAddress })}
          />
        }
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
      <Anchor component={Link} to="/" size="sm" mt="md" display="block">
        {t('checkout.continue_shopping')}
      </Anchor>
    </CheckoutPage>
  );
}
