/**
 * Start-up order matters for offline use: restore the persisted cache from IndexedDB first,
 * then load the interface messages (from that cache when offline), then render.
 * First-load speed (docs/decisions/042-first-load-today.md): the router is created as soon as the
 * cache is back, so the screen's code and data load while the messages do (on this first
 * navigation only, screens wait briefly for their data: app/first-load.ts); the first render
 * waits for that navigation, so it has the screen, and runs as a transition (in slices, no long
 * task); the service worker is registered by AppProvider once the page is idle (app/PwaHost.tsx).
 * This entry imports only what the cache restore, i18n and the outbox need; the routes and the
 * providers, then React's DOM renderer, follow with `import()` (loadAppCode), in tasks of their
 * own, their files fetched with the page (ADR 042).
 */
import './styles/mantine.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { bindOnlineManager, createQueryClient } from './lib/query-client.ts';
import { connectivity } from './lib/connectivity.ts';
import { outbox } from './lib/outbox/index.ts';
import { persistQueryCache } from './lib/query-persister.ts';
import { initI18n } from './lib/i18n.ts';
import { DEFAULT_LOCALE } from '#contract/constants.ts';
import { loadMessages } from './features/i18n/lib/load-messages.ts';
import { masterQueryOptions } from './lib/storefront/get-master.ts';
import { settingsQueryOptions } from './lib/storefront/get-settings.ts';
import { presentOutboxNotices, wireOutbox } from './app/outbox-wiring.ts';
import { applyNotificationDefaults } from './app/notification-defaults.ts';
import { firstLoadBudget, markFirstNavigationDone } from './app/first-load.ts';
import { sessionStore } from './features/auth/lib/session-store.ts';
import { DRAWN_FOR_ANOTHER_ID, replayTaps, takeEarlyTaps } from './lib/early-taps.ts';
import { afterFirstScreenShown } from './lib/when-idle.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
import { followScrollUntilTakeover } from './lib/takeover-scroll.ts';
import { keyPageLoadHistoryEntry } from './lib/history-entry-key.ts';

/**
 * The app's routes and providers, then React's DOM renderer, each evaluated in a task of its own
 * (issue 15, TBT). A module graph is evaluated in one go: imported statically, they made one task
 * of 130–225 ms at 4× CPU with the entry. So the entry imports only what the cache restore, i18n
 * and the outbox need, and these follow with `import()`. The routes and the providers are one
 * chunk (vite.config.ts, START_UP), evaluated as it arrives; React's DOM renderer is in the
 * entry's `react` chunk but its module body runs only when first required, here after a yield.
 * Their files are fetched with the page all the same: the built index.html preloads the chunks
 * beside the entry's own (build/first-screen-preload.ts), so no request waits for another.
 */
function loadAppCode() {
  const routes = import('./app/router.tsx');
  const provider = import('./app/provider.tsx');
  const dom = Promise.all([routes, provider])
    .then(yieldToMain)
    .then(() => import('react-dom/client'));
  // A failure surfaces where start() awaits it (the routes first); the others are then not awaited.
  provider.catch(() => {});
  dom.catch(() => {});
  return { routes, provider, dom };
}

async function start() {
  // Its own task, not the tail of evaluating the entry's modules (one long task on a slow phone).
  await yieldToMain();
  const appCode = loadAppCode();
  // Before any notice can be shown (the providers' code, which did this, now comes later).
  applyNotificationDefaults();
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
  // i18next's set-up in a task of its own too (a few ms at full speed, four times that on a slow phone).
  const [i18n] = await Promise.all([yieldToMain().then(() => initI18n()), persistedCache.restored, outboxRestored]);
  presentOutboxNotices(i18n);

  // Master data: product §3 loads it at start; a failure is logged (§8) and the defaults stand in.
  const hadMaster = queryClient.getQueryData(masterQueryOptions().queryKey) !== undefined;
  const master = queryClient.fetchQuery(masterQueryOptions()).catch((error) => console.error('[master]', error));
  // General settings: a failure is logged only, the settings stay as they were (§8).
  queryClient.fetchQuery(settingsQueryOptions()).catch((error) => console.warn('[settings]', error));
  // Each query started costs its answer's lookup and the cache's persisting: the messages' in a task of their own.
  await yieldToMain();
  const messages = Promise.all([
    loadMessages(queryClient, i18n.language),
    i18n.language === DEFAULT_LOCALE ? undefined : loadMessages(queryClient, DEFAULT_LOCALE),
  ]);
  // The router starts its first navigation now: the screen's code and its data load alongside the
  // messages. Created in a task of its own, its first navigation in the next: together they were
  // 10–30 ms at full speed.
  const { createRouter, RouterProvider } = await appCode.routes;
  await yieldToMain();
  // Before the router reads the entry: its saved scroll is its own (lib/history-entry-key.ts). A
  // history write is a few ms of its own: not in the router's task.
  keyPageLoadHistoryEntry();
  await yieldToMain();
  const router = createRouter(queryClient);
  // Its first navigation (matching the screen, its loaders) in the next task (app/router.tsx).
  await yieldToMain();
  router.initialize();
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
  const [{ AppProvider }, { createRoot, hydrateRoot }] = await Promise.all([
    appCode.provider,
    appCode.dom,
    messages,
    hadMaster ? undefined : budget.within(master),
    routerReady,
  ]);
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
  // A drawn screen the start-up script hid (src/boot/first-screen.ts) shows again once the app's
  // is live: in place of it, or (its mark named a cache the restore then threw away) hydrated.
  afterFirstScreenShown(() => document.getElementById(DRAWN_FOR_ANOTHER_ID)?.remove());
  if (container.firstElementChild && drawnForThisVisit(i18n.language, hadMaster)) {
    afterFirstScreenShown(() => replayTaps(earlyTaps));
    // The server drew this screen (docs/decisions/044-first-screen-html-today.md): React takes over
    // its elements instead of building them again. Should anything differ after all, React
    // draws the screen anew (a recoverable error, reported as a warning).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error, info) => console.warn('[first-screen] drawn anew:', error, info.componentStack),
      });
    });
  } else {
    // No drawn screen, or one drawn for somebody else (signed in, English, back with the app's
    // cache): React replaces it at its first commit. The start-up script kept such a screen
    // hidden, so no tap was made on it. Hidden rather than its taps replayed on the new screen:
    // that one is drawn from the shopper's own cache and may differ (other products, another
    // order, her cart), so a held button has no sure equivalent; a tap on the wrong product's
    // heart is worse than no early paint (lib/persisted-cache-mark.ts).
    const root = createRoot(container);
    startTransition(() => root.render(app));
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
