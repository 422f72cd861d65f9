import { expect, type Page } from '@playwright/test';

/**
 * Scrolls to the end of the page, where the footer is (in the page from the start, issue 37; drawn
 * by the browser only near the viewport, content-visibility): again if the page grew meanwhile
 * (rows drawn below after the scroll), until the footer is in view.
 */
export async function scrollToPageEnd(page: Page) {
  await page.getByTestId('site-footer').waitFor({ state: 'attached' });
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.getByTestId('site-footer').evaluate((footer) => footer.getBoundingClientRect().top < window.innerHeight);
      },
      { timeout: 15_000, message: 'the footer is in view once the shopper has scrolled to the end' },
    )
    .toBe(true);
}
