import { expect, type Page } from '@playwright/test';

/**
 * The footer renders when the shopper scrolls near it (app/WhenNearViewport.tsx): tests that read
 * it scroll to the end of the page first, as a shopper would — again if the page grew meanwhile
 * (rows drawn below after the scroll push the footer's marker out of reach; a CI run on a loaded
 * machine met that once, with one scroll), until the footer is there.
 */
export async function scrollToPageEnd(page: Page) {
  await page.getByTestId('site-footer-marker').or(page.getByTestId('site-footer')).first().waitFor({ state: 'attached' });
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.getByTestId('site-footer').count();
      },
      { timeout: 15_000, message: 'the footer renders once the shopper has scrolled to the end' },
    )
    .toBeGreaterThan(0);
}
