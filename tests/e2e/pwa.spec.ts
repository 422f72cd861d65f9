/**
 * Installable and offline-capable from the first commit (issue #2): the manifest passes
 * Chromium's own installability check, and after one online visit the shell reloads offline
 * (service worker + persisted caches) in Romanian with header, categories and footer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath, E2E_BASE_URL } from './chromium.ts';
import { waitForServiceWorkerControl } from './service-worker.ts';
import { waitForPersistedQueries } from './persisted-cache.ts';
import { scrollToPageEnd } from './page-end.ts';

test('Chromium reports no installability errors', async () => {
  // Playwright's usual contexts are incognito, which Chromium never lets install an app
  // ("in-incognito"): a persistent profile is what a shopper's phone has.
  const profile = mkdtempSync(path.join(tmpdir(), 'talcioc-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutablePath,
    args: chromiumArgs,
    baseURL: E2E_BASE_URL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest names the app, its scope and its icons', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'Talcioc', lang: 'ro', display: 'standalone', start_url: expect.any(String), scope: '/' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes}/${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192/any', '512x512/any', '512x512/maskable']),
  );
});

test('offline reload renders the home shell in Romanian', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  // Let this first visit finish: categories and banners shown, caches written.
  await expect(page.getByTestId('category-buttons').getByRole('link').first()).toBeVisible();
  await expect(page.getByTestId('banners')).toBeVisible();
  await waitForPersistedQueries(page, ['categories'], ['banners']);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('header')).toBeVisible();
  await expect(page.getByTestId('category-buttons').getByRole('link').first()).toBeVisible();
  await scrollToPageEnd(page);
  await expect(page.getByTestId('site-footer')).toContainText('Serviciul clienți');
  await expect(page.getByTestId('offline-banner')).toContainText('Ești offline');
  await expect(page).toHaveTitle('Talcioc');

  // A client route never visited before still opens from the cached shell.
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Asistență' })).toBeVisible();
  await context.setOffline(false);
});

test('API responses for signed-in requests never enter Cache Storage', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await page.evaluate(() => fetch('/api/countries', { headers: { Authorization: 'Bearer secret' } }));
  await page.evaluate(() => fetch('/api/master'));
  const cached = await page.evaluate(async () => {
    const cache = await caches.open('master-data');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(cached).toContain('/api/master');
  expect(cached).not.toContain('/api/countries');
});
