/**
 * Where uploaded files live (issue 14, ADR 022), behind one interface so every server instance
 * reads what any instance stored:
 * - PostgreSQL: the `stored_files` table (bytea; avatars ≤ 2 MB, attachments ≤ 5 MB);
 * - the embedded database (one process): the DATA_DIR/uploads/<kind> directories, as before.
 * Names are the random ones lib/uploads.ts generates; kinds: `avatars`, `support`.
 * The image pipeline (issue 15, ADR 043) keeps `originals` and `variants` under content-addressed
 * names, written with putOnce: the first writer wins, a second identical write is a no-op, and a
 * reader never sees half a file.
 */
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Database, DatabaseKind } from '#server/db/client.ts';
import { deleteStoredFile, findStoredFile, insertStoredFile, insertStoredFileOnce } from '#server/repositories/stored-file-repository.ts';
import { avatarsDir } from '#server/lib/avatars.ts';
import { uploadsDir } from '#server/lib/uploads.ts';

export type FileKind = 'avatars' | 'support' | 'originals' | 'variants';

export interface FileStore {
  put(kind: FileKind, name: string, bytes: Buffer): Promise<void>;
  /** Stores the bytes unless the name is already taken (then keeps what is there). */
  putOnce(kind: FileKind, name: string, bytes: Buffer): Promise<void>;
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

  async putOnce(kind: FileKind, name: string, bytes: Buffer) {
    const dir = this.dir(kind);
    await mkdir(dir, { recursive: true });
    // Written aside, then linked under its name: atomic, and EEXIST when another writer was first.
    const temp = path.join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
    await writeFile(temp, bytes);
    try {
      await link(temp, path.join(dir, path.basename(name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
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
    await insertStoredFile(this.db, kind, name, bytes);
  }

  async putOnce(kind: FileKind, name: string, bytes: Buffer) {
    await insertStoredFileOnce(this.db, kind, name, bytes);
  }

  async get(kind: FileKind, name: string) {
    const bytes = await findStoredFile(this.db, kind, name);
    return bytes === undefined ? undefined : Buffer.from(bytes);
  }

  async remove(kind: FileKind, name: string) {
    await deleteStoredFile(this.db, kind, name);
  }
}

export function createFileStore(kind: DatabaseKind, db: Database, dataDir: string): FileStore {
  return kind === 'postgres' ? new DatabaseStore(db) : new DirectoryStore(dataDir);
}
