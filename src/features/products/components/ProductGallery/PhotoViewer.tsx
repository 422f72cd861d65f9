/**
 * Full-screen photo viewer of the product gallery (issue 15): opened by tapping the stage, it
 * shows the photo at the screen's full width and density — Save-Data or not, the shopper asked
 * for it — with previous/next (buttons, arrow keys, swipe), double-tap or double-click to zoom
 * 2.5× at that point (again to zoom out), pinch to zoom (1–4×) and drag to pan while zoomed.
 * Mantine's Modal gives the dialog role, the focus trap, Escape and focus return.
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Photo } from '#src/components/Photo/Photo.tsx';
import type { ImageMeta } from '#contract/images.ts';
import classes from './ProductGallery.module.css';

export interface ViewerPhoto {
  src: string;
  meta?: ImageMeta | null;
  label: string;
}

interface View {
  scale: number;
  x: number;
  y: number;
}
const REST: View = { scale: 1, x: 0, y: 0 };
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function PhotoViewer({
  photos,
  index,
  onIndex,
  onClose,
  title,
}: {
  photos: ViewerPhoto[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(REST);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ startX: number; startY: number; pinch?: number; base: View; moved: boolean }>({
    startX: 0,
    startY: 0,
    base: REST,
    moved: false,
  });
  const lastTap = useRef(0);
  const lastTouch = useRef(0);
  const total = photos.length;
  const photo = photos[index]!;

  const go = (next: number) => {
    setView(REST);
    onIndex((next + total) % total);
  };
  const zoomAt = (clientX: number, clientY: number, box: DOMRect) => {
    if (view.scale > 1) return setView(REST);
    const scale = 2.5;
    // Keep the tapped point where it is: offset from the centre, scaled.
    const dx = clientX - (box.left + box.width / 2);
    const dy = clientY - (box.top + box.height / 2);
    setView({ scale, x: -dx * (scale - 1), y: -dy * (scale - 1) });
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    gesture.current = {
      startX: event.clientX,
      startY: event.clientY,
      base: view,
      moved: false,
      pinch: points.length === 2 ? Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y) : undefined,
    };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    const points = [...pointers.current.values()];
    if (points.length === 2 && g.pinch) {
      const distance = Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y);
      g.moved = true;
      setView({ ...g.base, scale: clamp((g.base.scale * distance) / g.pinch, 1, 4) });
    } else if (points.length === 1 && view.scale > 1) {
      g.moved = g.moved || Math.abs(event.clientX - g.startX) + Math.abs(event.clientY - g.startY) > 6;
      setView({ ...g.base, x: g.base.x + event.clientX - g.startX, y: g.base.y + event.clientY - g.startY });
    }
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (event.pointerType !== 'mouse') lastTouch.current = event.timeStamp;
    const g = gesture.current;
    if (pointers.current.size > 0 || g.moved) return;
    const dx = event.clientX - g.startX;
    const dy = event.clientY - g.startY;
    if (view.scale === 1 && Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) return go(index + (dx < 0 ? 1 : -1));
    if (event.pointerType !== 'mouse' && Math.abs(dx) + Math.abs(dy) < 10) {
      // Double tap (a mouse has onDoubleClick).
      const now = event.timeStamp;
      if (now - lastTap.current < 320) {
        lastTap.current = 0;
        zoomAt(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
      } else lastTap.current = now;
    }
  };

  return (
    <Modal opened onClose={onClose} fullScreen title={title} classNames={{ body: classes.viewerBody }} data-testid="photo-viewer">
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys anywhere in the viewer turn the photo; the buttons inside are the focusable controls */}
      <div
        className={classes.viewerStage}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') go(index + 1);
          else if (event.key === 'ArrowLeft') go(index - 1);
          else return;
          event.preventDefault();
        }}
      >
        <div
          className={classes.viewerFrame}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={(event) => pointers.current.delete(event.pointerId)}
          onDoubleClick={(event) => {
            // Touch double taps are handled on pointerup; a synthesized dblclick after them is ignored.
            if (lastTouch.current && event.timeStamp - lastTouch.current < 600) return;
            zoomAt(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
          }}
          data-zoomed={view.scale > 1 || undefined}
        >
          <div style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }} className={classes.viewerZoom}>
            <Photo
              key={photo.src}
              src={photo.src}
              meta={photo.meta}
              alt={photo.label}
              sizes="100vw"
              full
              priority
              className={classes.viewerImage}
              data-testid="viewer-image"
            />
          </div>
        </div>
        {total > 1 && (
          <>
            <button
              type="button"
              className={`${classes.arrow} ${classes.prev}`}
              onClick={() => go(index - 1)}
              aria-label={t('product.gallery_previous')}
            >
              ‹
            </button>
            <button
              type="button"
              className={`${classes.arrow} ${classes.next}`}
              onClick={() => go(index + 1)}
              aria-label={t('product.gallery_next')}
            >
              ›
            </button>
          </>
        )}
        <p className={classes.viewerHint} aria-live="polite">
          {index + 1} / {total} · {t(view.scale > 1 ? 'product.gallery_zoom_out_hint' : 'product.gallery_zoom_hint')}
        </p>
      </div>
    </Modal>
  );
}
