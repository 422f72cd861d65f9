/**
 * Product gallery (product §2): the product's images and videos in a stage shaped like the first photo that never
 * shifts the layout, and a strip of thumbnails (arrow keys, Home and End move between them).
 * Videos play in a native player with controls and load nothing until asked
 * (preload="none"); when the product's thumbnail is the default image, the video (with its
 * poster) comes first, as on the product card.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductDetails } from '#contract/catalog.ts';
import type { ImageMeta } from '#contract/images.ts';
import { Photo } from '#src/components/Photo/Photo.tsx';
import { DEFAULT_PRODUCT_THUMBNAIL, isDefaultImage } from '../../lib/media.ts';
import { lazyPart, prefetchCode } from '#src/lib/lazy-part.tsx';
import { whenEngaged } from '#src/lib/when-idle.ts';
import { STAGE_SIZES } from '#src/lib/photo-sizes.ts';
import classes from './ProductGallery.module.css';

/**
 * The full-screen viewer's code (Mantine's Modal with its focus trap, scroll lock and scroll area:
 * about half of the catalog screens' chunk) loads when the shopper first touches the page, not
 * with the first screen: evaluating it was part of a product page's longest start-up task
 * (issue 15, TBT). Offline before the service worker precached it, the tap shows nothing until
 * the device is back online (lib/lazy-part.tsx).
 */
const loadViewer = () => import('./PhotoViewer.tsx');
const PhotoViewer = lazyPart(loadViewer, 'PhotoViewer');

export type GalleryItem = { kind: 'image'; src: string; meta?: ImageMeta | null } | { kind: 'video'; src: string; poster: string };

type GalleryProduct = Pick<ProductDetails, 'name' | 'thumbnail' | 'images' | 'videos'> & Partial<Pick<ProductDetails, 'thumbnail_meta'>>;

export { STAGE_SIZES };

/** Images (or the thumbnail when there are none) and videos; videos first when there is no real picture. */
export function galleryItems(product: GalleryProduct): GalleryItem[] {
  let images: GalleryItem[] = product.images
    .filter((image) => !isDefaultImage(image.url))
    .map((image) => ({ kind: 'image', src: image.url, meta: image.meta }));
  if (images.length === 0 && !isDefaultImage(product.thumbnail))
    images = [{ kind: 'image', src: product.thumbnail, meta: product.thumbnail_meta }];
  const videos: GalleryItem[] = product.videos.map((video) => ({ kind: 'video', src: video.url, poster: video.thumbnail }));
  if (images.length === 0 && videos.length === 0) return [{ kind: 'image', src: DEFAULT_PRODUCT_THUMBNAIL }];
  return images.length === 0 ? videos : [...images, ...videos];
}

/**
 * The stage takes the shape of the product's first photo (its size is known before it loads), kept
 * between portrait 3:4 and landscape 4:3, and keeps it for every item: a 4:3 phone photo fills the
 * stage instead of sitting between grey bands, and the page never moves while swiping.
 */
export function stageRatio(items: GalleryItem[]): string {
  const first = items[0];
  const meta = first?.kind === 'image' ? first.meta : null;
  if (!meta || meta.width <= 0 || meta.height <= 0) return '1 / 1';
  const ratio = Math.min(4 / 3, Math.max(3 / 4, meta.width / meta.height));
  return ratio === meta.width / meta.height ? `${meta.width} / ${meta.height}` : ratio > 1 ? '4 / 3' : '3 / 4';
}

export function ProductGallery({ product }: { product: GalleryProduct }) {
  const { t } = useTranslation();
  const items = galleryItems(product);
  const [selected, setSelected] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const [viewing, setViewing] = useState(false);
  const swipe = useRef<number | null>(null);
  const swiped = useRef(false);
  const photos = items.flatMap((item, i) => (item.kind === 'image' ? [{ item, i }] : []));
  const index = Math.min(selected, items.length - 1);
  const current = items[index]!;
  const total = items.length;
  // Its code is here by the time the shopper taps a photo: fetched at her first touch of the page.
  const hasPhotos = photos.length > 0;
  useEffect(() => {
    if (hasPhotos) whenEngaged(() => prefetchCode(loadViewer));
  }, [hasPhotos]);

  const labelFor = (item: GalleryItem, i: number) =>
    item.kind === 'video'
      ? t('product.gallery_video', { name: product.name, n: i + 1, total })
      : t('product.gallery_image', { name: product.name, n: i + 1, total });

  const select = (next: number, focus = false) => {
    const wrapped = (next + total) % total;
    setSelected(wrapped);
    if (focus) thumbs.current[wrapped]?.focus();
  };

  const onStripKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: total - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <div className={classes.root} data-testid="product-gallery">
      <div className={classes.stage} style={{ aspectRatio: stageRatio(items) }}>
        {current.kind === 'video' ? (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- a seller's video of the item, uploaded without captions; its label names it
          <video
            key={current.src + index}
            className={classes.media}
            controls
            preload="none"
            playsInline
            poster={current.poster}
            src={current.src}
            aria-label={labelFor(current, index)}
            data-testid="gallery-video"
          />
        ) : (
          <>
            <Photo
              key={current.src}
              className={classes.media}
              src={current.src}
              meta={current.meta}
              alt={labelFor(current, index)}
              sizes={STAGE_SIZES}
              width={600}
              height={600}
              priority={index === 0}
              data-testid="gallery-image"
            />
            {/* Tap (or Enter) for the full-size photo; a horizontal swipe moves to the next one. */}
            <button
              type="button"
              className={classes.open}
              aria-label={t('product.gallery_open_full', { n: index + 1 })}
              onPointerDown={(event) => (swipe.current = event.clientX)}
              onPointerUp={(event) => {
                const dx = swipe.current === null ? 0 : event.clientX - swipe.current;
                swipe.current = null;
                if (Math.abs(dx) > 40) {
                  swiped.current = true;
                  select(index + (dx < 0 ? 1 : -1));
                }
              }}
              onClick={() => {
                if (swiped.current) swiped.current = false;
                else setViewing(true);
              }}
              data-testid="gallery-open"
            />
          </>
        )}
        {total > 1 && (
          <>
            <button
              type="button"
              className={`${classes.arrow} ${classes.prev}`}
              onClick={() => select(index - 1)}
              aria-label={t('product.gallery_previous')}
            >
              ‹
            </button>
            <button
              type="button"
              className={`${classes.arrow} ${classes.next}`}
              onClick={() => select(index + 1)}
              aria-label={t('product.gallery_next')}
            >
              ›
            </button>
            <span className={classes.counter} aria-hidden="true">
              {index + 1} / {total}
            </span>
          </>
        )}
      </div>
      {viewing && current.kind === 'image' && (
        <PhotoViewer
          title={t('product.gallery_full_title', { name: product.name })}
          photos={photos.map(({ item, i }) => ({
            src: item.src,
            meta: item.kind === 'image' ? item.meta : null,
            label: labelFor(item, i),
          }))}
          index={Math.max(
            0,
            photos.findIndex(({ i }) => i === index),
          )}
          onIndex={(n) => setSelected(photos[n]!.i)}
          onClose={() => setViewing(false)}
        />
      )}
      {total > 1 && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- roving focus: arrow keys move between the thumbnail buttons (WAI-ARIA APG)
        <div className={classes.strip} role="group" aria-label={t('product.gallery')} onKeyDown={onStripKey}>
          {items.map((item, i) => (
            <button
              key={`${item.src}-${i}`}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              className={classes.thumb}
              data-selected={i === index || undefined}
              aria-current={i === index ? 'true' : undefined}
              aria-label={labelFor(item, i)}
              tabIndex={i === index ? 0 : -1}
              onClick={() => select(i)}
            >
              {item.kind === 'video' ? (
                <img src={item.poster} alt="" width={64} height={64} loading="lazy" decoding="async" />
              ) : (
                <Photo src={item.src} meta={item.meta} alt="" sizes="64px" width={64} height={64} />
              )}
              {item.kind === 'video' && (
                <span className={classes.play} aria-hidden="true">
                  ▶
                </span>
              )}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export function ProductGallerySkeleton() {
  return (
    <div className={classes.root} aria-hidden="true" data-testid="product-gallery-skeleton">
      {/* 4:3, the shape of most photos in the catalog: the stage that replaces it rarely moves the page. */}
      <Skeleton className={classes.stage} style={{ aspectRatio: '4 / 3' }} h="auto" radius="md" />
      <div className={classes.strip}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} w={64} h={64} radius="sm" />
        ))}
      </div>
    </div>
  );
}
