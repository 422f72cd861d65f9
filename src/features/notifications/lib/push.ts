/**
 * Web Push on this device (issue #6, docs/decisions/009-web-push.md): the browser's
 * PushManager through the app's service worker, subscribed with the server's VAPID key.
 * Only ever called after the shopper taps "turn on notifications" — never on load.
 */
import { callRoute } from '#src/lib/api-client.ts';
import { writeDeviceKey } from '#src/lib/push-device.ts';
import { pushApi } from '#contract/routes/push.ts';
import type { RouteBody } from '#contract/route.ts';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const isPushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** A registration only when a service worker already controls the app (never waits forever). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!isPushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentPushState(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** base64url → the bytes PushManager wants as applicationServerKey. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Tells the server about this device's subscription (also after a language change). */
export async function registerSubscription(subscription: PushSubscription, locale: string) {
  const json = subscription.toJSON();
  // The DOM types every field of toJSON() optional; a PushManager subscription has its endpoint and
  // keys. The language is the interface's, one the server takes (else 422 on locale, as before).
  await callRoute(pushApi.subscribe, { body: { ...json, locale } as RouteBody<typeof pushApi.subscribe> });
  writeDeviceKey(JSON.stringify(json));
}

/**
 * Asks for permission (the caller is the pre-prompt's "Allow" tap handler: issue 37 §4), records
 * the consent the shopper just gave, subscribes, registers. Answers the new state. The browser's
 * prompt is asked for before any await, so it still has the tap's user activation (Firefox and
 * Safari refuse it otherwise); the consent record is sent at the same moment.
 */
export async function turnOnPush(locale: string, recordConsent: () => Promise<unknown>): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const asked = Notification.requestPermission();
  const [permission] = await Promise.all([asked, recordConsent()]);
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { data } = await callRoute(pushApi.publicKey);
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(data.public_key) }));
  await registerSubscription(subscription, locale);
  return 'on';
}

export async function turnOffPush(): Promise<PushState> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await callRoute(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  writeDeviceKey(null);
  return 'off';
}
