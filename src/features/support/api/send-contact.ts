/** POST /contact — signed in or not; 201 with the translated confirmation in data.message, 429 past the limit. */
import { apiRequest } from '../../../lib/api-client.ts';
import type { ContactPayload, ContactResponse } from '../../../../contract/support.ts';

export const sendContactMessage = (payload: ContactPayload) => apiRequest<ContactResponse>('/contact', { method: 'POST', body: payload });
