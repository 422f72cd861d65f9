/**
 * The image pipeline (issue 15, ADR 043): one path for every raster image, seeded or uploaded.
 *
 * - Originals are stored once, under their content address, through the file store (ADR 022:
 *   `stored_files` on PostgreSQL, DATA_DIR/uploads embedded): uploads when they arrive (EXIF
 *   orientation applied, every metadata block dropped, at most MAX_ORIGINAL_SIDE px), seeded
 *   photos on first request (media/photo.ts draws them from their recipe, deterministically).
 *   A seeded photo's variants narrower than the original are drawn at their own width instead
 *   of being reduced from it: a seventh of the time, and the original is drawn only if asked.
 * - Variants — AVIF, WebP and JPEG at IMAGE_WIDTHS — are made on first request, then kept in the
 *   file store; another instance finds them there. In one process a variant is encoded once
 *   however many requests ask for it together (single flight), and at most `concurrency` images
 *   are drawn or encoded at a time; past `maxQueue` waiting jobs a request gets 503 + Retry-After.
 * - `limitInputPixels` on every decode: a decompression bomb is refused before it is decoded.
 * - Private uploads (ticket attachments, issue 38) get a key with a per-file secret and an owner;
 *   routes serve their variants to that owner only. A new variant is admitted by the caller
 *   (the per-address limit) and dropped before encoding once its clients went away.
 */
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp, { type OutputInfo } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { Database } from '#server/db/client.ts';
import type { FileStore } from '#server/services/file-store.ts';
import { HttpError, fieldError } from '#server/lib/http-error.ts';
import { countImageUses, deleteUploadedImage, findImage, insertImageOnce } from '#server/repositories/image-repository.ts';
import { IMAGE_FORMATS, variantWidths, type ImageFormat } from '#contract/image-constants.ts';
import { drawPhoto, photoSize, recipeKey, renderPhoto, renderSmall, type PhotoRecipe, type RawPixels } from './photo.ts';

/** libvips threads per image: the pipeline's own queue decides how many images run at once. */
sharp.concurrency(1);
sharp.cache({ memory: 64, files: 0, items: 50 });

/** Largest image decoded (width × height): 50 MP covers every phone camera; a bomb claims far more. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Uploaded originals are kept at most this many px on the long side. */
export const MAX_ORIGINAL_SIDE = 3200;

export type OriginalFormat = 'jpg' | 'png' | 'webp';

export interface ImageRecord {
  key: string;
  width: number;
  height: number;
  placeholder: string;
  format: OriginalFormat;
  recipe: PhotoRecipe | null;
  /** The only user its variants are served to (a private upload, issue 38); null: public. */
  ownerId?: number | null;
}

/** What a variant request brings besides its name (issue 38). */
export interface VariantRequest {
  /**
   * Called once before a new variant is made for this request (not when it is stored already, nor
   * when another request is making it): counts it against the client's limit, throws to refuse.
   */
  admit?: () => Promise<unknown>;
  /** Aborted when the client went away: its job is dropped before encoding if nobody else waits for it. */
  signal?: AbortSignal;
}

/** A job dropped because every request waiting for it went away (issue 38). */
export class VariantAbandoned extends Error {
  constructor() {
    super('every client waiting for this image variant went away');
  }
}

/** Keys of images known to be public, remembered so the public route checks the database once per key. */
const PUBLIC_KEYS_REMEMBERED = 10_000;

const originalName = (key: string, format: string) => `${key}.${format}`;
const variantName = (key: string, width: number, format: ImageFormat) => `${key}-${width}.${format}`;

/** ThumbHash (base64) of an image: drawn into at most 100×100 px first, as ThumbHash requires. */
export async function thumbHashOf(input: Buffer | { width: number; height: number; rgba: Buffer }): Promise<string> {
  const small = Buffer.isBuffer(input)
    ? await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .resize(100, 100, { fit: 'inside' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
    : { data: input.rgba, info: { width: input.width, height: input.height } };
  return Buffer.from(rgbaToThumbHash(small.info.width, small.info.height, small.data)).toString('base64');
}

/** The images row of a generated photo: size and placeholder without drawing the photo itself. */
export async function generatedImage(recipe: PhotoRecipe, knownPlaceholder?: string): Promise<ImageRecord> {
  const { width, height } = photoSize(recipe);
  const placeholder = knownPlaceholder ?? (await thumbHashOf(await renderSmall(recipe)));
  return { key: recipeKey(recipe), width, height, placeholder, format: 'jpg', recipe };
}

/** One variant from an original (or a drawing): resized (never enlarged), orientation applied, no metadata. */
export async function encodeVariant(original: Buffer | RawPixels, width: number, format: ImageFormat): Promise<Buffer> {
  const input = Buffer.isBuffer(original)
    ? sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    : sharp(original.data, { raw: { width: original.width, height: original.height, channels: 3 } });
  const image = input.rotate().resize({ width, withoutEnlargement: true });
  // sharp writes no EXIF, XMP, IPTC or ICC block unless asked (keepMetadata/withMetadata): none is.
  switch (format) {
    case 'avif':
      return image.avif({ quality: 52, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer();
    case 'webp':
      return image.webp({ quality: 74, effort: 3 }).toBuffer();
    case 'jpg':
      return image.jpeg({ quality: 76, mozjpeg: true, progressive: true }).toBuffer();
  }
}

export interface UploadMessages {
  field: string;
  /** Not an image we read (or a damaged one). */
  wrongType: string;
  /** More pixels than MAX_INPUT_PIXELS. */
  tooManyPixels: string;
}

export interface ImagePipelineOptions {
  /** Images drawn or encoded at once (default: cores − 1, at least 1). */
  concurrency?: number;
  /** Jobs allowed to wait for a slot; more → 503 (default 200). */
  maxQueue?: number;
}

export class ImagePipeline {
  /** Variants this process encoded (tests: concurrent requests for one variant encode once). */
  encodes = 0;
  /** Generated photos this process drew (full-size originals, and narrower variants drawn at their width). */
  drawn = 0;
  /** Variant jobs this process dropped before encoding because their clients went away. */
  abandoned = 0;
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Per running variant job: how many requests still wait for it. */
  private readonly waiters = new Map<string, number>();
  private readonly publicKeys = new Set<string>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  private readonly concurrency: number;
  private readonly maxQueue: number;

  constructor(
    private readonly db: Database,
    private readonly files: FileStore,
    options: ImagePipelineOptions = {},
  ) {
    this.concurrency = options.concurrency ?? Math.max(1, availableParallelism() - 1);
    this.maxQueue = options.maxQueue ?? 200;
  }

  /** Images being drawn or encoded now. */
  get running(): number {
    return this.active;
  }

  /** Jobs waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `job` in one of the `concurrency` slots (a bounded queue in front). `wanted`, asked once the
   * slot is free, drops a job nobody waits for any more instead of running it.
   */
  private async slot<T>(job: () => Promise<T>, wanted: () => boolean = () => true): Promise<T> {
    if (this.active < this.concurrency) this.active++;
    else {
      if (this.waiting.length >= this.maxQueue) throw new HttpError(503, 'media.busy', undefined, { headers: { 'Retry-After': '2' } });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      if (!wanted()) {
        this.abandoned++;
        throw new VariantAbandoned();
      }
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** One promise per name while it runs: requests arriving together share it. */
  private once<T>(name: string, run: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(name) as Promise<T> | undefined;
    if (running) return running;
    const promise = run().finally(() => this.inflight.delete(name));
    this.inflight.set(name, promise);
    return promise;
  }

  async find(key: string): Promise<ImageRecord | undefined> {
    const row = await findImage(this.db, key);
    return row ? { ...row, format: row.format as OriginalFormat, recipe: (row.recipe as PhotoRecipe | null) ?? null } : undefined;
  }

  /**
   * The user a private image's variants are served to; null for a public (or unknown) key. Public
   * keys are remembered (an image's privacy is fixed when it is stored), so the catalog's photos
   * cost one lookup per key and process.
   */
  async privateOwner(key: string): Promise<number | null> {
    if (this.publicKeys.has(key)) return null;
    const record = await this.find(key);
    if (!record) return null;
    if (record.ownerId != null) return record.ownerId;
    if (this.publicKeys.size >= PUBLIC_KEYS_REMEMBERED) this.publicKeys.clear();
    this.publicKeys.add(key);
    return null;
  }

  /** The original's bytes: from the store, or drawn from its recipe once and stored. */
  original(record: ImageRecord): Promise<Buffer | undefined> {
    return this.once(`original:${record.key}`, async () => {
      const name = originalName(record.key, record.format);
      const stored = await this.files.get('originals', name);
      if (stored) return stored;
      if (!record.recipe) return undefined;
      const recipe = record.recipe;
      const bytes = await this.slot(() => renderPhoto(recipe));
      this.drawn++;
      await this.files.putOnce('originals', name, bytes);
      return bytes;
    });
  }

  /**
   * A variant's bytes (made and kept on first request); undefined for an unknown key or width.
   * A stored variant, or one another request is making, is answered as it is; a new one is first
   * admitted (`request.admit`: the client's limit, issue 38) and dropped before its encoding starts
   * when every request waiting for it went away (`request.signal`).
   */
  async variant(key: string, width: number, format: ImageFormat, request: VariantRequest = {}): Promise<Buffer | undefined> {
    const name = variantName(key, width, format);
    const job = `variant:${name}`;
    const running = this.inflight.get(job) as Promise<Buffer | undefined> | undefined;
    if (running) return this.waitFor(job, running, request.signal);
    const stored = await this.files.get('variants', name);
    if (stored) return stored;
    const record = await this.find(key);
    if (!record || !variantWidths(record.width).includes(width)) return undefined;
    // Another request may have started it while this one looked: join it, uncounted.
    const started = this.inflight.get(job) as Promise<Buffer | undefined> | undefined;
    if (started) return this.waitFor(job, started, request.signal);
    await request.admit?.();
    if (request.signal?.aborted) {
      this.abandoned++;
      throw new VariantAbandoned();
    }
    // Counted as waiting before the job starts (it may take a free slot at once and ask).
    const leave = this.addWaiter(job, request.signal);
    const made = this.once(job, () => this.make(name, record, width, format, () => (this.waiters.get(job) ?? 0) > 0));
    return made.finally(leave);
  }

  /** Counts this request among the job's waiters until it answers or the request's client goes away. */
  private waitFor<T>(job: string, promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    return promise.finally(this.addWaiter(job, signal));
  }

  /** Counts a waiter of `job` until the returned function is called or `signal` aborts. */
  private addWaiter(job: string, signal: AbortSignal | undefined): () => void {
    this.waiters.set(job, (this.waiters.get(job) ?? 0) + 1);
    let counted = true;
    const leave = () => {
      if (!counted) return;
      counted = false;
      const left = (this.waiters.get(job) ?? 1) - 1;
      if (left > 0) this.waiters.set(job, left);
      else this.waiters.delete(job);
    };
    signal?.addEventListener('abort', leave, { once: true });
    return () => {
      signal?.removeEventListener('abort', leave);
      leave();
    };
  }

  private async make(name: string, record: ImageRecord, width: number, format: ImageFormat, wanted: () => boolean) {
    let bytes: Buffer;
    if (record.recipe && width < record.width) {
      // A generated photo's smaller widths are drawn at that width (~0.1 s), not reduced from
      // the full-size drawing (~0.9 s): the same bytes on every instance whatever is stored.
      const recipe = record.recipe;
      bytes = await this.slot(async () => encodeVariant(await drawPhoto(recipe, width), width, format), wanted);
      this.drawn++;
    } else {
      const original = await this.original(record);
      if (!original) return undefined;
      bytes = await this.slot(() => encodeVariant(original, width, format), wanted);
    }
    this.encodes++;
    await this.files.putOnce('variants', name, bytes);
    return bytes;
  }

  /**
   * An uploaded image into the pipeline: decoded under the pixel limit, turned upright (EXIF
   * orientation), at most MAX_ORIGINAL_SIDE px, re-encoded without any metadata (a phone photo's
   * GPS position goes here), stored once under the SHA-256 of the result. Unreadable → 422 on
   * the field. The caller has already checked the type by magic bytes and the byte size.
   */
  async ingest(bytes: Buffer, messages: UploadMessages, options: { ownerId?: number } = {}): Promise<ImageRecord & { size: number }> {
    let clean: { data: Buffer; info: OutputInfo };
    let format: OriginalFormat;
    try {
      const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      const meta = await input.metadata();
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw fieldError(messages.field, messages.tooManyPixels);
      format = meta.format === 'png' ? 'png' : meta.format === 'webp' ? 'webp' : 'jpg';
      const upright = input.rotate().resize(MAX_ORIGINAL_SIDE, MAX_ORIGINAL_SIDE, { fit: 'inside', withoutEnlargement: true });
      const encoded = format === 'png' ? upright.png() : format === 'webp' ? upright.webp({ quality: 90 }) : upright.jpeg({ quality: 90 });
      clean = await this.slot(() => encoded.toBuffer({ resolveWithObject: true }));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (/pixel limit/i.test(String((error as Error).message))) throw fieldError(messages.field, messages.tooManyPixels);
      throw fieldError(messages.field, messages.wrongType);
    }
    // A private upload's key hashes a secret of its own with the bytes (issue 38): whoever holds a
    // copy of the picture can neither find it nor confirm it was uploaded. Public ones stay content
    // addresses (the same bytes stored once).
    const hash = createHash('sha256');
    if (options.ownerId !== undefined) hash.update(randomBytes(32));
    const key = hash.update(clean.data).digest('hex').slice(0, 32);
    const record: ImageRecord = {
      key,
      width: clean.info.width,
      height: clean.info.height,
      placeholder: await thumbHashOf(clean.data),
      format,
      recipe: null,
      ownerId: options.ownerId ?? null,
    };
    await this.files.putOnce('originals', originalName(key, format), clean.data);
    await insertImageOnce(this.db, record);
    return { ...record, size: clean.data.length };
  }

  /**
   * Removes an uploaded image (original, variants, row) named `<key>.<format>` once nothing uses it:
   * no profile photo, no ticket attachment, no catalog row (content addresses can be shared).
   */
  async forgetIfUnused(name: string): Promise<boolean> {
    const match = /^([0-9a-f]{32})\.(jpg|png|webp)$/.exec(name);
    if (!match) return false;
    const key = match[1]!;
    if ((await countImageUses(this.db, name)) > 0) return false;
    const record = await this.find(key);
    if (!record || record.recipe) return false;
    try {
      await deleteUploadedImage(this.db, key);
    } catch {
      return false; // still named by a catalog row
    }
    await this.files.remove('originals', name);
    for (const width of variantWidths(record.width))
      for (const format of IMAGE_FORMATS) await this.files.remove('variants', variantName(key, width, format));
    return true;
  }

  /** An original's bytes by its stored name (`<key>.<format>`), for routes serving originals. */
  storedOriginal(name: string): Promise<Buffer | undefined> {
    return this.files.get('originals', name);
  }
}

const pipelines = new WeakMap<object, ImagePipeline>();

/** The pipeline of an app (one per database handle, so one per server instance). */
export function imagePipeline(app: { db: Database; files: FileStore }): ImagePipeline {
  let pipeline = pipelines.get(app.db);
  if (!pipeline) {
    pipeline = new ImagePipeline(app.db, app.files);
    pipelines.set(app.db, pipeline);
  }
  return pipeline;
}
