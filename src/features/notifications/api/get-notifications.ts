/**
 * GET /api/notifications?page= and /api/notifications/unread-count (issue #6): the shopper's
 * notifications, newest first, rendered by the server in the interface language, and the
 * unread count behind the bell. Persisted with the query cache (cleared at logout) so the list
 * reads offline; the count is re-read every minute while the app is open and at once when a
 * push arrives (see use-unread-count.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '#src/lib/api-client.ts';
import { notificationApi } from '#contract/routes/notifications.ts';
import type { RouteAnswer } from '#contract/route.ts';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const UNREAD_COUNT_QUERY_KEY = [...NOTIFICATIONS_QUERY_KEY, 'unread'] as const;

/** A page of notifications with the unread count, as GET /notifications answers it. */
export type NotificationPage = RouteAnswer<typeof notificationApi.list>['data'];

export const getNotifications = async (page: number, signal?: AbortSignal) =>
  (await callRoute(notificationApi.list, { query: { page }, signal })).data;

export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list', page],
    queryFn: ({ signal }) => getNotifications(page, signal),
    staleTime: 15_000,
  });

export const getUnreadCount = async (signal?: AbortSignal) => (await callRoute(notificationApi.unreadCount, { signal })).data.count;

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_COUNT_QUERY_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
