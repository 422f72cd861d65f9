/**
 * Keyboard-only journeys (issue 37 §3) at 1280 px: sign in, search with the suggestions, filter,
 * add to cart, change a quantity in the cart drawer, place the order — Tab, arrows, Enter, Space
 * and Escape only (the mouse is refused), a visible focus at every stop, the focus moved into
 * every dialog and given back when it closes, and the results announced in live regions (notices
 * and the cart count). Helpers: tests/e2e/keyboard.ts.
 */
import { expect, test } from '@playwright/test';
import ro from '../../src/locales/ro.json' with { type: 'json' };
import { createVerifiedUser } from './users.ts';
import { expectAnnounced, expectFocusOn, expectFocusWithin, expectVisibleFocus, forbidMouse, tabAndPress, tabTo } from './keyboard.ts';

test('a shopper signs in, searches, filters, fills her cart, changes a quantity and orders with the keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const session = await createVerifiedUser(request, 'Tudor Tastatură');
  const address = await request.post('/api/address/store', {
    data: {
      name: 'Tudor Tastatură',
      phone: '0721000555',
      county: 'Cluj',
      locality: 'Cluj-Napoca',
      street: 'Str. Memorandumului 14',
      postal_code: '400114',
      type: 'home',
      is_default: true,
    },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const mouseUnused = await forbidMouse(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');

  await test.step('sign in: the dialog takes the focus, the notice is announced', async () => {
    const opener = page.getByTestId('login-button');
    await tabAndPress(page, opener);
    const dialog = page.getByRole('dialog', { name: ro['auth.login_title'] });
    await expect(dialog).toBeVisible();
    await expectFocusWithin(dialog);
    await tabTo(page, dialog.getByTestId('phone-field'), { maxStops: 10 });
    await page.keyboard.type(session.phone);
    await tabTo(page, dialog.getByTestId('login-password'), { maxStops: 10 });
    await page.keyboard.type('parola-sigura-2026');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectAnnounced(page, ro['auth.login_successful']);
    // The focus is back on the page, not lost in a closed dialog.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') === null)).toBe(true);
    // The login button is gone: the account menu that took its place has the focus, and shows it.
    await expectFocusOn(page.getByRole('button', { name: ro['auth.user_menu'] }));
    await expectVisibleFocus(page);
  });

  await test.step('search with the suggestions', async () => {
    const box = page.getByTestId('search-desktop').getByRole('combobox');
    // The focus is on the account menu, at the header's end: the search box is a few stops back.
    await tabTo(page, box, { maxStops: 20, backwards: true });
    await page.keyboard.type('gea');
    const list = page.getByTestId('search-desktop').getByRole('listbox', { name: ro['search.suggestions'] });
    await expect(list).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expectAnnounced(page, /\d/);
  });

  await test.step('filter: a checkbox of the side panel, with Space; the new count is announced', async () => {
    await page.goto('/filtered-products');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    const count = page.getByTestId('results-count');
    await expect(count).toContainText(/\d/);
    const before = await count.textContent();
    const firstOption = page.locator('aside').getByRole('checkbox').first();
    await tabAndPress(page, firstOption, 'Space', { maxStops: 120 });
    await expect(firstOption).toBeChecked();
    await expect(page).toHaveURL(/\?.+/);
    await expect(count).not.toHaveText(before!);
    await expectAnnounced(page, /\d/);
  });

  await test.step('add to cart from a product page: notice and cart count announced', async () => {
    const list = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=20')).json();
    const product = (list.data.data as { id: number; quantity: number; sizes?: unknown[] }[]).find((p) => p.quantity >= 3)!;
    await page.goto(`/products/${product.id}/details`);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    await tabAndPress(page, page.getByTestId('add-to-cart'), 'Enter', { maxStops: 120 });
    await expectAnnounced(page, ro['cart.added']);
    await expect(page.getByTestId('cart-count-status')).toHaveText(/1/);
  });

  await test.step('the cart drawer: focus in, + changes the quantity, Escape gives the focus back', async () => {
    // The header's cart button (the floating cart tab at the page's end has the same name).
    const opener = page.getByRole('banner').getByRole('button', { name: /Deschide coșul/ });
    await tabTo(page, opener, { maxStops: 120, backwards: true });
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('cart-drawer').getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expectFocusWithin(drawer);
    const line = drawer.getByTestId('cart-line').first();
    await tabAndPress(page, line.getByRole('button', { name: /Crește cantitatea/ }), 'Enter', { maxStops: 30 });
    await expect(line.getByTestId('line-quantity')).toHaveText('2');
    // The cart count is of products (still 1); the line's new quantity is what is said.
    await expectAnnounced(page, /cantitatea 2/);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expectFocusOn(opener);
    await expectVisibleFocus(page);
  });

  await test.step('check out and place the order', async () => {
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('cart-drawer').getByRole('dialog');
    await expectFocusWithin(drawer);
    await tabAndPress(page, drawer.getByTestId('proceed-checkout'), 'Enter', { maxStops: 40 });
    await expect(page).toHaveURL(/\/checkout/);
    await expect(page.getByTestId('checkout-summary')).toBeVisible();
    // Mantine's Radio.Card is itself the radio (a button with role radio and aria-checked).
    const cash = page.getByTestId('payment-cash');
    await tabTo(page, page.getByTestId('payment-cash'), { maxStops: 120 });
    await page.keyboard.press('Space');
    await expect(cash).toBeChecked();
    await tabAndPress(page, page.getByTestId('place-order'), 'Enter', { maxStops: 60 });
    await expect(page).toHaveURL(/\/payment-success\?order=/);
    await expect(page.getByTestId('payment-success')).toBeVisible();
  });

  await mouseUnused();
});
