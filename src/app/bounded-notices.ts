/**
 * A notice pauses while the pointer rests on it (Mantine's notifications), but not forever
 * (issue 37: a "Login Successful" resting under the pointer never left): every notice that closes
 * by itself is closed at the latest HOVER_GRACE_MS after it would have. WCAG 2.2.1 lets the shopper
 * read it; 2.2.2 asks that moving content not stay in the way.
 */
import { notifications, notificationsStore } from '@mantine/notifications';
import { NOTIFICATION_DEFAULTS } from './notification-defaults.ts';

export const HOVER_GRACE_MS = 5000;

/** Starts watching the notices; answers the function that stops it. */
export function boundNoticeLifetimes(): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const watch = () => {
    const { notifications: shown, queue } = notificationsStore.getState();
    const live = new Set([...shown, ...queue].map((n) => n.id!));
    for (const notice of shown) {
      if (!notice.id || timers.has(notice.id) || notice.autoClose === false) continue;
      const autoClose = typeof notice.autoClose === 'number' ? notice.autoClose : NOTIFICATION_DEFAULTS.autoClose;
      const id = notice.id;
      timers.set(
        id,
        setTimeout(() => notifications.hide(id), autoClose + HOVER_GRACE_MS),
      );
    }
    for (const [id, timer] of timers)
      if (!live.has(id)) {
        clearTimeout(timer);
        timers.delete(id);
      }
  };
  watch();
  const unsubscribe = notificationsStore.subscribe(watch);
  return () => {
    unsubscribe();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
}
