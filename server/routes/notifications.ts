/**
 * In-app notifications (issue #6, contract contract/engagement.ts): the list (newest first,
 * paginated, with the unread count), the unread count alone (header and sidebar badges), mark one
 * or all read. Title and body are rendered in the request's language. Only the owner's
 * notifications exist for a user: another user's id answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markReadResponseSchema,
  notificationIdParamSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  NOTIFICATIONS_PER_PAGE,
  unreadCountResponseSchema,
} from '#contract/engagement.ts';
import { notificationApi } from '#contract/routes/notifications.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { countUnread, listNotifications, markAllRead, markRead } from '#server/repositories/notification-repository.ts';

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Before validation: a signed-out caller learns nothing about the input.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...contractRoute(notificationApi.list, { query: notificationListQuerySchema, response: notificationListResponseSchema }),
    handler: async (request) => ({
      message: request.t('notifications.list'),
      data: await listNotifications(db, request.auth!.user.id, request.locale, request.query.page, NOTIFICATIONS_PER_PAGE),
    }),
  });

  app.route({
    ...contractRoute(notificationApi.unreadCount, { response: unreadCountResponseSchema }),
    handler: async (request) => ({
      message: request.t('notifications.unread_count'),
      data: { count: await countUnread(db, request.auth!.user.id) },
    }),
  });

  // Registered before /:id/read so "read-all" is never taken for an id (it would fail validation anyway).
  app.route({
    ...contractRoute(notificationApi.readAll, { response: markReadResponseSchema }),
    handler: async (request) => {
      const userId = request.auth!.user.id;
      await markAllRead(db, userId);
      return { message: request.t('notifications.all_read'), data: { unread_count: await countUnread(db, userId) } };
    },
  });

  app.route({
    ...contractRoute(notificationApi.read, { params: notificationIdParamSchema, response: markReadResponseSchema }),
    handler: async (request) => {
      const userId = request.auth!.user.id;
      if (!(await markRead(db, userId, request.params.id))) throw new HttpError(404, 'notifications.not_found');
      return { message: request.t('notifications.read'), data: { unread_count: await countUnread(db, userId) } };
    },
  });
};
export default notificationRoutes;
