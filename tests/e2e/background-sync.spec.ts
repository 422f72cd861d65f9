/**
 * Issue #12, "replay without the app open": a favourite toggled offline waits in the outbox; the
 * shopper closes every tab of the app; the connection returns and Chromium's Background Sync wakes
 * the service worker, which sends the change by itself — once, with the change's own idempotency
 * key — before the app is ever opened again.
 *
 * Chromium fires the 'sync' event when it sees connectivity return; an emulated network
 * (context.setOffline) does not reach that logic, so the test fires the event the way DevTools'
 * "Background services" panel does: CDP ServiceWorker.dispatchSyncEvent, on the tag the app
 * registered. The worker that answers it is the real one, with no page of the app open.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createVerifiedUser, signIn } from './users.ts';
import { waitForServiceWorkerControl } from './service-worker.ts';
import { waitForPersistedQueries } from './persisted-cache.ts';

interface ApiProduct {
  id: number;
  name: string;
  quantity: number;
}

const OUTBOX_SYNC_TAG = 'talcioc-outbox';

async function serverFavorites(request: APIRequestContext, token: string) {
  const body = await (await request.get('/api/favorite-products', { headers: { Authorization: `Bearer ${token}` } })).json();
  return body.data.product_ids as number[];
}

test('Background Sync: with every tab of the app closed, the service worker sends the waiting change once', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000); // sign-in, a first visit with the worker, offline and back: ~30-60 s on 2 busy cores
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const session = await createVerifiedUser(request, 'Dana Fundal');
    await signIn(page, session);
    const product = (
      (await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=30')).json()).data.data as ApiProduct[]
    )[5]!;
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await page.goto(`/products/${product.id}/details`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await waitForPersistedQueries(page, [`"detail",${product.id}]`]);

    await context.setOffline(true);
    await page.getByTestId('favorite-button').click();
    await expect(page.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');
    // The change is in the outbox and the app asked for a sync on its tag.
    await expect
      .poll(
        () =>
          page.evaluate(async (tag) => {
            const registration = await navigator.serviceWorker.ready;
            const tags = await (registration as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } }).sync.getTags();
            return tags.includes(tag);
          }, OUTBOX_SYNC_TAG),
        { timeout: 10_000, message: 'a sync was registered for the outbox' },
      )
      .toBe(true);
    expect(await serverFavorites(request, session.token)).toEqual([]);

    // A page of another origin (same browser profile) carries the DevTools session; the app's own
    // tabs are all closed, so only its service worker can send the change.
    const devtools = await context.newPage();
    await devtools.goto('about:blank');
    const cdp = await context.newCDPSession(devtools);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const app = registrations.find((r) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
        if (app) resolve(app.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    await page.close();
    expect(context.pages().filter((p) => p.url().startsWith(baseURL!))).toHaveLength(0);

    await context.setOffline(false);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: new URL(baseURL!).origin,
      registrationId: id,
      tag: OUTBOX_SYNC_TAG,
      lastChance: false,
    });
    await expect
      .poll(() => serverFavorites(request, session.token), { timeout: 20_000, message: 'the service worker sent the favourite' })
      .toEqual([product.id]);

    // The app opened again with no connection shows the favourite as done — the worker's answer
    // is stored by this tab (its cache had only the list from before the tap) — and not waiting.
    await context.setOffline(true);
    const again = await context.newPage();
    await again.goto(`/products/${product.id}/details`);
    await expect(again.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');
    await again.goto('/wishlist');
    await expect(again.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`)).toBeVisible();
    await expect(again.getByTestId('favorite-pending')).toHaveCount(0);
    await context.setOffline(false);
    // Once: nothing is left to send, and the favourite is still one.
    await expect
      .poll(
        () =>
          again.evaluate(
            () =>
              new Promise<number>((resolve, reject) => {
                const open = indexedDB.open('talcioc-outbox');
                open.onerror = () => reject(open.error);
                open.onsuccess = () => {
                  const count = open.result.transaction('changes').objectStore('changes').count();
                  count.onsuccess = () => resolve(count.result);
                };
              }),
          ),
        { timeout: 10_000, message: 'the outbox is empty' },
      )
      .toBe(0);
    expect(await serverFavorites(request, session.token)).toEqual([product.id]);
  } finally {
    await context.close();
  }
});
