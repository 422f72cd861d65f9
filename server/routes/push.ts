/**
 * Web Push registration (issue #6, ADR 009, contract contract/engagement.ts):
 * - GET /push/public-key: the VAPID application server key the browser subscribes with (public);
 * - POST /push/subscriptions (auth): the device's PushSubscription for this user and session,
 *   upserted on its endpoint (a device that changes hands moves to the new user when it sends the
 *   keys the endpoint was registered with; other keys for another account's endpoint: 422, issue 38);
 * - DELETE /push/subscriptions (auth): the caller removes their own subscription;
 * - GET|PUT|DELETE /push/consent (auth): the shopper's consent to push topics (issue 37 §4):
 *   read, record a decision (its date is the database's), withdraw. Each decision is a new row.
 *
 * The endpoint is a URL the server will POST to, so it is checked: https only (plain http to
 * 127.0.0.1 in tests), no credentials, and its host one of PUSH_SERVICE_HOSTS (ADR 019). Subscriptions are
 * limited per user (the newest MAX_SUBSCRIPTIONS_PER_USER are kept) and registrations per user
 * and hour, so one account cannot turn a notification into a flood of requests.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  makePushSubscriptionSchema,
  makePushUnsubscribeSchema,
  pushPublicKeyResponseSchema,
  pushSubscriptionResponseSchema,
  pushUnsubscribeResponseSchema,
} from '#contract/engagement.ts';
import { pushApi } from '#contract/routes/push.ts';
import { pushConsentApi } from '#contract/routes/push-consent.ts';
import { pushConsentBodySchema, pushConsentResponseSchema, type PushConsent } from '#contract/push-consent.ts';
import { latestPushConsent, recordPushConsent, type PushConsentRecord } from '#server/repositories/push-consent-repository.ts';
import { contractRoute } from '#server/lib/contract-route.ts';
import { fieldError } from '#server/lib/http-error.ts';
import { deleteSubscription } from '#server/repositories/push-repository.ts';
import type { BucketLimit } from '#server/repositories/rate-limit-repository.ts';
import { enforceLimit } from '#server/services/limits.ts';
import { isPushServiceHost, saveSubscription } from '#server/services/push-device.ts';

export const SUBSCRIBE_LIMIT: BucketLimit = { windowSeconds: 3600, max: 60 };
/** Consent decisions per user and hour: each is a stored row, so a script cannot fill the table. */
export const CONSENT_LIMIT: BucketLimit = { windowSeconds: 3600, max: 60 };

const consentAnswer = (record: PushConsentRecord | null): PushConsent => ({
  topics: record?.topics ?? [],
  decided_at: record ? record.decidedAt.toISOString() : null,
  withdrawn: record !== null && record.topics.length === 0,
});

const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const inTest = app.accounts.env.NODE_ENV === 'test';
  const subscriptionSchema = makePushSubscriptionSchema(inTest);
  const unsubscribeSchema = makePushUnsubscribeSchema(inTest);

  app.route({
    ...contractRoute(pushApi.publicKey, { response: pushPublicKeyResponseSchema }),
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return { message: request.t('push.public_key'), data: { public_key: app.push.vapid.publicKey } };
    },
  });

  // Everything but the public key is per user.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
  // Before validation: a signed-out caller learns nothing about the input.
  const authed = { onRequest: app.authenticate };

  app.route({
    ...contractRoute(pushApi.subscribe, { body: subscriptionSchema, response: pushSubscriptionResponseSchema }),
    ...authed,
    handler: async (request) => {
      const { user, sessionId } = request.auth!;
      const body = request.body;
      if (!isPushServiceHost(body.endpoint, { hosts: app.accounts.env.PUSH_SERVICE_HOSTS, allowLoopbackHttp: inTest })) {
        throw fieldError('endpoint', 'validation.push_endpoint_invalid');
      }
      await enforceLimit(db, `push-subscribe:user:${user.id}`, SUBSCRIBE_LIMIT);
      const id = await saveSubscription(db, {
        userId: user.id,
        sessionId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        locale: body.locale,
      });
      // Registered to another account with other keys: this browser does not hold it (issue 38).
      if (id === null) throw fieldError('endpoint', 'limits.push_endpoint_taken');
      return { message: request.t('push.subscribed'), data: { id } };
    },
  });

  app.route({
    ...contractRoute(pushConsentApi.get, { response: pushConsentResponseSchema }),
    ...authed,
    handler: async (request) => ({
      message: request.t('consent.loaded'),
      data: consentAnswer(await latestPushConsent(db, request.auth!.user.id)),
    }),
  });

  app.route({
    ...contractRoute(pushConsentApi.put, { body: pushConsentBodySchema, response: pushConsentResponseSchema }),
    ...authed,
    handler: async (request) => {
      const userId = request.auth!.user.id;
      await enforceLimit(db, `push-consent:user:${userId}`, CONSENT_LIMIT);
      const record = await recordPushConsent(db, userId, request.body.topics);
      return { message: request.t(record.topics.length ? 'consent.saved' : 'consent.withdrawn'), data: consentAnswer(record) };
    },
  });

  app.route({
    ...contractRoute(pushConsentApi.withdraw, { response: pushConsentResponseSchema }),
    ...authed,
    handler: async (request) => {
      const userId = request.auth!.user.id;
      await enforceLimit(db, `push-consent:user:${userId}`, CONSENT_LIMIT);
      return { message: request.t('consent.withdrawn'), data: consentAnswer(await recordPushConsent(db, userId, [])) };
    },
  });

  app.route({
    ...contractRoute(pushApi.unsubscribe, { body: unsubscribeSchema, response: pushUnsubscribeResponseSchema }),
    ...authed,
    handler: async (request) => {
      const removed = await deleteSubscription(db, request.auth!.user.id, request.body.endpoint);
      return { message: request.t('push.unsubscribed'), data: { removed } };
    },
  });
};
export default pushRoutes;
