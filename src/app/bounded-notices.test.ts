/** A notice paused under the pointer still leaves (issue 37): at most HOVER_GRACE_MS after its time. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { boundNoticeLifetimes, HOVER_GRACE_MS } from './bounded-notices.ts';

const shownIds = () => notificationsStore.getState().notifications.map((n) => n.id);

describe('boundNoticeLifetimes', () => {
  afterEach(() => {
    notifications.clean();
    vi.useRealTimers();
  });

  it('closes a self-closing notice its time plus the grace after it was shown, and leaves a sticky one', () => {
    vi.useFakeTimers();
    const stop = boundNoticeLifetimes();
    notifications.show({ id: 'login', message: 'Autentificare reușită', autoClose: 3000 });
    notifications.show({ id: 'update', message: 'O versiune nouă', autoClose: false });
    expect(shownIds()).toEqual(expect.arrayContaining(['login', 'update']));
    vi.advanceTimersByTime(3000 + HOVER_GRACE_MS - 1);
    expect(shownIds()).toContain('login');
    vi.advanceTimersByTime(1);
    expect(shownIds()).not.toContain('login');
    vi.advanceTimersByTime(60_000);
    expect(shownIds()).toContain('update');
    stop();
  });
});
