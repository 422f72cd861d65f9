/**
 * Profile photos (issue #4): the type is read from the file's first bytes (JPEG, PNG, WebP),
 * never trusted from the client's name or Content-Type; files get random names we generate and
 * live under DATA_DIR/uploads/avatars (a temporary directory when DATA_DIR is memory://).
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export type AvatarExtension = 'jpg' | 'png' | 'webp';

export const AVATAR_TYPES: Record<AvatarExtension, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Names this server generates: 32 base64url characters and the detected extension. */
export const AVATAR_FILE = /^[A-Za-z0-9_-]{32}\.(jpg|png|webp)$/;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type by magic bytes, or undefined for anything else. */
export function sniffImage(bytes: Buffer): AvatarExtension | undefined {
  if (bytes.length >= 12 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG) && bytes.subarray(12, 16).toString('latin1') === 'IHDR') return 'png';
  if (bytes.length >= 16 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

export const newAvatarName = (ext: AvatarExtension) => `${randomBytes(24).toString('base64url')}.${ext}`;

/** Where photos live; created by the first upload (servers that never get one leave no directory behind). */
export function avatarsDir(dataDir: string): string {
  return dataDir.startsWith('memory://') ? path.join(tmpdir(), `talcioc-avatars-${process.pid}`) : path.resolve(dataDir, 'uploads', 'avatars');
}
