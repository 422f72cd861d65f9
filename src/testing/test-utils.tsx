/**
 * Render with every provider the app has (Mantine theme, notifications, TanStack Query,
 * i18next with the real catalogues, a memory router) — Mantine's template pattern.
 */
import type { ReactElement, ReactNode } from 'react';
import { render as rtlRender } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMutationCache } from '#src/lib/query-client.ts';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import ro from '#src/locales/ro.json';
import en from '#src/locales/en.json';
import { buildTheme } from '#src/lib/storefront/theme.ts';

export function createTestI18n(lng: 'ro' | 'en' = 'ro') {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'ro',
    resources: { ro: { translation: ro }, en: { translation: en } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export interface RenderOptions {
  route?: string;
  lng?: 'ro' | 'en';
  queryClient?: QueryClient;
}

export function createTestQueryClient() {
  return new QueryClient({ mutationCache: createMutationCache(), defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

export function render(ui: ReactElement, { route = '/', lng = 'ro', queryClient = createTestQueryClient() }: RenderOptions = {}) {
  const i18n = createTestI18n(lng);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={buildTheme(null)}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
  return { ...rtlRender(ui, { wrapper: Wrapper }), queryClient, i18n };
}

export * from '@testing-library/react';
