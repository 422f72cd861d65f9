/** A ticket or reply body: JSON, or multipart/form-data when an image goes with it (field `attachment`). */
import { TICKET_ATTACHMENT_FIELD } from '../../../../contract/support.ts';
import { IDEMPOTENCY_HEADER } from '../../../../contract/constants.ts';

export function ticketBody(
  fields: Record<string, string | number | null | undefined>,
  attachment: File | null,
): FormData | Record<string, string | number> {
  const present = Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined);
  if (!attachment) return Object.fromEntries(present);
  const form = new FormData();
  for (const [name, value] of present) form.append(name, String(value));
  form.append(TICKET_ATTACHMENT_FIELD, attachment, attachment.name);
  return form;
}

/** The same key for a retried attempt: the server answers the first result again (ADR 007). */
export const idempotencyHeaders = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });
