/** Toasts of the sign-in flows (product §8, §9): errors bottom-left, successes top-right. */
import { notifications } from '@mantine/notifications';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';

export function notifyError(error: unknown, fallback: string, offline: string) {
  const message = error instanceof NetworkError ? offline : error instanceof ApiError ? error.message : fallback;
  notifications.show({ color: 'red', message, position: 'bottom-left' });
}

export function notifySuccess(message: string, autoClose = 5000) {
  notifications.show({ color: 'green', message, position: 'top-right', autoClose });
}
