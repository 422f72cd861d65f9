/** The smallest end-to-end check: the built app loads from the real server and the API answers. */
import { expect, test } from '@playwright/test';

test('home page loads with the app name in the title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Talcioc/);
});

test('GET /api/master answers 200 JSON', async ({ request }) => {
  const res = await request.get('/api/master');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  const body = await res.json();
  expect(body.data.data.app_name).toBe('Talcioc');
});
