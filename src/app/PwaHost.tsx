/**
 * The update prompt and the service worker registration (workbox-window): one chunk, mounted
 * by AppProvider once the page is idle — the worker precaches the whole app and must not
 * compete with the first screen. The prompt's listener is in place before the worker is
 * registered (a child's effect runs before its parent's).
 */
import { useEffect } from 'react';
import { UpdatePrompt } from '#src/features/pwa/components/UpdatePrompt.tsx';
import { registerServiceWorker } from '#src/features/pwa/lib/register-service-worker.ts';

export default function PwaHost() {
  useEffect(() => registerServiceWorker(), []);
  return <UpdatePrompt />;
}
