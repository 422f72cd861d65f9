import { useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from './DocumentTitle.tsx';
import { useAuthDialog } from '#src/features/auth/lib/auth-dialog-store.ts';
import { useBasket } from '#src/features/cart/lib/basket-store.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { markFirstScreenShown, useEngaged, whenEngaged } from '#src/lib/when-idle.ts';
import { lazyPart, prefetchCode } from '#src/lib/lazy-part.tsx';
import { takeScrollAtTakeover } from '#src/lib/takeover-scroll.ts';

// Not in a signed-out first load (docs/decisions/042-first-load-today.md): the cart host mounts at once
// for a signed-in shopper (it fetches the cart and keeps the selection in step with it), else at
// the shopper's first interaction with the page, or when the cart is opened.
const CartHost = lazyPart(() => import('./CartHost.tsx'), 'CartHost');
// The sign-in dialogs' host mounts when one first opens; its code and the dialogs' are fetched ahead at the first interaction.
const AuthDialogsHost = lazyPart(() => import('./AuthDialogsHost.tsx'), 'AuthDialogsHost');

export function RootShell() {
  const { dialog } = useAuthDialog();
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (dialog !== null && !dialogsWanted) setDialogsWanted(true);
  useEffect(() => {
    // The first screen is on its way to the display: work left for idle time may follow (lib/when-idle.ts).
    markFirstScreenShown();
    // The app, not a drawn screen, now answers (after the commit's layout effects: its scroll is set).
    // For browser tests and anyone debugging a first load.
    document.documentElement.dataset.app = 'live';
    // The sign-in dialogs and the cart drawer open at once when first asked: their code is fetched
    // ahead, at the shopper's first touch, key or mouse move (lib/when-idle.ts, whenEngaged).
    whenEngaged(() => {
      // (the host's module fetches the dialogs' code in turn: AuthDialogsHost.tsx)
      prefetchCode(() => import('./AuthDialogsHost.tsx'));
      prefetchCode(() => import('#src/features/cart/components/CartDrawer/CartDrawer.tsx'));
    });
  }, []);
  return (
    <>
      <DocumentTitle />
      <ScrollRestoration />
      <KeepScrollAtTakeover />
      <Outlet />
      {dialogsWanted && <AuthDialogsHost />}
      <CartHostWhenWanted />
    </>
  );
}

/** After <ScrollRestoration>'s first effect (siblings' effects run in order): lib/takeover-scroll.ts. */
function KeepScrollAtTakeover() {
  useLayoutEffect(() => {
    const y = takeScrollAtTakeover();
    if (y > 0 && window.scrollY !== y) window.scrollTo(0, y);
  }, []);
  return null;
}

/**
 * Its own component: the first interaction, the cart panel and the session re-render this gate
 * alone, not the screen beside it (a re-render of the whole screen at idle was a long task, issue 15).
 */
function CartHostWhenWanted() {
  const engaged = useEngaged();
  const { panelOpen } = useBasket();
  const session = useSession();
  return engaged || panelOpen || session.isLoggedIn ? <CartHost /> : null;
}
