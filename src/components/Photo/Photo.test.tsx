import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Photo, offeredWidths } from './Photo.tsx';
import type { ImageMeta } from '#contract/images.ts';

const meta: ImageMeta = {
  width: 1600,
  height: 1200,
  // A real ThumbHash (a blue jacket on a grey surface).
  placeholder: 'bOcFHYTtSUh/hod5cGeIdfeIfo/o',
  variants: '/media/img/v1/0123456789abcdef0123456789abcdef',
  widths: [160, 320, 480, 640, 960, 1280, 1600],
};

const setConnection = (value: object | undefined) => Object.defineProperty(navigator, 'connection', { value, configurable: true });
afterEach(() => setConnection(undefined));

describe('<Photo>', () => {
  it('offers AVIF and WebP sources and a JPEG fallback over the whole ladder, lazy and async, with its size and placeholder', async () => {
    const { container } = render(<Photo src="/x.jpg" meta={meta} alt="Geacă" sizes="50vw" width={300} height={300} />);
    const sources = container.querySelectorAll('picture > source');
    expect([...sources].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(meta.widths.map((w) => `${meta.variants}/${w}.avif ${w}w`).join(', '));
    expect(sources[1]!.getAttribute('sizes')).toBe('50vw');
    const img = screen.getByRole('img', { name: 'Geacă' });
    expect(img.getAttribute('srcset')).toContain(`${meta.variants}/1600.jpg 1600w`);
    expect(img.getAttribute('src')).toBe(`${meta.variants}/640.jpg`);
    expect(img).toHaveAttribute('width', '300');
    expect(img).toHaveAttribute('height', '300');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
    // The average colour at once; the blurred preview is decoded in idle time, not in the render.
    expect(img.style.backgroundColor).toMatch(/^rgb\(/);
    expect(img.style.backgroundImage).toBe('');
    await waitFor(() => expect(img.style.backgroundImage).toMatch(/^url\("?data:image\/png;base64,/));
    fireEvent.load(img);
    expect(img.style.backgroundImage).toBe('none');
    expect(img.style.backgroundColor).toBe('transparent');
  });

  it('a picture that loads before its preview is decoded never gets the preview behind it', async () => {
    const other = { ...meta, placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw' };
    render(<Photo src="/y.jpg" meta={other} alt="Rochie" sizes="50vw" />);
    const img = screen.getByRole('img', { name: 'Rochie' });
    fireEvent.load(img);
    // Another picture with the same hash, rendered later, is decoded in idle time: once it has its
    // preview, the idle queue has run past the first one.
    render(<Photo src="/z.jpg" meta={other} alt="Rochie 2" sizes="50vw" />);
    const second = screen.getByRole('img', { name: 'Rochie 2' });
    await waitFor(() => expect(second.style.backgroundImage).toMatch(/^url\("?data:image\/png;base64,/));
    expect(img.style.backgroundImage).toBe('none');
  });

  it('the page largest image loads at once with high priority', () => {
    render(<Photo src="/x.jpg" meta={meta} alt="" sizes="100vw" priority />);
    const img = document.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1200');
    // Its blurred preview is there in the first render.
    expect(img.style.backgroundImage).toMatch(/^url\("?data:image\/png;base64,/);
  });

  it('on Save-Data or 2g offers only the small widths', () => {
    setConnection({ saveData: true });
    expect(offeredWidths(meta)).toEqual([160, 320, 480]);
    setConnection({ effectiveType: 'slow-2g' });
    expect(offeredWidths(meta)).toEqual([160, 320, 480]);
    setConnection({ effectiveType: '4g' });
    expect(offeredWidths(meta)).toEqual(meta.widths);
    setConnection({ effectiveType: '2g' });
    const { container } = render(<Photo src="/x.jpg" meta={meta} alt="" sizes="100vw" />);
    expect(container.querySelector('source')!.getAttribute('srcset')).not.toContain('640w');
  });

  it('shows the placeholder instead of a broken image when the photo fails', () => {
    render(<Photo src="/x.jpg" meta={meta} alt="Geacă" sizes="50vw" width={300} height={300} />);
    fireEvent.error(screen.getByRole('img', { name: 'Geacă' }));
    const shown = screen.getByRole('img', { name: 'Geacă' });
    expect(shown).toHaveAttribute('data-photo-failed');
    expect(shown.getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    expect(shown.style.backgroundImage).toMatch(/data:image\/png;base64,/);
    // Sized as the photo would have been (attributes), not by its content: a span collapsed to 0.
    expect(shown).toHaveAttribute('width', '300');
    expect(shown).toHaveAttribute('height', '300');
    expect(document.querySelector('picture')).toBeNull();
  });

  it('an image outside the pipeline is a plain img', () => {
    render(<Photo src="/media/products/1-1.svg" meta={null} alt="" sizes="50vw" width={64} height={64} />);
    expect(document.querySelector('picture')).toBeNull();
    expect(document.querySelector('img')).toHaveAttribute('src', '/media/products/1-1.svg');
  });

  it('an image outside the pipeline that fails, or no URL at all, is a neutral box, never a broken image', () => {
    const { unmount } = render(<Photo src="/media/products/gone.svg" meta={null} alt="Geacă" sizes="50vw" width={64} height={64} />);
    fireEvent.error(screen.getByRole('img', { name: 'Geacă' }));
    expect(screen.getByRole('img', { name: 'Geacă' }).getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    expect(screen.getByRole('img', { name: 'Geacă' })).toHaveAttribute('data-photo-failed');
    unmount();
    render(<Photo src="" meta={null} alt="Rochie" sizes="50vw" width={48} height={48} />);
    const box = screen.getByRole('img', { name: 'Rochie' });
    expect(box).toHaveAttribute('data-photo-failed');
    expect(box).toHaveAttribute('width', '48');
    expect(box.style.backgroundColor).toBe('var(--mantine-color-gray-2)');
  });
});
