/**
 * Keyboard-only journeys (issue 37 §3) at 1280 px: sign in, search with the suggestions, filter,
 * add to cart, change a quantity in the cart drawer, place the order — Tab, arrows, Enter, Space
 * and Escape only (the mouse is refused), a visible focus at every stop, the focus moved into
 * every dialog and given back when it closes, and the results announced in live regions (notices
 * and the cart count). Then the order's after-sale journeys the same way: withdrawing from a
 * delivered order in two steps, reviewing its shop, and reporting a listing. Helpers:
 * tests/e2e/keyboard.ts.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { createVerifiedUser, signIn } from './users.ts';
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

/** A shopper, signed in on `page`, with an order of two units of one product, delivered (the development operator). */
async function deliveredOrder(request: APIRequestContext, page: Page, skip: number) {
  const session = await createVerifiedUser(request, 'Tudor Tastatură');
  const auth = { Authorization: `Bearer ${session.token}` };
  const list = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=60')).json();
  const product = (list.data.data as { id: number; name: string; quantity: number }[]).filter((p) => p.quantity >= 3)[skip]!;
  const added = await request.post('/api/cart/store', { data: { product_id: product.id, quantity: 2 }, headers: auth });
  expect(added.ok(), await added.text()).toBe(true);
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
    headers: auth,
  });
  expect(address.ok(), await address.text()).toBe(true);
  const placed = await request.post('/api/place-order', {
    data: { selected_products: [product.id], address_id: (await address.json()).data.address.id, payment_method: 'cash' },
    headers: { ...auth, 'Idempotency-Key': randomUUID() },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = (await placed.json()).data.orders[0].id as number;
  const delivered = await request.post(`/api/dev/operator/orders/${orderId}/status`, { data: { status: 'delivered' } });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  await signIn(page, session);
  return { orderId, product };
}

test('a shopper withdraws from a delivered order with the keyboard alone, in two steps', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { orderId, product } = await deliveredOrder(request, page, 16);
  const mouseUnused = await forbidMouse(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/order-history/${orderId}`);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  const section = page.getByTestId('withdrawal-section');

  // Step 1 takes the focus from the button that opened it (which is gone).
  await tabAndPress(page, section.getByRole('button', { name: ro['withdrawal.start'] }), 'Enter', { maxStops: 150 });
  const step1 = section.getByTestId('withdrawal-step-1');
  await expectFocusWithin(step1);
  await expectVisibleFocus(page);
  const item = step1.getByRole('checkbox', { name: product.name });
  await tabAndPress(page, item, 'Space', { maxStops: 10 });
  await expect(item).toBeChecked();
  await tabTo(page, step1.getByRole('textbox', { name: ro['withdrawal.quantity'].replace('{{name}}', product.name) }), { maxStops: 5 });
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('1');
  await tabTo(page, step1.getByRole('textbox', { name: ro['withdrawal.reason'] }), { maxStops: 5 });
  await page.keyboard.type('Mărimea nu mi se potrivește');
  await tabAndPress(page, step1.getByRole('button', { name: ro['withdrawal.continue'] }), 'Enter', { maxStops: 5 });

  // Step 2 takes it in turn; nothing is sent before the confirmation.
  const step2 = section.getByTestId('withdrawal-step-2');
  await expectFocusWithin(step2);
  await expect(step2.getByTestId('withdrawal-summary')).toHaveText(`${product.name} × 1`);
  await tabAndPress(page, step2.getByRole('button', { name: ro['withdrawal.confirm'] }), 'Enter', { maxStops: 10 });

  // The acknowledgement is announced; the focus is on the section's heading above it, not lost.
  await expect(section.getByTestId('withdrawal-ack')).toBeVisible();
  await expectAnnounced(page, /Am primit cererea ta de retragere la \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expectFocusOn(section.getByRole('heading', { name: ro['withdrawal.section.title'] }));
  await expectVisibleFocus(page);
  await mouseUnused();
});

test('a shopper rates the shop of a delivered order with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { orderId } = await deliveredOrder(request, page, 8);
  const mouseUnused = await forbidMouse(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/order-history/${orderId}`);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
  const form = page.getByTestId('review-form');

  // The stars are a radio group: Tab reaches its checked radio ("0 stele", nothing chosen yet),
  // and each arrow chooses the next star, as in any radio group.
  await tabTo(page, form.getByTestId('review-rating'), { maxStops: 150 });
  for (let star = 0; star < 4; star += 1) await page.keyboard.press('ArrowRight');
  await expectVisibleFocus(page);
  await expect(form.getByRole('radio', { name: '4 stele' })).toBeChecked();
  await tabTo(page, form.getByRole('textbox', { name: ro['voice.review_text'] }), { maxStops: 5 });
  const text = `Totul a fost ca în descriere; scris doar cu tastatura. ${Date.now()}`;
  await page.keyboard.type(text);
  await tabAndPress(page, form.getByRole('button', { name: ro['voice.review_submit'] }), 'Enter', { maxStops: 5 });

  // The review takes the form's place, and the focus with it (the button that had it is gone).
  const shown = page.getByTestId('order-review');
  await expect(shown).toContainText(text);
  await expectFocusOn(shown.getByRole('heading', { name: ro['voice.review_yours'] }));
  await expectVisibleFocus(page);
  await expect(page.getByTestId('review-published')).toBeVisible({ timeout: 30_000 });
  await mouseUnused();
});

test('anyone reports a listing with the keyboard alone; the dialog takes the focus and gives it back', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A listing on sale: one bought out by another journey shows "no longer available" instead.
  const list = await (await request.get('/api/products/filter?sort=newest&in_stock=1')).json();
  const product = list.data.data.find((p: { quantity: number }) => p.quantity > 0) as { id: number };
  const mouseUnused = await forbidMouse(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/products/${product.id}/details`);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'live');

  const opener = page.getByTestId('report-product');
  await tabAndPress(page, opener, 'Enter', { maxStops: 120 });
  const dialog = page.getByRole('dialog', { name: ro['voice.report_title'] });
  await expect(dialog).toBeVisible();
  await expectFocusWithin(dialog);
  // The reason: a select opened with the down arrow, an option taken with Enter.
  // Mantine's Select: a read-only input with the combobox role, named by its label.
  const reason = dialog.getByTestId('report-reason');
  await tabTo(page, reason, { maxStops: 10 });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(reason).not.toHaveValue('');
  await tabTo(page, dialog.getByRole('textbox', { name: ro['voice.report_explanation'] }), { maxStops: 5 });
  await page.keyboard.type('Produsul pare o copie a unui model de firmă, vândută ca originală.');
  await tabTo(page, dialog.getByRole('textbox', { name: ro['voice.report_name'] }), { maxStops: 5 });
  await page.keyboard.type('Elena Dinu');
  await tabTo(page, dialog.getByRole('textbox', { name: ro['voice.report_email'] }), { maxStops: 5 });
  await page.keyboard.type('elena.dinu@example.ro');
  const goodFaith = dialog.getByRole('checkbox', { name: ro['voice.report_good_faith'] });
  await tabAndPress(page, goodFaith, 'Space', { maxStops: 5 });
  await expect(goodFaith).toBeChecked();
  await tabAndPress(page, dialog.getByRole('button', { name: ro['voice.report_send'] }), 'Enter', { maxStops: 5 });

  // The reference is announced; the focus stays in the dialog, on its close button; Enter closes
  // it and the focus is back on "Raportează".
  // The dialog is now titled by its answer.
  await expectAnnounced(page, /R-[0-9A-HJKMNP-TV-Z]{8}/);
  const answered = page.getByRole('dialog', { name: ro['voice.report_done_title'] });
  // Its own "Închide" button (the corner's × has the same name but no text).
  const close = answered.locator('button', { hasText: ro['voice.report_close'] });
  await expectFocusOn(close);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(answered).toBeHidden();
  await expectFocusOn(opener);
  await expectVisibleFocus(page);
  await mouseUnused();
});
