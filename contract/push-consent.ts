/**
 * Consent to push notifications (issue 37 §4; law: Law 506/2004 and the GDPR — the browser's
 * permission prompt alone is not consent). Before the prompt, the app says what it will send
 * and the shopper chooses topics; the choice is stored on the server with its date, one record
 * per decision (the latest one counts), and the push queue sends only what the latest allows.
 *
 * - GET    /push/consent (auth)                 → data { topics, decided_at, withdrawn }
 * - PUT    /push/consent (auth) body { topics } → the new record (an empty list withdraws)
 * - DELETE /push/consent (auth)                 → the new record: consent withdrawn, no topics
 *
 * A shopper who never decided answers `{ topics: [], decided_at: null, withdrawn: false }`.
 */
import { z } from 'zod';
import { envelope } from './envelope.ts';
import { PUSH_TOPICS } from './push-consent-topics.ts';

export const pushConsentBodySchema = z.object({
  topics: z
    .array(z.enum(PUSH_TOPICS, { message: 'consent.topic_invalid' }), { message: 'consent.topic_invalid' })
    .max(PUSH_TOPICS.length, { message: 'consent.topic_invalid' })
    .refine((topics) => new Set(topics).size === topics.length, { message: 'consent.topic_invalid' }),
});
export type PushConsentBody = z.infer<typeof pushConsentBodySchema>;

export const pushConsentSchema = z.object({
  topics: z.array(z.enum(PUSH_TOPICS)),
  /** ISO time of the latest decision; null when the shopper never decided. */
  decided_at: z.string().nullable(),
  /** True when the latest decision withdrew consent (no topics). */
  withdrawn: z.boolean(),
});
export type PushConsent = z.infer<typeof pushConsentSchema>;

export const pushConsentResponseSchema = envelope(pushConsentSchema);
