/**
 * The names of the uploaded files of one kind, wherever this database keeps them (ADR 022):
 * the stored_files table on PostgreSQL, DATA_DIR/uploads/<kind> on the embedded database.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { storedFiles } from '#server/db/schema.ts';
import type { TestApp } from './test-app.ts';

export async function storedFileNames(
  t: TestApp,
  kind: 'avatars' | 'support' | 'originals' | 'variants',
  dataDir: string,
): Promise<string[]> {
  if (t.handle.kind === 'postgres') {
    return (await t.db.select({ name: storedFiles.name }).from(storedFiles).where(eq(storedFiles.kind, kind))).map((r) => r.name);
  }
  return readdir(path.join(dataDir, 'uploads', kind)).catch(() => [] as string[]);
}
