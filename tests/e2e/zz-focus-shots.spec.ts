import { expect, test } from '@playwright/test';
for (const width of [1280]) {
  test(`focus shots ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    await page.screenshot({ path: `.tmp/focus-header-${width}.png`, clip: { x: 0, y: 0, width, height: 200 } });
    await page.getByTestId(width > 600 ? 'login-button' : 'login-button-icon').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('login-password').focus();
    await page.screenshot({ path: `.tmp/focus-login-${width}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/filtered-products');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    const box = page.getByRole('checkbox').first();
    await box.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await page.screenshot({ path: `.tmp/focus-filter-${width}.png` });
  });
}
