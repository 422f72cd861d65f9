/** POST /contact — signed in or not; 201 with the translated confirmation in data.message, 429 past the limit. */
import { callRoute } from '#src/lib/api-client.ts';
import { supportApi } from '#contract/routes/support.ts';
import type { ContactPayload } from '#contract/support.ts';

export const sendContactMessage = (payload: ContactPayload) => callRoute(supportApi.contact, { body: payload });
