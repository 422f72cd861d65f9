/**
 * The header's search box at one width, pressed as a shopper does (issue 13): type, then a real
 * mouse press on the icon — down, check what the press did, up.
 */
import { expect, type Page } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };

export async function typeAndPressSearchIcon(page: Page, variant: 'mobile' | 'desktop', text: string) {
  const form = page.getByTestId(`search-${variant}`);
  const box = form.getByRole('combobox');
  await box.fill(text);
  const icon = form.getByRole('button', { name: ro['header.search'] });
  const before = (await icon.boundingBox())!;
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  // Nothing moved under the pointer, and the field kept the focus (the phone's keyboard stays up).
  const pressed = (await icon.boundingBox())!;
  expect(Math.abs(pressed.y - before.y)).toBeLessThanOrEqual(2);
  await expect(box).toBeFocused();
  await page.mouse.up();
}
