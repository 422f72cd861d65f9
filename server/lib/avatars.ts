/**
 * Profile photos (issue #4): the type is read from the file's first bytes (JPEG, PNG, WebP),
 * never trusted from the client's name or Content-Type; files get random names we generate and
 * live under DATA_DIR/uploads/avatars (a temporary directory when DATA_DIR is memory://).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';

export type AvatarExtension = 'jpg' | 'png' | 'webp';

export const AVATAR_TYPES: Record<AvatarExtension, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Names this server generates: 32 base64url characters and the detected extension. */
export const AVATAR_FILE = /^[A-Za-z0-9_-]{32}\.(jpg|png|webp)$/;

/**
 * What file-type answers that we accept. An animated PNG is a PNG (its first frame is its default
 * image, which the image pipeline keeps), as it was when we read the signature by hand.
 */
const ACCEPTED: Record<string, AvatarExtension> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/apng': 'png', 'image/webp': 'webp' };

/**
 * The image type by magic bytes (file-type), or undefined for anything else. Only raster types
 * are on the list: SVG, HTML or text are never accepted, so nothing beyond the signature is
 * needed here; whether the image decodes is the image pipeline's check (media/pipeline.ts).
 */
export async function sniffImage(bytes: Uint8Array): Promise<AvatarExtension | undefined> {
  try {
    const type = await fileTypeFromBuffer(bytes);
    return type ? ACCEPTED[type.mime] : undefined;
  } catch {
    // A parser of untrusted bytes: a file it cannot follow is not one of ours (never a 500).
    return undefined;
  }
}

export const newAvatarName = (ext: AvatarExtension) => `${randomBytes(24).toString('base64url')}.${ext}`;

/** Where photos live; created by the first upload (servers that never get one leave no directory behind). */
export function avatarsDir(dataDir: string): string {
  return dataDir.startsWith('memory://')
    ? path.join(tmpdir(), `talcioc-avatars-${process.pid}`)
    : path.resolve(dataDir, 'uploads', 'avatars');
}
