/** Service-worker waits shared by the offline browser tests. */
import type { Page } from '@playwright/test';

/** `ready` can resolve while the worker is still activating: wait for activated + controller. */
export async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
