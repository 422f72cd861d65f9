/**
 * Image uploads shared by the profile photo (routes/account.ts) and support ticket attachments
 * (routes/support-tickets.ts):
 *
 * - the file is read into memory under a size limit (too large → 422 on the form field);
 * - its type is read from its first bytes (JPEG, PNG, WebP: lib/avatars.ts#sniffImage, file-type),
 *   never trusted from the client's name or Content-Type (anything else → 422 on the field);
 * - it is stored under a random name we generate (never the client's name) in
 *   DATA_DIR/uploads/<kind> — outside the static web root — or, when DATA_DIR is memory://, in a
 *   per-process temporary directory;
 * - the client's name is kept only for display, sanitised, with the extension of the real type.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { fieldError } from './http-error.ts';
import { AVATAR_TYPES, sniffImage, type AvatarExtension } from './avatars.ts';

export type ImageExtension = AvatarExtension;
export const IMAGE_TYPES: Record<ImageExtension, string> = AVATAR_TYPES;

/** Names this server generates: 32 base64url characters and the detected extension. */
export const STORED_FILE = /^[A-Za-z0-9_-]{32}\.(jpg|png|webp)$/;

export interface CheckedImage {
  bytes: Buffer;
  ext: ImageExtension;
  mimeType: string;
}

export interface ImageMessages {
  /** Form field the errors are reported on. */
  field: string;
  tooLarge: string;
  wrongType: string;
}

/**
 * Reads a multipart file part into memory. Works with both behaviours of @fastify/multipart:
 * throwFileSizeLimit (toBuffer throws) and without it (the stream is marked truncated).
 */
export async function readUpload(file: MultipartFile, messages: Pick<ImageMessages, 'field' | 'tooLarge'>): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(messages.field, messages.tooLarge);
    throw error;
  }
  if (file.file.truncated) throw fieldError(messages.field, messages.tooLarge);
  return bytes;
}

/** The content decides the type: JPEG, PNG or WebP, else 422 on the field. */
export async function checkImage(bytes: Buffer, messages: Pick<ImageMessages, 'field' | 'wrongType'>): Promise<CheckedImage> {
  return checked(bytes, await sniffImage(bytes), messages);
}

function checked(bytes: Buffer, ext: ImageExtension | undefined, messages: Pick<ImageMessages, 'field' | 'wrongType'>): CheckedImage {
  if (!ext) throw fieldError(messages.field, messages.wrongType);
  return { bytes, ext, mimeType: IMAGE_TYPES[ext] };
}

/** Reads and checks one uploaded image. */
export async function readImageUpload(file: MultipartFile, messages: ImageMessages): Promise<CheckedImage> {
  return await checkImage(await readUpload(file, messages), messages);
}

export const newStoredName = (ext: ImageExtension) => `${randomBytes(24).toString('base64url')}.${ext}`;

/** DATA_DIR/uploads/<kind>; a temporary directory per process when DATA_DIR is memory://. */
export function uploadsDir(dataDir: string, kind: string): string {
  return dataDir.startsWith('memory://') ? path.join(tmpdir(), `talcioc-${kind}-${process.pid}`) : path.resolve(dataDir, 'uploads', kind);
}

/** Writes the bytes under a new random name in `dir` (created on first use); answers the name. */
export async function storeUpload(dir: string, image: Pick<CheckedImage, 'bytes' | 'ext'>): Promise<string> {
  const name = newStoredName(image.ext);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), image.bytes, { flag: 'wx' });
  return name;
}

/** A stored file's bytes; undefined for a name we did not generate or a missing file. */
export async function readStoredUpload(dir: string, name: string): Promise<Buffer | undefined> {
  if (!STORED_FILE.test(name)) return undefined;
  return readFile(path.join(dir, name)).catch(() => undefined);
}

export async function removeStoredUpload(dir: string, name: string): Promise<void> {
  if (STORED_FILE.test(name)) await unlink(path.join(dir, name)).catch(() => undefined);
}

/**
 * The client's file name for display: no directories, letters, digits, spaces, dot, dash and
 * underscore only (diacritics folded), at most 80 characters, with the extension of the real type.
 */
export function displayFileName(clientName: string | undefined, ext: ImageExtension): string {
  const base = (clientName ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/[ ._-]*_[ ._-]*/g, '_')
    .replace(/^[ ._-]+|[ ._-]+$/g, '')
    .slice(0, 80);
  return `${stem || 'image'}.${ext}`;
}

/** `inline; filename="…"` for a name made by displayFileName (already safe in a quoted string). */
export const inlineDisposition = (name: string) => `inline; filename="${name.replace(/["\\\r\n]/g, '_')}"`;
