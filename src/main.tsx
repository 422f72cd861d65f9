/**
 * Start-up order matters for offline use: restore the persisted cache from IndexedDB first,
 * then load the interface messages (from that cache when offline), then render.
 * First-load speed (docs/decisions/008-first-load.md): the router is created as soon as the
 * cache is back, so the screen's code and data load while the messages do (on this first
 * navigation only, screens wait briefly for their data: app/first-load.ts); the first render
 * waits for that navigation, so it has the screen, and runs as a transition (in slices, no long
 * task); the service worker is registered by AppProvider once the page is idle (app/PwaHost.tsx).
 */
import './styles/mantine.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { bindOnlineManager, createQueryClient } from './lib/query-client.ts';
import { connectivity } from './lib/connectivity.ts';
import { outbox } from './lib/outbox/index.ts';
import { persistQueryCache } from './lib/query-persister.ts';
import { initI18n } from './lib/i18n.ts';
import { DEFAULT_LOCALE } from '../contract/constants.ts';
import { loadMessages } from './features/i18n/lib/load-messages.ts';
import { masterQueryOptions } from './lib/storefront/get-master.ts';
import { settingsQueryOptions } from './lib/storefront/get-settings.ts';
import { presentOutboxNotices, wireOutbox } from './app/outbox-wiring.ts';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import { firstLoadBudget, markFirstNavigationDone } from './app/first-load.ts';
import { sessionStore } from './features/auth/lib/session-store.ts';
import { DRAWN_FOR_ANOTHER_ID, replayTaps, takeEarlyTaps } from './lib/early-taps.ts';
import { afterFirstScreenShown } from './lib/when-idle.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import { followScrollUntilTakeover } from './lib/takeover-scroll.ts';
import { keyPageLoadHistoryEntry } from './lib/history-entry-key.ts';

async function start() {
  // Its own task, not the tail of evaluating the app's modules (one long task on a slow phone).
  await yieldToMain();
  // Whatever navigator.onLine claims, look: the offline banner and the outbox follow what a
  // real request finds (lib/connectivity.ts).
  void connectivity.probe();
  bindOnlineManager();
  const queryClient = createQueryClient();
  // Before anything is restored or sent: what cart and favourite answers do, and who is signed in.
  wireOutbox(queryClient);
  const persistedCache = persistQueryCache(queryClient);
  outbox.setAnswerStore(persistedCache.flush);
  // The queued changes come back from IndexedDB before the first render (and before anything is
  // sent), after the query cache, so an answer is never overwritten by an older cached cart.
  const outboxRestored = persistedCache.restored.then(() => outbox.restore()).catch((error) => console.error('[outbox]', error));
  const [i18n] = await Promise.all([initI18n(), persistedCache.restored, outboxRestored]);
  presentOutboxNotices(i18n);

  // Master data: product §3 loads it at start; a failure is logged (§8) and the defaults stand in.
  const hadMaster = queryClient.getQueryData(masterQueryOptions().queryKey) !== undefined;
  const master = queryClient.fetchQuery(masterQueryOptions()).catch((error) => console.error('[master]', error));
  // General settings: a failure is logged only, the settings stay as they were (§8).
  queryClient.fetchQuery(settingsQueryOptions()).catch((error) => console.warn('[settings]', error));
  const messages = Promise.all([
    loadMessages(queryClient, i18n.language),
    i18n.language === DEFAULT_LOCALE ? undefined : loadMessages(queryClient, DEFAULT_LOCALE),
  ]);
  // The router starts its first navigation now: the screen's code and its data load alongside the
  // messages. In a task of its own: creating it and matching the first screen is ~25 ms at full speed.
  await yieldToMain();
  // Before the router reads the entry: its saved scroll is its own (lib/history-entry-key.ts).
  keyPageLoadHistoryEntry();
  const router = createRouter(queryClient);
  const routerReady = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  // A first visit also waits (briefly, online only) for master data: its theme, logo and currency
  // arriving after the first render would re-render every screen at once.
  const budget = firstLoadBudget();
  // The first render has the screen (its loader waited briefly for its data: app/first-load.ts).
  await Promise.all([messages, hadMaster ? undefined : budget.within(master), routerReady]);
  budget.done();
  markFirstNavigationDone();

  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient} persistedCache={persistedCache} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // A transition: React renders the screen in slices and lets the browser breathe in between,
  // so no single long task blocks the page. The router is already initialized (routerReady),
  // so no router update can slip in between this render and its commit.
  const container = document.getElementById('root')!;
  // From here React answers taps itself; those made before, on the drawn screen, come again once it is live.
  const earlyTaps = takeEarlyTaps();
  // The page may stand scrolled already (the shopper scrolled the drawn screen, or the browser put a
  // reloaded page back where it was): the app keeps that place at its first commit (lib/takeover-scroll.ts).
  followScrollUntilTakeover();
  if (container.firstElementChild && drawnForThisVisit(i18n.language, hadMaster)) {
    afterFirstScreenShown(() => replayTaps(earlyTaps));
    // The server drew this screen (docs/decisions/028-first-screen-html.md): React takes over
    // its elements instead of building them again. Should anything differ after all, React
    // draws the screen anew (a recoverable error, reported as a warning).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error, info) => console.warn('[first-screen] drawn anew:', error, info.componentStack),
      });
    });
  } else {
    // No drawn screen, or one drawn for somebody else (signed in, English, a returning visit):
    // React replaces it at its first commit (and the taps held on it go with it).
    const root = createRoot(container);
    startTransition(() => root.render(app));
    afterFirstScreenShown(() => document.getElementById(DRAWN_FOR_ANOTHER_ID)?.remove());
  }
}

/**
 * The server draws first screens for an anonymous Romanian visitor with nothing stored (ADR
 * 028). This visit sees the same screen when it is one: else its first render would differ.
 */
function drawnForThisVisit(language: string, hadPersistedData: boolean): boolean {
  return language === DEFAULT_LOCALE && !hadPersistedData && !sessionStore.get().token;
}

void start();
