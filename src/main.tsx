/**
 * Start-up order matters for offline use: restore the persisted cache from IndexedDB first,
 * then load the interface messages (from that cache when offline), then render.
 */
import './styles/mantine.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient, syncOnlineManager } from './lib/query-client.ts';
import { persistQueryCache } from './lib/query-persister.ts';
import { initI18n } from './lib/i18n.ts';
import { DEFAULT_LOCALE } from './contract/constants.ts';
import { loadMessages } from './features/i18n/lib/load-messages.ts';
import { masterQueryOptions } from './features/storefront/api/get-master.ts';
import { settingsQueryOptions } from './features/storefront/api/get-settings.ts';
import { registerServiceWorker } from './features/pwa/lib/register-service-worker.ts';
import { registerCartMutations } from './features/cart/api/cart-changes.ts';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';

async function start() {
  syncOnlineManager();
  const queryClient = createQueryClient();
  // Before the cache is restored: paused cart changes resume with their mutation function.
  registerCartMutations(queryClient);
  const persistedCache = persistQueryCache(queryClient);
  const [i18n] = await Promise.all([initI18n(), persistedCache.restored]);

  // Master data: spec §3 loads it at start; a failure is logged (§8) and the defaults stand in.
  queryClient.fetchQuery(masterQueryOptions()).catch((error) => console.error('[master]', error));
  // General settings: a failure is logged only, the settings stay as they were (§8).
  queryClient.fetchQuery(settingsQueryOptions()).catch((error) => console.warn('[settings]', error));
  await Promise.all([
    loadMessages(queryClient, i18n.language),
    i18n.language === DEFAULT_LOCALE ? undefined : loadMessages(queryClient, DEFAULT_LOCALE),
  ]);

  const router = createRouter(queryClient);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider queryClient={queryClient} persistedCache={persistedCache} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  registerServiceWorker();
}

void start();
