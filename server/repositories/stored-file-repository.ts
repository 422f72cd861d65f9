/**
 * Uploaded files kept in PostgreSQL, `stored_files` (issue 14, ADR 022): one row per (kind, name)
 * with its bytes. services/file-store.ts#DatabaseStore is the file store over these statements.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { storedFiles } from '#server/db/schema.ts';

/** Stores a file; a name already taken is a unique violation. */
export async function insertStoredFile(db: Database, kind: string, name: string, bytes: Buffer) {
  await db.insert(storedFiles).values({ kind, name, bytes });
}

/** Stores a file unless its name is already taken (then keeps what is there). */
export async function insertStoredFileOnce(db: Database, kind: string, name: string, bytes: Buffer) {
  await db.insert(storedFiles).values({ kind, name, bytes }).onConflictDoNothing();
}

/** A file's bytes, or undefined. */
export async function findStoredFile(db: Database, kind: string, name: string) {
  const [row] = await db
    .select({ bytes: storedFiles.bytes })
    .from(storedFiles)
    .where(and(eq(storedFiles.kind, kind), eq(storedFiles.name, name)));
  return row?.bytes;
}

export async function deleteStoredFile(db: Database, kind: string, name: string) {
  await db.delete(storedFiles).where(and(eq(storedFiles.kind, kind), eq(storedFiles.name, name)));
}
