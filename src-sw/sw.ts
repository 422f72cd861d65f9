/// <reference lib="webworker" />
/**
 * Talcioc's service worker (issue #2, docs/decisions/003-offline-data.md):
 * - precaches the app shell (the build's manifest is injected by vite-plugin-pwa);
 * - navigations fall back to the cached index.html for client routes (never for /api);
 * - stale-while-revalidate for shared master data: master, settings, translations,
 *   countries, categories, banners, subpages;
 * - cache-first, bounded by count, age and bytes (60 MB, least recently used), for images;
 * - nothing sent with an Authorization header is ever put into Cache Storage.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core';
import { drainOutbox } from '#src/lib/outbox/outbox-sender.ts';
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG } from '#src/lib/outbox/outbox-types.ts';
import { byteBudgetPlugin } from './image-budget.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Refuses to store anything that was requested with a user's credentials. */
const noPrivateResponses: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => (request.headers.has('Authorization') ? null : response),
};

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/media\//, /^\/sw\.js$/],
  }),
);

const MASTER_DATA = /^\/api\/(master|settings|translations\/[a-z]{2}|lang\/[a-z]{2}|countries|categories|banners|subpages)$/;
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && MASTER_DATA.test(url.pathname) && !request.headers.has('Authorization'),
  new StaleWhileRevalidate({
    cacheName: 'master-data',
    plugins: [
      noPrivateResponses,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

/**
 * Images (issue 15, ADR 043): cache-first — pipeline variants are immutable, so a photo seen
 * online shows again offline — bounded by count and age (workbox-expiration) and by bytes,
 * least recently used first (byteBudgetPlugin: workbox-expiration has no byte bound).
 */
const IMAGE_CACHE_MAX_BYTES = 60 * 1024 * 1024;
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && (request.destination === 'image' || url.pathname.startsWith('/media/')),
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      noPrivateResponses,
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
      byteBudgetPlugin('images', IMAGE_CACHE_MAX_BYTES),
    ],
  }),
);

// --- Web Push (issue #6, docs/decisions/009-web-push.md) --------------------------------------
interface PushPayload {
  title: string;
  body: string;
  url: string;
  icon: string;
  badge: string;
  tag: string;
  notification_id: number | null;
}

/** Only in-app paths are opened (a payload never sends the shopper to another site). */
const inAppUrl = (url: unknown) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications');

self.addEventListener('push', (event) => {
  let payload: Partial<PushPayload> = {};
  try {
    payload = event.data?.json() ?? {};
  } catch {
    payload = { body: event.data?.text() };
  }
  const show = self.registration.showNotification(payload.title || 'Talcioc', {
    body: payload.body ?? '',
    icon: payload.icon || '/icons/icon-192.png',
    badge: payload.badge || '/icons/icon-192.png',
    tag: payload.tag,
    data: { url: inAppUrl(payload.url) },
  });
  // Open windows refresh their bell at once.
  const tell = self.clients
    .matchAll({ type: 'window' })
    .then((clients) => clients.forEach((c) => c.postMessage({ type: 'push-received' })));
  event.waitUntil(Promise.all([show, tell]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(inAppUrl(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      // Focus a window of the app already open (and take it to the target), else open one.
      const open = clients.find((c) => new URL(c.url).origin === self.location.origin) as WindowClient | undefined;
      if (open) {
        await open.focus();
        return open.navigate(url).then(
          () => undefined,
          () => undefined,
        );
      }
      await self.clients.openWindow(url);
    }),
  );
});

// --- Queued cart and favourite changes (docs/offline.md) --------------------------------------
// Background Sync (Chromium): when the connection returns, the browser wakes this worker even
// with every tab closed, and it sends the outbox — the same entries, the same idempotency keys,
// under the same Web Lock as the tabs, so nothing is sent twice. Open tabs hear what was answered.
// Rejecting the sync's promise asks the browser to try again later (it backs off by itself).
self.addEventListener('sync', (event) => {
  const syncEvent = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  syncEvent.waitUntil(
    drainOutbox({ origin: self.location.origin, keepAnswered: true, broadcast: (message) => channel.postMessage(message) })
      .then((outcome) => {
        if (outcome.kind !== 'drained') throw new Error(`outbox: ${outcome.kind}`);
      })
      .finally(() => channel.close()),
  );
});
