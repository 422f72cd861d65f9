/** Consent to push notifications (issue 37 §4): read, give or change, withdraw. All signed in. */
import type { pushConsentBodySchema, pushConsentResponseSchema } from '#contract/push-consent.ts';
import { defineRoute } from '#contract/route.ts';

export const pushConsentApi = {
  get: defineRoute<{ response: typeof pushConsentResponseSchema }>()('GET', '/push/consent'),
  put: defineRoute<{ body: typeof pushConsentBodySchema; response: typeof pushConsentResponseSchema }>()('PUT', '/push/consent'),
  withdraw: defineRoute<{ response: typeof pushConsentResponseSchema }>()('DELETE', '/push/consent'),
};
