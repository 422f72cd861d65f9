/**
 * The `*_meta` of an image column (issue 15, ADR 043): one correlated lookup of the `images` row by
 * its key (primary key), read in the same statement as the row that names it.
 */
import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { ImageMeta } from '#contract/images.ts';
import { variantWidths } from '#contract/image-constants.ts';
import { images } from '#server/db/schema.ts';

/** Path under which the variants of `key` are served (routes/media.ts). */
export const variantsPath = (key: string) => `/media/img/v1/${key}`;

interface MetaRow {
  key: string;
  width: number;
  height: number;
  placeholder: string;
}

export function toImageMeta(value: unknown): ImageMeta | null {
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as MetaRow | null;
  if (!row) return null;
  return {
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    variants: variantsPath(row.key),
    widths: variantWidths(row.width),
  };
}

/**
 * The meta of a picture known only by a URL the pipeline served (`/media/img/v1/<key>/640.jpg`,
 * e.g. an order line's thumbnail frozen at purchase time): the key read back from the URL.
 */
export function imageMetaOfUrl(url: AnyColumn | SQL): SQL<ImageMeta | null> {
  return imageMeta(sql`substring(${url} from '^/media/img/v1/([^/]+)/')`);
}

/** `(SELECT json … FROM images WHERE key = <column>)`, mapped to ImageMeta | null. */
export function imageMeta(key: AnyColumn | SQL): SQL<ImageMeta | null> {
  return sql<ImageMeta | null>`(SELECT json_build_object('key', "im"."key", 'width', "im"."width", 'height', "im"."height", 'placeholder', "im"."placeholder") FROM ${images} AS "im" WHERE "im"."key" = ${key})`.mapWith(
    toImageMeta,
  );
}
