/**
 * Registers src-sw/sw.ts (built to /sw.js) with workbox-window. A new version waits until
 * the shopper chooses to reload (never mid-checkout by surprise): listeners are told.
 */
import { Workbox } from 'workbox-window';

type UpdateListener = (applyUpdate: () => void) => void;
const updateListeners = new Set<UpdateListener>();
export function onUpdateAvailable(listener: UpdateListener) {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    const applyUpdate = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    updateListeners.forEach((listener) => listener(applyUpdate));
  });
  void wb.register().catch((error) => console.warn('[sw] registration failed', error));
}
