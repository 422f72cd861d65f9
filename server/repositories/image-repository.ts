/**
 * The `images` rows of the image pipeline (issue 15, ADR 043; media/pipeline.ts): one per raster
 * image, keyed by its content address, and the uses that keep an uploaded one alive.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { images, supportAttachments, users } from '#server/db/schema.ts';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

export async function findImage(db: Database, key: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.key, key));
  return row;
}

/** Stores an image row unless its key is already there (the same bytes were stored before). */
export async function insertImageOnce(db: Database, row: NewImageRow) {
  await db.insert(images).values(row).onConflictDoNothing();
}

/** How many profile photos and ticket attachments name the stored file `name` (`<key>.<format>`). */
export async function countImageUses(db: Database, name: string): Promise<number> {
  const [users_, attachments] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.profilePhoto, name)),
    db.select({ n: count() }).from(supportAttachments).where(eq(supportAttachments.storageKey, name)),
  ]);
  return (users_[0]?.n ?? 0) + (attachments[0]?.n ?? 0);
}

/** Deletes an uploaded image's row (never a generated one's). Throws while a catalog row still names it (foreign key). */
export async function deleteUploadedImage(db: Database, key: string) {
  await db.delete(images).where(and(eq(images.key, key), isNull(images.recipe)));
}
