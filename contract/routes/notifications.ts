/**
 * In-app notifications (issue #6, signed in): GET /notifications?page=, GET /notifications/unread-count,
 * POST /notifications/read-all and POST /notifications/:id/read.
 */
import type {
  markReadResponseSchema,
  notificationIdParamSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  unreadCountResponseSchema,
} from '#contract/engagement.ts';
import { defineRoute } from '#contract/route.ts';

export const notificationApi = {
  list: defineRoute<{ query: typeof notificationListQuerySchema; response: typeof notificationListResponseSchema }>()(
    'GET',
    '/notifications',
  ),
  unreadCount: defineRoute<{ response: typeof unreadCountResponseSchema }>()('GET', '/notifications/unread-count'),
  readAll: defineRoute<{ response: typeof markReadResponseSchema }>()('POST', '/notifications/read-all'),
  read: defineRoute<{ params: typeof notificationIdParamSchema; response: typeof markReadResponseSchema }>()(
    'POST',
    '/notifications/:id/read',
  ),
};
