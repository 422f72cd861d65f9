/** Messages from the contact form (issue #6), stored as plain text. */
import type { Database } from '#server/db/client.ts';
import { contactMessages } from '#server/db/schema.ts';

export interface NewContactMessage {
  userId: number | null;
  name: string;
  email: string | null;
  /** E.164. */
  phone: string | null;
  subject: string;
  message: string;
}

export async function insertContactMessage(db: Database, values: NewContactMessage): Promise<number> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row!.id;
}
