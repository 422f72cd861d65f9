/**
 * Logout (spec §4): the server call may fail, the session is cleared anyway, and so is the
 * persisted query cache and the unsent form drafts (nothing of this user stays on a shared
 * phone). A session that merely expired keeps the drafts: the same shopper signs in again.
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeStoredByPrefix } from '../../../lib/storage.ts';
import { sessionStore } from '../lib/session-store.ts';
import { usePersistedCache } from '../../../lib/persisted-cache-context.ts';

export function useLogout() {
  const { t } = useTranslation();
  const cache = usePersistedCache();
  return async () => {
    await apiRequest('/logout').catch(() => undefined);
    sessionStore.clear();
    await cache?.clear();
    removeStoredByPrefix('draft:');
    notifications.show({ message: t('auth.logout_success'), color: 'green' });
  };
}
