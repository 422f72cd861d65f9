/**
 * A ticket's or reply's body: JSON, or multipart/form-data when an image goes with it — the same
 * fields as text parts (the server validates them with the same schema) plus the `attachment` file.
 */
import { TICKET_ATTACHMENT_FIELD } from '#contract/support.ts';
import { IDEMPOTENCY_HEADER } from '#contract/constants.ts';

/** The fields that have a value: a null or undefined one is sent in neither JSON nor multipart. */
export const presentFields = <T extends object>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined)) as T;

/**
 * The multipart body: each field with a value as a text part, then the image. Sent with apiRequest,
 * as callRoute sends its body as JSON.
 */
export function ticketForm(fields: object, attachment: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(presentFields(fields))) form.append(name, String(value));
  form.append(TICKET_ATTACHMENT_FIELD, attachment, attachment.name);
  return form;
}

/** The same key for a retried attempt: the server answers the first result again (ADR 007). */
export const idempotencyHeaders = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });
