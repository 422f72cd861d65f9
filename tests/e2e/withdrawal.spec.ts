/**
 * Issue 36 in Chromium against the real server: the information before the order and the final
 * button "Comandă cu obligație de plată", the confirmation that repeats it, the order page's
 * "Retrage-te din contract aici" in two steps with its acknowledgement, a withdrawal started
 * offline (waiting, never shown done, sent once back online), and the model withdrawal form.
 * Each new screen is photographed at 375 and 1280 px into .tmp/withdrawal/ and checked with axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import ro from '#src/locales/ro.json' with { type: 'json' };
import en from '#src/locales/en.json' with { type: 'json' };
import { createVerifiedUser, signIn } from './users.ts';

interface ApiProduct {
  id: number;
  name: string;
  quantity: number;
}

/** axe's serious and critical findings, on the page or only within `within` (a new part of an existing page). */
async function seriousViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The screen at both widths, then back to the wide one. */
async function photograph(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `.tmp/withdrawal/${name}-${width}.png`, fullPage: true });
  }
}

async function shopper(request: APIRequestContext, page: Page, skip: number) {
  const session = await createVerifiedUser(request, 'Irina Retur');
  const auth = { Authorization: `Bearer ${session.token}` };
  const body = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=60')).json();
  const product = (body.data.data as ApiProduct[]).filter((p) => p.quantity >= 3)[skip]!;
  const added = await request.post('/api/cart/store', { data: { product_id: product.id, quantity: 2 }, headers: auth });
  expect(added.ok(), await added.text()).toBe(true);
  const address = await request.post('/api/address/store', {
    data: {
      name: 'Irina Retur',
      phone: '0721000444',
      county: 'Cluj',
      locality: 'Cluj-Napoca',
      street: 'Str. Horea 5',
      postal_code: '400174',
      type: 'home',
      is_default: true,
    },
    headers: auth,
  });
  expect(address.ok(), await address.text()).toBe(true);
  await signIn(page, session);
  return { session, auth, product, addressId: (await address.json()).data.address.id as number };
}

/** An order placed through the API, delivered by the development operator. */
async function deliveredOrder(request: APIRequestContext, page: Page, skip: number) {
  const s = await shopper(request, page, skip);
  const placed = await request.post('/api/place-order', {
    data: { selected_products: [s.product.id], address_id: s.addressId, payment_method: 'cash' },
    headers: { ...s.auth, 'Idempotency-Key': randomUUID() },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = (await placed.json()).data.orders[0].id as number;
  const delivered = await request.post(`/api/dev/operator/orders/${orderId}/status`, { data: { status: 'delivered' } });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  return { ...s, orderId };
}

const withdrawalsOf = async (request: APIRequestContext, auth: Record<string, string>, orderId: number) =>
  (await (await request.get(`/api/orders/${orderId}`, { headers: auth })).json()).data.order.withdrawals as {
    id: number;
    status: string;
    items: { quantity: number }[];
  }[];

test('checkout states the terms per shop and binds with "Comandă cu obligație de plată"; the confirmation repeats them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { product } = await shopper(request, page, 11);
  await page.goto('/checkout');
  const group = page.getByTestId('checkout-group');
  await expect(group).toHaveCount(1);
  const terms = group.getByTestId('shop-order-terms');
  await expect(terms).toContainText(ro['withdrawal.checkout.total']);
  await expect(terms).toContainText(ro['withdrawal.checkout.payment_terms']);
  await expect(terms).toContainText(ro['withdrawal.checkout.guarantee']);
  await expect(terms.getByTestId('withdrawal-terms')).toContainText(ro['withdrawal.checkout.withdrawal']);
  await expect(terms.getByRole('link', { name: ro['withdrawal.checkout.form_link'] })).toHaveAttribute('href', '/withdrawal-form');
  // The shop's total with VAT and delivery is the server's.
  const summary = await page.getByTestId('checkout-summary').textContent();
  const payable = (await terms.getByTestId('group-payable').textContent())!;
  expect(summary).toContain(payable);
  await expect(page.getByTestId('guarantee-notice')).toContainText(ro['withdrawal.notice.heading']);
  const button = page.getByTestId('place-order');
  await expect(button).toHaveText('Comandă cu obligație de plată');
  await page.getByTestId('payment-cash').click();
  await page.waitForLoadState('networkidle');
  await photograph(page, 'checkout');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Comandă cu obligație de plată' }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  const confirmation = page.getByTestId('confirmation-order');
  await expect(confirmation).toContainText(product.name);
  await expect(confirmation).toContainText(payable);
  await expect(page.getByTestId('confirmation-withdrawal')).toContainText('ai 14 zile de la primirea produselor');
  await page.waitForLoadState('networkidle');
  await photograph(page, 'confirmation');
  expect(await seriousViolations(page)).toEqual([]);
});

test('"Retrage-te din contract aici": two steps, then the acknowledgement with date and time; the states follow', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { auth, orderId, product } = await deliveredOrder(request, page, 12);
  await page.goto(`/order-history/${orderId}`);
  const section = page.getByTestId('withdrawal-section');
  await expect(section.getByTestId('withdrawal-deadline')).toContainText('Te poți retrage până la');
  await section.getByRole('button', { name: 'Retrage-te din contract aici' }).click();

  // Step 1: the item, one of its two units, a reason.
  const step1 = section.getByTestId('withdrawal-step-1');
  await expect(step1).toContainText(ro['withdrawal.step1']);
  await step1.getByRole('button', { name: ro['withdrawal.continue'] }).click();
  await expect(step1.getByRole('alert')).toHaveText(ro['withdrawal.nothing_chosen']);
  await step1.getByRole('checkbox', { name: product.name }).check();
  await step1.getByRole('textbox', { name: ro['withdrawal.quantity'].replace('{{name}}', product.name) }).fill('1');
  await step1.getByRole('textbox', { name: ro['withdrawal.reason'] }).fill('Mărimea nu mi se potrivește');
  await photograph(page, 'withdrawal-step-1');
  // The order page is not new: its new section is checked (its status badge has a contrast finding of its own).
  expect(await seriousViolations(page, '[data-testid="withdrawal-section"]')).toEqual([]);
  await step1.getByRole('button', { name: ro['withdrawal.continue'] }).click();

  // Step 2: the summary to confirm; nothing is sent before.
  const step2 = section.getByTestId('withdrawal-step-2');
  await expect(step2.getByTestId('withdrawal-summary')).toHaveText(`${product.name} × 1`);
  expect(await withdrawalsOf(request, auth, orderId)).toEqual([]);
  await photograph(page, 'withdrawal-step-2');
  await step2.getByRole('button', { name: ro['withdrawal.confirm'] }).click();

  const ack = section.getByTestId('withdrawal-ack');
  await expect(ack).toContainText(/Am primit cererea ta de retragere la \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(section.getByTestId('withdrawal')).toHaveAttribute('data-status', 'requested');
  const [made] = await withdrawalsOf(request, auth, orderId);
  expect(made).toMatchObject({ status: 'requested', items: [{ quantity: 1 }] });
  await photograph(page, 'withdrawal-acknowledged');
  expect(await seriousViolations(page, '[data-testid="withdrawal-section"]')).toEqual([]);

  // The operator's steps reach the page.
  const moved = await request.post(`/api/dev/operator/withdrawals/${made!.id}/status`, {
    data: { status: 'return_in_transit', awb: 'FAN 2300998877' },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.reload();
  await expect(section.getByTestId('withdrawal')).toHaveAttribute('data-status', 'return_in_transit');
  await expect(section.getByTestId('withdrawal')).toContainText('AWB retur: FAN 2300998877');
  // The notification with its date and time.
  await page.goto('/notifications');
  await expect(page.getByText(/Coletul returnat din comanda .* e pe drum către vânzător \(AWB FAN 2300998877\)/)).toBeVisible();
});

test('a withdrawal confirmed offline waits to be sent, never shown done, and is sent once back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { auth, orderId, product } = await deliveredOrder(request, page, 13);
  await page.goto(`/order-history/${orderId}`);
  const section = page.getByTestId('withdrawal-section');
  await expect(section.getByTestId('withdrawal-deadline')).toBeVisible();

  await context.setOffline(true);
  await section.getByRole('button', { name: 'Retrage-te din contract aici' }).click();
  await section.getByRole('checkbox', { name: product.name }).check();
  await section.getByRole('button', { name: ro['withdrawal.continue'] }).click();
  await section.getByRole('button', { name: ro['withdrawal.confirm'] }).click();
  const waiting = section.getByTestId('withdrawal-waiting');
  await expect(waiting).toContainText(ro['withdrawal.waiting']);
  await expect(waiting).toContainText(`${product.name} × 2`);
  await expect(section.getByTestId('withdrawal-ack')).toHaveCount(0);
  await expect(section.getByTestId('withdrawal')).toHaveCount(0);
  // The units waiting are not offered again.
  await expect(section.getByRole('button', { name: 'Retrage-te din contract aici' })).toHaveCount(0);
  await photograph(page, 'withdrawal-waiting');
  expect(await withdrawalsOf(request, auth, orderId)).toEqual([]);

  await context.setOffline(false);
  await expect(section.getByTestId('withdrawal-ack')).toBeVisible({ timeout: 20_000 });
  await expect(waiting).toHaveCount(0);
  await expect(section.getByTestId('withdrawal')).toHaveAttribute('data-status', 'requested');
  const made = await withdrawalsOf(request, auth, orderId);
  expect(made).toHaveLength(1);
  expect(made[0]!.items).toEqual([expect.objectContaining({ quantity: 2 })]);
});

test('the model withdrawal form, in Romanian and English, printable', async ({ page }) => {
  await page.goto('/withdrawal-form');
  const form = page.getByTestId('model-withdrawal-form');
  await expect(page.getByRole('heading', { level: 1, name: ro['withdrawal.form.title'] })).toBeVisible();
  await expect(form).toContainText(ro['withdrawal.form.notice']);
  await expect(form).toContainText(ro['withdrawal.form.delete']);
  await expect(page.getByRole('button', { name: ro['withdrawal.form.print'] })).toBeVisible();
  await photograph(page, 'form-ro');
  expect(await seriousViolations(page)).toEqual([]);

  await page.evaluate(() => localStorage.setItem('locale', '"en"'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: en['withdrawal.form.title'] })).toBeVisible();
  await expect(form).toContainText(en['withdrawal.form.notice']);
  await photograph(page, 'form-en');
});
