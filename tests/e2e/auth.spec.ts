/**
 * Accounts (issue #4) in a real Chromium against the real server: the development outbox
 * (GET /api/dev/outbox) stands in for the SMS gateway, so the codes are the real ones.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { latestCode, uniquePhone } from './users.ts';

const PASSWORD = 'parola-sigura-2026';

/** Types the code digit by digit from the first box (focus moves on by itself) and confirms. */
async function typeCodeAndConfirm(page: Page, dialog: Locator, code: string) {
  await dialog.getByLabel(ro['auth.otp_digit'].replace('{{n}}', '1')).click();
  await page.keyboard.type(code);
  await dialog.getByTestId('otp-confirm').click();
}

async function openLogin(page: Page) {
  await page.getByTestId('login-button').click();
  await expect(page.getByRole('dialog', { name: ro['auth.login_title'] })).toBeVisible();
}

async function register(page: Page, request: APIRequestContext, phone: string) {
  await page.goto('/');
  await openLogin(page);
  await page.getByRole('button', { name: ro['auth.sign_up_now'] }).click();
  const dialog = page.getByRole('dialog', { name: ro['auth.register_title'] });
  await dialog.getByTestId('register-name').fill('Ioana Test');
  await dialog.getByTestId('phone-field').fill(phone);
  await dialog.getByTestId('register-password').fill(PASSWORD);
  await dialog.getByTestId('register-submit').click();
  const otp = page.getByRole('dialog', { name: ro['auth.enter_otp'] });
  await expect(otp).toBeVisible();
  await expect(page.getByText(ro['auth.verify_phone_to_finish'])).toBeVisible();
  await expect(otp.getByTestId('otp-countdown')).toContainText(/00:(60|59|5\d)/);
  return { otp, code: await latestCode(request, phone) };
}

test('register → code from the outbox → verify → home, signed in; logout asks first', async ({ page, request }) => {
  const phone = uniquePhone();
  const { otp, code } = await register(page, request, phone);
  // Type digit by digit: focus moves to the next box on its own.
  await typeCodeAndConfirm(page, otp, code);
  await expect(otp).toBeHidden();
  await expect(page.getByText(ro['auth.phone_verified'])).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: ro['auth.user_menu'] })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: ro['account.dashboard'] })).toBeVisible();

  await page.getByRole('button', { name: ro['auth.user_menu'] }).click();
  await page.getByRole('menuitem', { name: ro['auth.logout'] }).click();
  const confirm = page.getByRole('dialog', { name: ro['auth.logout'] });
  await expect(confirm).toContainText(ro['logout_confirmation']);
  await confirm.getByRole('button', { name: ro['common.yes'] }).click();
  await expect(page.getByText(ro['auth.logout_success'])).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-button')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token)).toBeFalsy();
});

test('OTP boxes: Backspace on an empty box moves back, pasting the code fills every box', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const phone = uniquePhone();
  const { otp, code } = await register(page, request, phone);
  const box = (n: number) => otp.getByLabel(ro['auth.otp_digit'].replace('{{n}}', String(n)));
  await box(1).click();
  await page.keyboard.type('12');
  await expect(box(3)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(box(2)).toBeFocused();
  // Paste the whole code into the first box.
  await box(1).focus();
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.keyboard.press('ControlOrMeta+V');
  for (let i = 0; i < code.length; i++) await expect(box(i + 1)).toHaveValue(code[i]!);
  await otp.getByTestId('otp-confirm').click();
  await expect(otp).toBeHidden();
  await expect(page.getByRole('button', { name: ro['auth.user_menu'] })).toBeVisible();
});

test('login with an unverified phone opens the Enter OTP dialog, not an error', async ({ page, request }) => {
  const phone = uniquePhone();
  const { otp } = await register(page, request, phone);
  await otp.getByRole('button', { name: ro['common.close'] }).click();
  await expect(otp).toBeHidden();
  await page.reload();

  await openLogin(page);
  const login = page.getByRole('dialog', { name: ro['auth.login_title'] });
  await login.getByTestId('phone-field').fill(phone);
  await login.getByTestId('login-password').fill(PASSWORD);
  await login.getByTestId('login-submit').click();
  const again = page.getByRole('dialog', { name: ro['auth.enter_otp'] });
  await expect(again).toBeVisible();
  await expect(login).toBeHidden();
  await expect(again.getByTestId('otp-countdown')).toBeVisible();
  const code = await latestCode(request, phone);
  await typeCodeAndConfirm(page, again, code);
  await expect(page.getByRole('button', { name: ro['auth.user_menu'] })).toBeVisible();
});

test('wrong password shows the server message under the field; forgot password in three steps', async ({ page, request }) => {
  const phone = uniquePhone();
  const { otp, code } = await register(page, request, phone);
  await typeCodeAndConfirm(page, otp, code);
  await expect(page.getByRole('button', { name: ro['auth.user_menu'] })).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('auth'));
  await page.reload();

  await openLogin(page);
  const login = page.getByRole('dialog', { name: ro['auth.login_title'] });
  await login.getByTestId('phone-field').fill(`${phone}abc`); // letters never reach the field
  await expect(login.getByTestId('phone-field')).toHaveValue(phone);
  await login.getByTestId('login-password').fill('nu-e-parola-buna');
  await login.getByTestId('login-submit').click();
  await expect(login.getByText(ro['auth.invalid_credentials']).first()).toBeVisible();

  await login.getByRole('button', { name: ro['auth.forgot_password'] }).click();
  const forgot = page.getByRole('dialog', { name: ro['auth.forgot_title'] });
  await forgot.getByTestId('send-otp').click();
  await expect(forgot).toContainText(ro['validation.phone_required']);
  await forgot.getByTestId('phone-field').fill(phone);
  await forgot.getByTestId('send-otp').click();
  const otpStep = page.getByRole('dialog', { name: ro['auth.enter_otp'] });
  await expect(otpStep).toBeVisible();
  const resetCode = await latestCode(request, phone);
  await typeCodeAndConfirm(page, otpStep, resetCode);

  const reset = page.getByRole('dialog', { name: ro['auth.reset_title'] });
  const newPassword = 'alta-parola-buna-42';
  await reset.getByTestId('reset-password').fill(newPassword);
  await reset.getByTestId('reset-confirmation').fill('alta');
  await reset.getByTestId('reset-submit').click();
  await expect(reset).toContainText(ro['validation.password_mismatch']);
  await reset.getByTestId('reset-confirmation').fill(newPassword);
  await reset.getByTestId('reset-submit').click();

  const loginAgain = page.getByRole('dialog', { name: ro['auth.login_title'] });
  await expect(loginAgain).toBeVisible();
  await loginAgain.getByTestId('phone-field').fill(phone);
  await loginAgain.getByTestId('login-password').fill(newPassword);
  await loginAgain.getByTestId('login-submit').click();
  await expect(page.getByText(ro['auth.login_successful'])).toBeVisible();
  // The notice starts below the sticky header: it never hides the header (issue 15).
  const header = (await page.locator('header').first().boundingBox())!;
  const notice = (await page.getByText(ro['auth.login_successful']).boundingBox())!;
  expect(notice.y).toBeGreaterThanOrEqual(header.y + header.height);
  await expect(page.getByRole('button', { name: ro['auth.user_menu'] })).toBeVisible();
});

test('a 401 in the middle of a session returns the app to signed out', async ({ page, request }) => {
  const phone = uniquePhone();
  const { otp, code } = await register(page, request, phone);
  await typeCodeAndConfirm(page, otp, code);
  await expect(page.getByRole('button', { name: ro['auth.user_menu'] })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-counts')).toBeVisible();

  // The token is revoked elsewhere (e.g. logout on another device).
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth')!).token as string);
  expect((await request.get('/api/logout', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);

  await page.goto('/profile');
  await page.goto('/dashboard'); // a fresh authenticated call answers 401
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-button')).toBeVisible();
});
