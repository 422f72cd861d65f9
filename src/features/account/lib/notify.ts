/** Toasts of the profile forms (product §8, §9): failures bottom-left, what was saved top-right. */
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';

export function notifyFailure(error: unknown, t: TFunction) {
  const message =
    error instanceof NetworkError ? t('auth.offline') : error instanceof ApiError ? error.message : t('errors.page_failed_text');
  notifications.show({ color: 'red', message, position: 'bottom-left' });
}

export const notifySaved = (message: string) => notifications.show({ color: 'green', message, position: 'top-right' });
