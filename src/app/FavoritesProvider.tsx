/**
 * Gives every product card and the product page their favourite heart (issue #6): which
 * products are favourites (one query for the whole app, so a toggle shows everywhere at once),
 * and the toggle — signed out it asks to log in (login modal); signed in it queues the change
 * (optimistic, replayed once when back online, see favorite-changes.ts) and says so briefly.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product } from '#contract/catalog.ts';
import { FavoriteControlsContext, type FavoriteControls } from '#src/features/products/lib/favorite-controls.ts';
import { useFavorites } from '#src/features/favorites/hooks/use-favorites.ts';
import { useFavoriteChange } from '#src/features/favorites/api/favorite-changes.ts';
import { createTapIntents } from '#src/features/favorites/lib/tap-intents.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { openLogin } from '#src/features/auth/lib/auth-dialog-store.ts';
import { sessionStore } from '#src/features/auth/lib/session-store.ts';

/** Product §9: notices 3000 ms, bottom-left. */
const NOTICE = { position: 'bottom-left' as const, autoClose: 3000 };

export function FavoritesProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const favorites = useFavorites(isLoggedIn);
  const change = useFavoriteChange();
  // A tap landing while the one before it is still being stored asks for the opposite of that one.
  const [intents] = useState(createTapIntents);
  const navigate = useNavigate();
  // Product §3: the auth state carries the favourites count (persisted with it).
  const loaded = favorites.query.data !== undefined;
  useEffect(() => {
    if (isLoggedIn && loaded && sessionStore.get().favoriteProducts !== favorites.count)
      sessionStore.set({ favoriteProducts: favorites.count });
  }, [isLoggedIn, loaded, favorites.count]);

  const { isFavorite, isPending } = favorites;
  const controls = useMemo<FavoriteControls>(
    () => ({
      isFavorite,
      isPending,
      toggle(product: Product) {
        if (!isLoggedIn) {
          notifications.show({ color: 'red', message: t('favorites.login_first'), ...NOTICE });
          openLogin();
          return;
        }
        const tap = intents.next(product.id, isFavorite(product.id));
        const { favorite } = tap;
        void change({ product, favorite }).then(tap.stored);
        notifications.show({
          id: `favorite-${product.id}`,
          ...NOTICE,
          message: (
            <>
              {t(favorite ? 'favorites.added' : 'favorites.removed', { name: product.name })}{' '}
              {favorite && (
                // Notices render outside the router: navigate from here, not with a <Link>.
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    notifications.hide(`favorite-${product.id}`);
                    void navigate('/wishlist');
                  }}
                >
                  {t('favorites.view')}
                </Anchor>
              )}
            </>
          ),
        });
      },
    }),
    [isFavorite, isPending, isLoggedIn, change, intents, t, navigate],
  );

  return <FavoriteControlsContext.Provider value={controls}>{children}</FavoriteControlsContext.Provider>;
}
