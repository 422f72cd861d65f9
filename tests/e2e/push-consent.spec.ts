/**
 * Consent before asking for push (issue 37 §4): the pre-prompt names the topics, nothing is
 * ticked for the shopper, the browser's permission prompt comes only from her "Allow" tap, the
 * choice is stored on the server with its date, and the profile shows, changes and withdraws it.
 * The browser's push service is the edge of the world: Notification.requestPermission and
 * PushManager are replaced by a stand-in that counts the asks and hands out a subscription.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import ro from '#src/locales/ro.json' with { type: 'json' };
import { createVerifiedUser, signIn } from './users.ts';
import { waitForServiceWorkerControl } from './service-worker.ts';
import { axeViolations } from './a11y.ts';

const consentOf = async (request: APIRequestContext, token: string) =>
  (await (await request.get('/api/push/consent', { headers: { Authorization: `Bearer ${token}` } })).json()).data;

test('the pre-prompt comes before the browser prompt; the choice is stored with its date and withdrawn from the profile', async ({
  page,
  request,
}) => {
  const session = await createVerifiedUser(request, 'Irina Notificări');
  await page.addInitScript(() => {
    const w = window as unknown as { __permissionAsks: number };
    w.__permissionAsks = 0;
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission });
    Notification.requestPermission = async () => {
      w.__permissionAsks += 1;
      permission = 'granted';
      return permission;
    };
    // The stand-in's subscription outlives a navigation, as a real one does (sessionStorage).
    const endpoint = sessionStorage.getItem('e2e-push-endpoint') ?? `https://fcm.googleapis.com/fcm/send/talcioc-e2e-${Date.now()}`;
    const subscription = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
      unsubscribe: async () => {
        sessionStorage.removeItem('e2e-push-endpoint');
        return true;
      },
    };
    if (sessionStorage.getItem('e2e-push-endpoint')) permission = 'granted';
    PushManager.prototype.getSubscription = async () =>
      (sessionStorage.getItem('e2e-push-endpoint') ? subscription : null) as PushSubscription | null;
    PushManager.prototype.subscribe = async () => {
      sessionStorage.setItem('e2e-push-endpoint', endpoint);
      return subscription as unknown as PushSubscription;
    };
  });
  await signIn(page, session);
  await page.goto('/notifications');
  await waitForServiceWorkerControl(page);
  await page.reload();
  const asks = () => page.evaluate(() => (window as unknown as { __permissionAsks: number }).__permissionAsks);
  const toggle = page.getByTestId('push-toggle');
  await expect(toggle).toHaveAttribute('data-state', 'off');
  expect(await asks()).toBe(0);

  await toggle.getByRole('button', { name: ro['push.turn_on'] }).click();
  const dialog = page.getByRole('dialog', { name: ro['consent.dialog_title'] });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(ro['consent.topic_orders']);
  await expect(dialog).toContainText(ro['consent.topic_favourites']);
  await expect(dialog).toContainText(ro['consent.topic_support']);
  // Nothing is chosen for her, and opening the pre-prompt asked the browser nothing.
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  expect(await asks()).toBe(0);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  await dialog.getByRole('button', { name: ro['consent.allow'] }).click();
  await expect(dialog).toContainText(ro['consent.choose_one']);
  expect(await asks()).toBe(0);

  await dialog.getByRole('checkbox', { name: ro['consent.topic_orders'] }).check();
  await dialog.getByRole('checkbox', { name: ro['consent.topic_support'] }).check();
  await dialog.getByRole('button', { name: ro['consent.allow'] }).click();
  await expect(toggle).toHaveAttribute('data-state', 'on');
  await expect(dialog).toBeHidden();
  expect(await asks()).toBe(1);
  const given = await consentOf(request, session.token);
  expect(given).toMatchObject({ topics: ['orders', 'support'], withdrawn: false });
  expect(Date.now() - Date.parse(given.decided_at)).toBeLessThan(120_000);

  await page.goto('/profile');
  const settings = page.getByTestId('push-consent-settings');
  await expect(settings.getByTestId('push-consent-summary')).toContainText('Acord dat la');
  await expect(settings.getByRole('checkbox', { name: ro['consent.topic_orders'] })).toBeChecked();
  await expect(settings.getByRole('checkbox', { name: ro['consent.topic_favourites'] })).not.toBeChecked();
  await settings.getByRole('button', { name: ro['consent.withdraw'] }).click();
  await expect(settings.getByRole('status')).toHaveText(ro['consent.withdrawn']);
  await expect(settings.getByTestId('push-consent-summary')).toContainText('Acord retras la');
  expect(await consentOf(request, session.token)).toMatchObject({ topics: [], withdrawn: true });
  // Withdrawing turned push off on this device too.
  expect(await page.evaluate(() => sessionStorage.getItem('e2e-push-endpoint'))).toBeNull();
});
