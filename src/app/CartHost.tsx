/**
 * The cart around every screen (issue #5): fetches the signed-in shopper's cart, keeps the
 * selection in line with it (product §4 "after load"), and mounts the cart drawer (its own chunk,
 * loaded on first open) and the floating cart tab (not on checkout). Signed out, the cart is
 * empty and so is the selection (product §4).
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { CART_QUERY_KEY } from '#src/features/cart/api/get-cart.ts';
import { useCart } from '#src/features/cart/api/cart-changes.ts';
import { basketStore, useBasket } from '#src/features/cart/lib/basket-store.ts';
import { reconcile, reconcileTentatively } from '#src/features/cart/lib/selection.ts';
import { FloatingCartTab } from '#src/features/cart/components/FloatingCartTab.tsx';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { useProductActions } from './use-product-actions.tsx';
import { lazyPart } from '#src/lib/lazy-part.tsx';

const CartDrawer = lazyPart(() => import('#src/features/cart/components/CartDrawer/CartDrawer.tsx'));

export function CartHost() {
  const session = useSession();
  const storefront = useStorefront();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { panelOpen } = useBasket();
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const { noticeRemoved } = useProductActions();
  // The server's cart with the shopper's waiting changes on top (cart-changes.ts).
  const { shown: data, query: cart, pending } = useCart({ signedIn: session.isLoggedIn, fetch: true });
  useEffect(() => {
    if (!session.isLoggedIn) {
      // Logout or a 401 (product §4): cart totals, selection, coupon, buy-now and pending address go.
      queryClient.removeQueries({ queryKey: CART_QUERY_KEY });
      const basket = basketStore.get();
      if (basket.selection.lineKeys.length || basket.coupon_code || basket.buyNow || basket.pendingAddress) basketStore.clear();
    }
  }, [session.isLoggedIn, queryClient]);

  // Product §4 "after load", against the cart as shown (the server's with the waiting changes on
  // top). Only the server's whole truth may prune the selection: a cart it gave since this start
  // (a fetch, or the answer to a change) with nothing of the cart waiting or in flight. Until
  // then a ticked line missing from the cart may only be late — a snapshot restored from the
  // device can be older than the selection (restored queries stay invalidated until refetched,
  // query-persister.ts), and another tab's sender can finish a change before its answer reaches
  // this tab — so nothing is pruned, and only "nothing ticked → everything" applies.
  useEffect(() => {
    if (!session.isLoggedIn || cart.data === undefined) return;
    const whole = pending.length === 0 && queryClient.getQueryState(CART_QUERY_KEY)?.isInvalidated === false;
    basketStore.setSelection((s) =>
      whole ? reconcile(s, data.cart_items, !storefront.multiVendor) : reconcileTentatively(s, data.cart_items),
    );
  }, [data, pending, cart.data, cart.dataUpdatedAt, session.isLoggedIn, storefront.multiVendor, queryClient]);

  // Once opened, the drawer stays mounted (set while rendering: no second pass through an effect).
  if (panelOpen && !drawerLoaded) setDrawerLoaded(true);

  return (
    <>
      {location.pathname !== '/checkout' && session.isLoggedIn && <FloatingCartTab cart={data} currency={storefront.currency} />}
      {drawerLoaded && (
        <CartDrawer
          cart={data}
          currency={storefront.currency}
          multiVendor={storefront.multiVendor}
          onRemoved={noticeRemoved}
          onCheckout={() => {
            basketStore.set({ buyNow: null, panelOpen: false });
            void navigate('/checkout');
          }}
        />
      )}
    </>
  );
}
