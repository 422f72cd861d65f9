/**
 * The unread count for the bell and the sidebar (issue #6): one query for the whole app,
 * re-read every minute while open, and at once when the service worker says a push arrived.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_QUERY_KEY, unreadCountQueryOptions } from '../api/get-notifications.ts';

export function useUnreadCount(enabled: boolean): number {
  const queryClient = useQueryClient();
  const query = useQuery({ ...unreadCountQueryOptions(), enabled });
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === 'push-received') void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [enabled, queryClient]);
  return enabled ? (query.data ?? 0) : 0;
}
