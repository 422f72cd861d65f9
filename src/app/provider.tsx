/**
 * All app-wide providers: TanStack Query (with the persisted cache), Mantine (theme from
 * master data), notifications (5000 ms, at most 20 — product §9) and the service worker with its
 * update prompt. Not in the first load (docs/decisions/042-first-load-today.md): the notifications'
 * code loads when the first one is shown (it waits in the store meanwhile); the service worker is
 * registered once the page is idle.
 */
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { buildTheme } from '#src/lib/storefront/theme.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { translationsQueryOptions } from '#src/features/i18n/api/get-translations.ts';
import { addMessages } from '#src/lib/i18n.ts';
import { PersistedCacheContext } from '#src/lib/persisted-cache-context.ts';
import type { PersistedCache } from '#src/lib/query-persister.ts';
import { useIdle } from '#src/lib/when-idle.ts';
import { lazyPart, prefetchCode } from '#src/lib/lazy-part.tsx';
import { applyNotificationDefaults } from './notification-defaults.ts';

const loadNotificationsHost = () => import('./NotificationsHost.tsx');
const NotificationsHost = lazyPart(loadNotificationsHost);
const PwaHost = lazyPart(() => import('./PwaHost.tsx'));

applyNotificationDefaults();

type NotificationsState = ReturnType<typeof notificationsStore.getState>;
const anyShown = (state: NotificationsState) => state.notifications.length > 0 || state.queue.length > 0;

/**
 * Mounts the notifications when the first one is shown (it waits in the store until the host's
 * code is there). Not at idle: mounting Mantine's container costs a long task on a cheap phone
 * for a page that may never show a notice (issue 15, TBT).
 */
function LazyNotifications() {
  // Its code is fetched with the first screen's effects (not mounted: that is the long task). The
  // first notice may come when the connection is gone — a tap queued offline — and its code must
  // be here by then. Asked for later (at idle, or in the task after the first paint, as tried on 2026-11-27:
  // 2–7 ms less in this task), an offline add right after the page showed had no notice until
  // the device was back online and lazyPart had fetched the code again (cart.spec.ts).
  useEffect(() => prefetchCode(loadNotificationsHost), []);
  const anyNow = useSyncExternalStore(
    notificationsStore.subscribe,
    () => anyShown(notificationsStore.getState()),
    () => false,
  );
  // Once mounted, the host stays (it animates the last notice out).
  const [shown, setShown] = useState(anyNow);
  if (anyNow && !shown) setShown(true);
  if (!shown) return null;
  return <NotificationsHost />;
}

function ThemedMantine({ children }: { children: ReactNode }) {
  const { themeColors } = useStorefront();
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  // Every modal and drawer's close button gets a name (axe: button-name).
  const theme = useMemo(
    () =>
      mergeThemeOverrides(buildTheme(themeColors), {
        components: {
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
        },
      }),
    [themeColors, closeLabel],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <LazyNotifications />
      {children}
      <WhenIdle>
        <PwaHost />
      </WhenIdle>
    </MantineProvider>
  );
}

function WhenIdle({ children }: { children: ReactNode }) {
  return useIdle() ? children : null;
}

/** Keeps i18next in step with the translations query (background refreshes included). */
function TranslationsSync({ i18n }: { i18n: I18n }) {
  const { data } = useQuery(translationsQueryOptions(i18n.language));
  useEffect(() => {
    if (data) addMessages(i18n.language, data);
  }, [data, i18n.language]);
  return null;
}

export function AppProvider({
  queryClient,
  persistedCache,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  persistedCache: PersistedCache | null;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <PersistedCacheContext.Provider value={persistedCache}>
        <I18nextProvider i18n={i18n}>
          <TranslationsSync i18n={i18n} />
          <ThemedMantine>{children}</ThemedMantine>
        </I18nextProvider>
      </PersistedCacheContext.Provider>
    </QueryClientProvider>
  );
}
