/**
 * /buynow (product §2, §4): the basket's buy-now item (set by the product page) priced without the
 * cart (POST /cart/checkout {buy_now}), then the shared checkout flow with POST /buy-now.
 * The cart is not touched.
 */
import { type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBasket } from '#src/features/cart/lib/basket-store.ts';
import { addressesQueryOptions } from '#src/features/addresses/api/addresses-api.ts';
import { buyNowOrder } from '#src/features/checkout/api/checkout-api.ts';
import { ORDERS_QUERY_KEY } from '#src/features/orders/api/orders-api.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { openLogin } from '#src/features/auth/lib/auth-dialog-store.ts';
import { SignInRequired } from '#src/features/checkout/components/SignInRequired.tsx';
import { CheckoutFlow, CheckoutPage } from './checkout-flow.tsx';
import { NothingSelected } from './checkout.tsx';

const AFTER_ORDER_KEYS = [ORDERS_QUERY_KEY, ['account', 'dashboard']] as const;

export const createLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(addressesQueryOptions());
  return null;
};

export function Component() {
  const { t } = useTranslation();
  const basket = useBasket();
  const { isLoggedIn } = useSession();
  const item = basket.buyNow?.item ?? null;

  if (!isLoggedIn)
    return (
      <CheckoutPage>
        <SignInRequired title={t('routes.buy_now')} onSignIn={openLogin} />
      </CheckoutPage>
    );
  if (!item) return <NothingSelected title={t('routes.buy_now')} testId="buy-now-empty" />;

  return (
    <CheckoutFlow
      title={t('routes.buy_now')}
      priced={{ buy_now: item }}
      enabled={isLoggedIn}
      submit={(choices, key) => buyNowOrder({ ...item, ...choices }, key)}
      afterOrderKeys={AFTER_ORDER_KEYS}
      clearAfterOrder="coupon-and-buy-now"
    />
  );
}
