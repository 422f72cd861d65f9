/**
 * POST /api/notifications/{id}/read and /api/notifications/read-all (issue #6). The screen
 * shows them read at once; the answer's unread count is the truth for the bell. Offline the
 * call waits for the connection (TanStack's online network mode) while the app stays open.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { notificationApi } from '#contract/routes/notifications.ts';
import { NOTIFICATIONS_QUERY_KEY, UNREAD_COUNT_QUERY_KEY, type NotificationPage } from './get-notifications.ts';

type Target = { id: number } | 'all';

const markRead = (target: Target) =>
  target === 'all' ? callRoute(notificationApi.readAll) : callRoute(notificationApi.read, { params: { id: target.id } });

/** Marks the notifications read in every cached page (and lowers the count) before the answer. */
function markInCache(queryClient: QueryClient, target: Target) {
  const now = new Date().toISOString();
  let newlyRead = 0;
  queryClient.setQueriesData<NotificationPage>({ queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'] }, (page) => {
    if (!page) return page;
    const data = page.data.map((n) => {
      if (n.read_at || (target !== 'all' && n.id !== target.id)) return n;
      newlyRead += 1;
      return { ...n, read_at: now };
    });
    return { ...page, data, unread_count: target === 'all' ? 0 : Math.max(0, page.unread_count - (newlyRead ? 1 : 0)) };
  });
  queryClient.setQueryData<number>(UNREAD_COUNT_QUERY_KEY, (count) =>
    target === 'all' ? 0 : Math.max(0, (count ?? 0) - (newlyRead ? 1 : 0)),
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    networkMode: 'online',
    onMutate: (target) => markInCache(queryClient, target),
    onSuccess: (response) => queryClient.setQueryData(UNREAD_COUNT_QUERY_KEY, response.data.unread_count),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
