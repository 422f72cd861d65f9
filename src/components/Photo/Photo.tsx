/**
 * Every catalog picture (issue 15, ADR 043): `<picture>` with AVIF and WebP sources and a JPEG
 * fallback from the pipeline's width ladder, `srcset`/`sizes` so the browser picks the width the
 * layout needs at the screen's density, explicit width/height (no layout shift), lazy and async by
 * default (`priority` for the page's largest image: eager, fetchpriority high), and the image's
 * ThumbHash as its background while it loads — shown instead of a broken image when it fails.
 * With Save-Data or a 2g/slow-2g connection only the smaller widths are offered.
 * An image outside the pipeline (no `meta`: a generated SVG) is a plain <img>; no URL at all (an
 * order line whose product lost its picture) is the same neutral box a failed load becomes.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import type { ImageMeta } from '#contract/images.ts';
import { variantUrl, type ImageFormat } from '#contract/image-constants.ts';
import { decodedPlaceholderUrl, placeholderColour, placeholderUrl, requestPlaceholderUrl } from './placeholder.ts';
import { SAVE_DATA_MAX_WIDTH } from '#src/lib/photo-sizes.ts';

export { SAVE_DATA_MAX_WIDTH };

/** A transparent 1×1 GIF: the box of a picture that could not be shown, painted by its background. */
const EMPTY_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the shopper asked to save data or is on a 2g-class connection (read per render: it can change). */
export function prefersLightImages(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/** The widths to offer: all of them, or on a light connection those up to SAVE_DATA_MAX_WIDTH (at least the smallest). */
export function offeredWidths(meta: Pick<ImageMeta, 'widths'>, light = prefersLightImages()): number[] {
  if (!light) return meta.widths;
  const small = meta.widths.filter((w) => w <= SAVE_DATA_MAX_WIDTH);
  return small.length ? small : meta.widths.slice(0, 1);
}

export const srcSetOf = (meta: Pick<ImageMeta, 'variants'>, widths: number[], format: ImageFormat) =>
  widths.map((w) => `${variantUrl(meta.variants, w, format)} ${w}w`).join(', ');

export interface PhotoProps {
  /** The spec's URL (used as it is when the image has no `meta`). */
  src: string;
  meta: ImageMeta | null | undefined;
  alt: string;
  /** CSS width of the slot, as for `sizes` (e.g. "(min-width: 62em) 25vw, 50vw"). */
  sizes: string;
  /** Attributes of the box (aspect ratio); the intrinsic size when not given. */
  width?: number;
  height?: number;
  /** The page's largest image: loaded at once with high priority. */
  priority?: boolean;
  /** Every width even on Save-Data/2g: the shopper asked for the full-size photo. */
  full?: boolean;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** The connection's Save-Data and type are read once per render; no event is followed. */
const noChange = () => () => undefined;

export function Photo({ src, meta, alt, sizes, width, height, priority = false, full = false, className, style, ...rest }: PhotoProps) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // The server draws every width (ADR 044); hydrated, a Save-Data phone then re-renders with its own.
  const light = useSyncExternalStore(noChange, prefersLightImages, () => false);
  const w = width ?? meta?.width;
  const h = height ?? meta?.height;
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const hash = meta?.placeholder;
  // The page's largest picture has its blurred preview at once; the others start with its average
  // colour and get the preview in idle time, if they are still loading (placeholder.ts: decoding
  // every preview in the first render was a long task on a cheap phone).
  // Taken once: a later render must not paint a preview behind a photo that has loaded since.
  const [previewNow] = useState(() => (hash ? (priority ? placeholderUrl(hash) : decodedPlaceholderUrl(hash)) : undefined));
  const showing = Boolean(src) && !failed && Boolean(meta);
  // A screen drawn by the server (ADR 044) may have loaded or failed its photos before the app took
  // it over, and React does not replay those events: what they would have done, done now.
  useEffect(() => {
    const img = image.current;
    if (!img || !img.complete || !img.currentSrc) return;
    if (img.naturalWidth === 0) setFailed(true);
    else {
      img.style.backgroundImage = 'none';
      img.style.backgroundColor = 'transparent';
    }
  }, []);
  useEffect(() => {
    const img = image.current;
    if (!hash || !showing || previewNow !== undefined || !img || img.complete) return;
    return requestPlaceholderUrl(hash, (url) => {
      // Loaded meanwhile (onLoad cleared the background): nothing to show behind it.
      if (!url || img.complete || img.style.backgroundImage === 'none') return;
      img.style.backgroundImage = `url(${url})`;
    });
  }, [hash, showing, previewNow]);

  // Never a broken-image icon (a failed load, or a line with no picture at all): the placeholder's
  // colours — or, for an image outside the pipeline, a neutral tone — in the same box. The box is
  // still an <img> (of an inline data URL that cannot fail) so its width/height attributes and the
  // caller's class size it exactly as the photo would have been: a <span> there collapsed to
  // nothing in a flex column (the header's round category icons left an empty band offline).
  if (failed || !src) {
    const background: CSSProperties = hash
      ? { backgroundImage: `url(${placeholderUrl(hash)})`, backgroundSize: 'cover', backgroundPosition: 'center' }
      : { backgroundColor: 'var(--mantine-color-gray-2)' };
    return (
      <img
        src={EMPTY_PIXEL}
        alt={alt}
        width={w}
        height={h}
        className={className}
        style={{ ...style, ...background }}
        data-testid={rest['data-testid']}
        data-photo-failed=""
      />
    );
  }
  if (!meta) {
    return (
      <img
        src={src}
        alt={alt}
        width={w}
        height={h}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
        ref={image}
        style={style}
        onError={() => setFailed(true)}
        data-testid={rest['data-testid']}
      />
    );
  }
  const background: CSSProperties = {
    backgroundColor: placeholderColour(meta.placeholder) || undefined,
    backgroundImage: previewNow ? `url(${previewNow})` : undefined,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };
  const widths = full ? meta.widths : offeredWidths(meta, light);
  const fallback = variantUrl(meta.variants, widths.find((x) => x >= 640) ?? widths[widths.length - 1]!, 'jpg');
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetOf(meta, widths, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(meta, widths, 'webp')} sizes={sizes} />
      <img
        src={fallback}
        srcSet={srcSetOf(meta, widths, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={w}
        height={h}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className}
        ref={image}
        style={{ ...style, ...background }}
        onLoad={(event) => {
          // Loaded: the placeholder behind it goes (no re-render for it), colour too (a logo may be transparent).
          event.currentTarget.style.backgroundImage = 'none';
          event.currentTarget.style.backgroundColor = 'transparent';
        }}
        onError={() => setFailed(true)}
        data-testid={rest['data-testid']}
      />
    </picture>
  );
}
