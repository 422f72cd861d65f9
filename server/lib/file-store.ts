/**
 * Where uploaded files live (issue 14, ADR 022), behind one interface so every server instance
 * reads what any instance stored:
 * - PostgreSQL: the `stored_files` table (bytea; avatars ≤ 2 MB, attachments ≤ 5 MB);
 * - the embedded database (one process): the DATA_DIR/uploads/<kind> directories, as before.
 * Names are the random ones lib/uploads.ts generates; kinds: `avatars`, `support`.
 */
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Database, DatabaseKind } from '../db/client.ts';
import { storedFiles } from '../db/schema.ts';
import { avatarsDir } from './avatars.ts';
import { uploadsDir } from './uploads.ts';

export type FileKind = 'avatars' | 'support';

export interface FileStore {
  put(kind: FileKind, name: string, bytes: Buffer): Promise<void>;
  get(kind: FileKind, name: string): Promise<Buffer | undefined>;
  remove(kind: FileKind, name: string): Promise<void>;
}

export class DirectoryStore implements FileStore {
  constructor(private readonly dataDir: string) {}

  private dir(kind: FileKind) {
    return kind === 'avatars' ? avatarsDir(this.dataDir) : uploadsDir(this.dataDir, kind);
  }

  async put(kind: FileKind, name: string, bytes: Buffer) {
    const dir = this.dir(kind);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, path.basename(name)), bytes, { flag: 'wx' });
  }

  async get(kind: FileKind, name: string) {
    return readFile(path.join(this.dir(kind), path.basename(name))).catch(() => undefined);
  }

  async remove(kind: FileKind, name: string) {
    await unlink(path.join(this.dir(kind), path.basename(name))).catch(() => undefined);
  }
}

export class DatabaseStore implements FileStore {
  constructor(private readonly db: Database) {}

  async put(kind: FileKind, name: string, bytes: Buffer) {
    await this.db.insert(storedFiles).values({ kind, name, bytes });
  }

  async get(kind: FileKind, name: string) {
    const [row] = await this.db.select({ bytes: storedFiles.bytes }).from(storedFiles).where(and(eq(storedFiles.kind, kind), eq(storedFiles.name, name)));
    return row ? Buffer.from(row.bytes) : undefined;
  }

  async remove(kind: FileKind, name: string) {
    await this.db.delete(storedFiles).where(and(eq(storedFiles.kind, kind), eq(storedFiles.name, name)));
  }
}

export function createFileStore(kind: DatabaseKind, db: Database, dataDir: string): FileStore {
  return kind === 'postgres' ? new DatabaseStore(db) : new DirectoryStore(dataDir);
}
