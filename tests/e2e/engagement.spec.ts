/**
 * Engagement (issue #6) in Chromium against the real server: a favourite from a card shows in
 * the header and the wishlist and goes after a confirmation; a favourite toggled offline is
 * applied once after reconnecting; an operator's reply on a ticket becomes a notification with
 * the unread badge, and opening it leads to the ticket.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { createVerifiedUser, signIn } from './users.ts';
import { waitForServiceWorkerControl } from './service-worker.ts';
import { waitForPersistedQueries } from './persisted-cache.ts';

interface ApiProduct {
  id: number;
  name: string;
  quantity: number;
}

async function serverFavorites(request: APIRequestContext, token: string) {
  const body = await (await request.get('/api/favorite-products', { headers: { Authorization: `Bearer ${token}` } })).json();
  return { total: body.data.total as number, ids: body.data.product_ids as number[] };
}

test('favourite from a card: the heart, the header count and the wishlist; removal asks first', async ({ page, request }) => {
  const session = await createVerifiedUser(request, 'Irina Favorite');
  await signIn(page, session);
  await page.goto('/most-popular');
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.getByTestId('favorite-toggle') })
    .first();
  const name = (await card.locator('h3').textContent())!.trim();
  const heart = card.getByRole('button', { name: ro['product.favorite_add_named'].replace('{{name}}', name) });
  await heart.click();
  await expect(card.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('favorites-badge')).toContainText('1');
  await expect.poll(async () => (await serverFavorites(request, session.token)).total).toBe(1);

  await page.goto('/wishlist');
  const wished = page.getByTestId('product-card');
  await expect(wished).toHaveCount(1);
  await expect(wished.locator('h3')).toHaveText(name);
  await wished.getByTestId('favorite-toggle').click();
  const dialog = page.getByRole('dialog', { name: ro['wishlist.remove_title'] });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: ro['common.cancel'] }).click();
  await expect(wished).toHaveCount(1);
  await wished.getByTestId('favorite-toggle').click();
  await page.getByRole('dialog', { name: ro['wishlist.remove_title'] }).getByRole('button', { name: ro['common.yes'] }).click();
  await expect(page.getByTestId('wishlist-empty')).toBeVisible();
  await expect.poll(async () => (await serverFavorites(request, session.token)).total).toBe(0);
});

test('signed out, the heart asks to log in first', async ({ page }) => {
  await page.goto('/most-popular');
  await page.getByTestId('product-card').first().getByTestId('favorite-toggle').click();
  await expect(page.getByText(ro['favorites.login_first'])).toBeVisible();
  await expect(page.getByRole('dialog', { name: ro['auth.login_title'] })).toBeVisible();
});

test('offline: a favourite toggled offline survives a reload and is applied once when back online', async ({ page, context, request }) => {
  const session = await createVerifiedUser(request, 'Paul Offline');
  await signIn(page, session);
  const body = await (await request.get('/api/products/filter?in_stock=1&sort=most_sold&per_page=30')).json();
  const product = (body.data.data as ApiProduct[])[3]!;
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await page.goto(`/products/${product.id}/details`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await waitForPersistedQueries(page, [`"detail",${product.id}]`]);

  await context.setOffline(true);
  await page.getByTestId('favorite-button').click();
  // No wait: the toggle is in IndexedDB before the heart changes.
  await expect(page.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');
  expect((await serverFavorites(request, session.token)).total).toBe(0); // nothing reached the server yet

  await context.setOffline(false);
  await expect.poll(async () => serverFavorites(request, session.token), { timeout: 20_000 }).toEqual({ total: 1, ids: [product.id] });
  await expect(page.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');
});

test('an operator reply on a ticket: notification, unread badge, and the ticket opens from it', async ({ page, request }) => {
  const session = await createVerifiedUser(request, 'Sorin Tichet');
  const auth = { Authorization: `Bearer ${session.token}` };
  const created = await request.post('/api/support-tickets', {
    data: { subject: 'Colet întârziat', priority: 'high', message: 'Comanda mea nu a ajuns încă.' },
    headers: auth,
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticketNumber = (await created.json()).data.ticket.ticket_number as string;
  await signIn(page, session);
  await page.goto('/dashboard');
  await expect(page.getByTestId('notification-badge')).toHaveAttribute('data-count', '0');

  const replied = await request.post(`/api/dev/operator/tickets/${ticketNumber}/reply`, {
    data: { message: 'Coletul a plecat azi, îți cerem scuze!' },
  });
  expect(replied.ok(), await replied.text()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('notification-badge')).toHaveAttribute('data-count', '1');

  await page
    .getByRole('link', { name: /Notificări/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/notifications$/);
  const item = page.getByTestId('notification').first();
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toContainText(ticketNumber);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/support-ticket/${ticketNumber}$`));
  await expect(page.getByText('Coletul a plecat azi, îți cerem scuze!')).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveAttribute('data-count', '0');
});
