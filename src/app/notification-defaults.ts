import { notificationsStore } from '@mantine/notifications';

/** Product §9: notifications close after 5000 ms, at most 20 on screen, top right unless a call says otherwise. */
export const NOTIFICATION_DEFAULTS = { limit: 20, autoClose: 5000, position: 'top-right' } as const;

/**
 * What <Notifications> sets when it mounts, set before any notice is shown: notices shown before
 * it (it mounts with the first one) are placed alike. main.tsx calls it first thing (a notice can
 * come before the providers' code is evaluated); provider.tsx as it is evaluated (tests, server).
 */
export function applyNotificationDefaults() {
  notificationsStore.updateState((state) => ({
    ...state,
    limit: NOTIFICATION_DEFAULTS.limit,
    defaultPosition: NOTIFICATION_DEFAULTS.position,
  }));
}
