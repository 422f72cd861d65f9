/**
 * First screens' photos made before the first shopper asks (issue 15, ADR 043).
 *
 * The seeded catalog's photos are drawn lazily (a fresh `npm start` comes up in seconds, not
 * minutes), so the very first visitor of a fresh database waited ~0.6 s per photo while each was
 * drawn and encoded — ~5 s for the home page's first cards on 2 cores. After the server listens,
 * this walks what the home page and the category list show, in the order a shopper sees it,
 * and makes the AVIF widths a phone (DPR ~2.6) and a desktop (DPR 1) pick for those slots, one
 * job at a time through the pipeline's queue (a shopper's own request waits at most one job).
 * Everything goes through `pipeline.variant`, so a variant already in storage (another instance
 * made it, or an earlier start) costs one storage read and nothing is encoded twice.
 */
import type { FastifyInstance } from 'fastify';
import type { ImageMeta } from '#contract/images.ts';
import type { ImagePipeline } from './pipeline.ts';

/**
 * Advisory lock key of the warm-up: several instances starting together on one database (ADR 022)
 * leave it to the first; the others skip it (what it makes is in shared storage for them too).
 */
export const WARM_UP_LOCK_KEY = 7_248_301_115;

/** Most variants made by one warm-up (bounded work at start, ~0.3–0.6 s each on 2 cores). */
export const WARM_UP_MAX_JOBS = 80;

/** Widths per slot, by the field naming the image: phone (≈2.6×) first, then desktop. */
const WIDTHS_BY_FIELD: Record<string, number[]> = {
  image_meta: [1280, 960], // banners: the page's largest image (LCP)
  thumbnail_meta: [480, 320], // product cards (two columns on a phone), category tiles
  logo_meta: [160],
  banner_meta: [1280],
};

/** Every `{…}_meta` image description in an answer, in document order, with its field name. */
export function imagesIn(
  value: unknown,
  found: { field: string; meta: ImageMeta }[] = [],
  field = '',
): { field: string; meta: ImageMeta }[] {
  if (Array.isArray(value)) for (const item of value) imagesIn(item, found, field);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (field.endsWith('_meta') && typeof record.variants === 'string' && Array.isArray(record.widths))
      found.push({ field, meta: record as unknown as ImageMeta });
    else for (const [key, child] of Object.entries(record)) imagesIn(child, found, key);
  }
  return found;
}

/** The variants to make for these images: [key, width], without repeats, at most `max`. */
export function warmUpJobs(found: { field: string; meta: ImageMeta }[], max = WARM_UP_MAX_JOBS): [string, number][] {
  const jobs = new Map<string, [string, number]>();
  for (const { field, meta } of found) {
    const key = meta.variants.split('/').pop()!;
    for (const wanted of WIDTHS_BY_FIELD[field] ?? [480]) {
      const width = meta.widths.find((w) => w >= wanted) ?? meta.widths[meta.widths.length - 1];
      if (width !== undefined) jobs.set(`${key}/${width}`, [key, width]);
    }
  }
  return [...jobs.values()].slice(0, max);
}

/** Makes the first screens' variants until done or `closing()`; resolves with what it did (never rejects). */
export async function warmFirstScreens(
  app: Pick<FastifyInstance, 'inject'>,
  pipeline: ImagePipeline,
  closing: () => boolean = () => false,
  maxJobs = WARM_UP_MAX_JOBS,
): Promise<{ made: number; seconds: number }> {
  const started = performance.now();
  const found: { field: string; meta: ImageMeta }[] = [];
  for (const url of ['/api/home', '/api/categories']) {
    if (closing()) break;
    const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'ro' } }).catch(() => undefined);
    if (response?.statusCode === 200) imagesIn(response.json(), found);
  }
  let made = 0;
  for (const [key, width] of warmUpJobs(found, maxJobs)) {
    if (closing()) break;
    const before = pipeline.encodes;
    await pipeline.variant(key, width, 'avif').catch(() => undefined);
    made += pipeline.encodes - before;
  }
  return { made, seconds: (performance.now() - started) / 1000 };
}
