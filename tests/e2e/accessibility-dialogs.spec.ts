/**
 * Every dialog and drawer passes axe-core (issue 37 §3: WCAG 2.0/2.1 A and AA, plus 2.5.8 target
 * size) at 375 and 1280 px: login, registration, the code dialog, forgot password, the cart
 * drawer, the vouchers list, the filters modal (phones), the address form and a confirmation.
 * Only the dialog is analysed (`include`): the page under it has its own test
 * (accessibility.spec.ts). The push pre-prompt is audited in push-consent.spec.ts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { axeViolations } from './a11y.ts';
import { createVerifiedUser, signIn, uniquePhone } from './users.ts';

async function audit(page: Page, dialog: Locator, name: string, report: Record<string, string[]>) {
  await expect(dialog).toBeVisible();
  // The opening transition is over: axe reads final colours.
  await expect.poll(() => dialog.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
  report[name] = await axeViolations(page, '[role="dialog"]');
}

for (const width of [375, 1280]) {
  test(`axe: every dialog and drawer at ${width} px`, async ({ page, request }) => {
    test.setTimeout(6 * 60_000);
    await page.setViewportSize({ width, height: 900 });
    const report: Record<string, string[]> = {};

    // Signed out: the sign-in dialogs.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'live');
    await page.getByTestId(width < 576 ? 'login-button-icon' : 'login-button').click();
    const login = page.getByRole('dialog', { name: ro['auth.login_title'] });
    await audit(page, login, 'login', report);
    await login.getByRole('button', { name: ro['auth.forgot_password'] }).click();
    await audit(page, page.getByRole('dialog', { name: ro['auth.forgot_title'] }), 'forgot password', report);
    await page.keyboard.press('Escape');
    await page.getByTestId(width < 576 ? 'login-button-icon' : 'login-button').click();
    await page.getByRole('button', { name: ro['auth.sign_up_now'] }).click();
    const register = page.getByRole('dialog', { name: ro['auth.register_title'] });
    await audit(page, register, 'registration', report);
    await register.getByTestId('register-name').fill('Ioana Dialog');
    await register.getByTestId('phone-field').fill(uniquePhone());
    await register.getByTestId('register-password').fill('parola-sigura-2026');
    await register.getByTestId('register-submit').click();
    await audit(page, page.getByRole('dialog', { name: ro['auth.enter_otp'] }), 'code', report);
    await page.keyboard.press('Escape');

    // Signed in with a cart and an address: the drawer, vouchers, address form, confirmation.
    const session = await createVerifiedUser(request, 'Dana Dialog');
    const auth = { Authorization: `Bearer ${session.token}` };
    const list = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=20')).json();
    const product = (list.data.data as { id: number; quantity: number }[]).find((p) => p.quantity >= 3)!;
    expect((await request.post('/api/cart/store', { data: { product_id: product.id, quantity: 1 }, headers: auth })).ok()).toBe(true);
    const address = await request.post('/api/address/store', {
      data: {
        name: 'Dana Dialog',
        phone: '0721000666',
        county: 'Cluj',
        locality: 'Cluj-Napoca',
        street: 'Str. Memorandumului 16',
        postal_code: '400114',
        type: 'home',
        is_default: true,
      },
      headers: auth,
    });
    expect(address.ok()).toBe(true);
    const context = await page.context().newPage();
    await signIn(context, session);
    await context.setViewportSize({ width, height: 900 });
    await context.goto('/');
    await expect(context.locator('html')).toHaveAttribute('data-app', 'live');
    await context
      .getByRole('button', { name: /Deschide coșul/ })
      .first()
      .click();
    const drawer = context.getByTestId('cart-drawer').getByRole('dialog');
    await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
    await audit(context, drawer, 'cart drawer', report);
    await drawer.getByTestId('apply-voucher').first().click();
    await audit(context, context.getByRole('dialog').last(), 'vouchers', report);
    await context.keyboard.press('Escape');
    await context.keyboard.press('Escape');

    await context.goto('/checkout');
    await expect(context.getByTestId('checkout-summary')).toBeVisible();
    await context.getByRole('button', { name: ro['address.add'] }).click();
    await audit(context, context.getByRole('dialog', { name: ro['address.add'] }), 'address form', report);
    await context.keyboard.press('Escape');

    await context.goto('/manage-address');
    await context.getByRole('button', { name: ro['address.delete_named'].replace('{{name}}', 'Dana Dialog') }).click();
    await audit(context, context.getByRole('dialog', { name: ro['address.delete'] }), 'confirmation', report);
    await context.keyboard.press('Escape');

    if (width < 1024) {
      await context.goto('/filtered-products');
      await context.getByTestId('open-filters').click();
      await audit(context, context.getByRole('dialog', { name: ro['filters.title'] }), 'filters modal', report);
    }
    await context.close();

    expect(Object.keys(report).length).toBeGreaterThanOrEqual(width < 1024 ? 9 : 8);
    expect(Object.fromEntries(Object.entries(report).filter(([, v]) => v.length))).toEqual({});
  });
}
