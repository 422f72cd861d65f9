/**
 * Connects the outbox (lib/outbox) to the rest of the app, before anything renders:
 * - the features' kinds (what a cart, favourite or withdrawal answer does to the query cache);
 * - who is signed in (changes are shown, queued and sent only for that shopper, with their token;
 *   another shopper's waiting changes are never sent with this one's token);
 * - how a change that could not apply is told: by the item's name and the server's reason.
 */
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { i18n as I18n } from 'i18next';
import { outbox } from '#src/lib/outbox/index.ts';
import { acceptLanguage } from '#src/lib/api-client.ts';
import { registerCartOutbox } from '#src/features/cart/api/cart-changes.ts';
import { registerFavoriteOutbox } from '#src/features/favorites/api/favorite-changes.ts';
import { registerReviewOutbox } from '#src/features/voice/api/review-changes.ts';
import { registerWithdrawalOutbox } from '#src/features/orders/api/withdrawal-changes.ts';
import { isLoggedIn, sessionStore } from '#src/features/auth/lib/session-store.ts';

export function wireOutbox(queryClient: QueryClient) {
  registerCartOutbox(queryClient);
  registerFavoriteOutbox(queryClient);
  registerReviewOutbox(queryClient);
  registerWithdrawalOutbox(queryClient);
  const identify = () => {
    const session = sessionStore.get();
    outbox.setIdentity(isLoggedIn(session) ? { owner: session.user!.id, token: session.token!, locale: acceptLanguage() } : null);
  };
  identify();
  sessionStore.subscribe(identify);
}

/** Once the interface texts are there: notices of changes that could not apply. */
export function presentOutboxNotices(i18n: I18n) {
  outbox.setNoticePresenter(
    (notice) => {
      // Only the shopper who made the change is told (a shared phone, another account since).
      const session = sessionStore.get();
      if (!isLoggedIn(session) || session.user!.id !== notice.owner) return;
      notifications.show({
        color: 'red',
        position: 'bottom-left',
        autoClose: 8000,
        message: i18n.t('cart.change_failed', { name: notice.label, message: notice.message }),
      });
    },
    () => i18n.t('offline.server_failed'),
  );
}
