/**
 * Logout (product §4): the server call may fail, the session is cleared anyway, and so is the
 * persisted query cache and the unsent form drafts (nothing of this user stays on a shared
 * phone). Cart and favourite changes still waiting to be sent are dropped — the menu asked
 * first (`useWaitingChanges`). A session that merely expired keeps the drafts and the waiting
 * changes: the same shopper signs in again and they are sent then.
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { logout } from '../api/auth-api.ts';
import { removeStoredByPrefix } from '#src/lib/storage.ts';
import { sessionStore } from '../lib/session-store.ts';
import { usePersistedCache } from '#src/lib/persisted-cache-context.ts';
import { outbox, useOutboxCount } from '#src/lib/outbox/index.ts';

/** How many of the shopper's changes have not reached the server yet (logout asks about them). */
export const useWaitingChanges = () => useOutboxCount(outbox);

export function useLogout() {
  const { t } = useTranslation();
  const cache = usePersistedCache();
  return async () => {
    const owner = sessionStore.get().user?.id;
    await logout().catch(() => undefined);
    if (owner !== undefined) await outbox.discard(owner).catch(() => undefined);
    sessionStore.clear();
    await cache?.clear();
    removeStoredByPrefix('draft:');
    notifications.show({ message: t('auth.logout_success'), color: 'green' });
  };
}
