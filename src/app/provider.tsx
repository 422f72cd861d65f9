/**
 * All app-wide providers: TanStack Query (with the persisted cache), Mantine (theme from
 * master data), and notifications (5000 ms, at most 20 — spec §9).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { buildTheme } from '../features/storefront/lib/theme.ts';
import { useStorefront } from '../features/storefront/hooks/use-storefront.ts';
import { translationsQueryOptions } from '../features/i18n/api/get-translations.ts';
import { addMessages } from '../lib/i18n.ts';
import { PersistedCacheContext } from '../lib/persisted-cache-context.ts';
import type { PersistedCache } from '../lib/query-persister.ts';

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
      <Notifications limit={20} autoClose={5000} position="top-right" />
      {children}
    </MantineProvider>
  );
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
