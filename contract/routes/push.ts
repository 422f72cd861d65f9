/**
 * Web Push registration (issue #6, ADR 009): GET /push/public-key (public), POST and DELETE
 * /push/subscriptions (signed in). The server binds its own instances of the subscription schemas
 * (they also take http://127.0.0.1 endpoints in tests): the same types as the ones named here.
 */
import type {
  pushPublicKeyResponseSchema,
  pushSubscriptionResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeResponseSchema,
  pushUnsubscribeSchema,
} from '#contract/engagement.ts';
import { defineRoute } from '#contract/route.ts';

export const pushApi = {
  publicKey: defineRoute<{ response: typeof pushPublicKeyResponseSchema }>()('GET', '/push/public-key'),
  subscribe: defineRoute<{ body: typeof pushSubscriptionSchema; response: typeof pushSubscriptionResponseSchema }>()(
    'POST',
    '/push/subscriptions',
  ),
  unsubscribe: defineRoute<{ body: typeof pushUnsubscribeSchema; response: typeof pushUnsubscribeResponseSchema }>()(
    'DELETE',
    '/push/subscriptions',
  ),
};
