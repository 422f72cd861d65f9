import type { Page } from '@playwright/test';

/**
 * The footer renders when the shopper scrolls near it (app/WhenNearViewport.tsx): tests that read
 * it scroll to the end of the page first, as a shopper would.
 */
export async function scrollToPageEnd(page: Page) {
  await page.getByTestId('site-footer-marker').or(page.getByTestId('site-footer')).first().waitFor({ state: 'attached' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}
