/**
 * The whole app runs under its own Content-Security-Policy (issue 14, ADR 018): the main routes,
 * signed out and signed in, without a single `securitypolicyviolation`, and the headers are there.
 */
import { expect, test } from '@playwright/test';
import { watchCspViolations } from './csp.ts';
import { createVerifiedUser, signIn } from './users.ts';

test('the main routes signed out raise no CSP violation', async ({ page, request }) => {
  const csp = await watchCspViolations(page);
  const product = (await (await request.get('/api/products/filter?sort=most_sold&page=1')).json()).data.data[0];
  const category = (await (await request.get('/api/categories')).json()).data.categories[0];

  const first = await page.goto('/');
  const headers = first!.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self'[^;]* 'sha256-/);
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page.locator('header')).toBeVisible();

  for (const url of [
    '/categories',
    `/categories/${category.slug}`,
    '/filtered-products',
    '/products?search=geaca',
    `/products/${product.id}/details`,
    '/most-popular',
    '/best-deal',
    '/support',
    '/contact-us',
    '/about-us',
    '/nu-exista-pagina',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  // The service worker was registered and runs under the policy too.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  csp.expectNoCspViolations();
});

test('the signed-in routes raise no CSP violation', async ({ page, request }) => {
  const csp = await watchCspViolations(page);
  await signIn(page, await createVerifiedUser(request));
  for (const url of ['/dashboard', '/profile', '/order-history', '/wishlist', '/support-tickets', '/checkout']) {
    await page.goto(url);
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  csp.expectNoCspViolations();
});
