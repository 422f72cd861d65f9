import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '#src/testing/test-utils.tsx';
import { ProductGallery, galleryItems, stageRatio, type GalleryItem } from './ProductGallery.tsx';
import type { ImageMeta } from '#contract/images.ts';

const meta = (n: number): ImageMeta => ({
  width: 1600,
  height: 1200,
  placeholder: 'bOcFHYTtSUh/hod5cGeIdfeIfo/o',
  variants: `/media/img/v1/${String(n).repeat(32)}`,
  widths: [160, 320, 480, 640, 960, 1280, 1600],
});
const product = {
  name: 'Geacă de blugi',
  thumbnail: '/media/img/v1/11111111111111111111111111111111/640.jpg',
  thumbnail_meta: meta(1),
  images: [1, 2, 3].map((n) => ({ id: n, url: `/media/img/v1/${String(n).repeat(32)}/1280.jpg`, meta: meta(n) })),
  videos: [],
};

describe('ProductGallery (issue 15)', () => {
  it('keeps each photo’s sizes and placeholder', () => {
    expect(galleryItems(product).map((i) => (i.kind === 'image' ? i.meta?.variants : null))).toEqual(
      product.images.map((i) => i.meta.variants),
    );
  });

  it('the stage shows the first photo as the page’s priority picture; a swipe moves to the next', () => {
    render(<ProductGallery product={product} />);
    const image = screen.getByTestId('gallery-image');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image.closest('picture')!.querySelector('source[type="image/avif"]')!.getAttribute('srcset')).toContain(
      `${meta(1).variants}/480.avif 480w`,
    );
    const open = screen.getByTestId('gallery-open');
    fireEvent.pointerDown(open, { clientX: 300 });
    fireEvent.pointerUp(open, { clientX: 200 });
    fireEvent.click(open);
    expect(screen.getByTestId('gallery-image').closest('picture')!.querySelector('source')!.getAttribute('srcset')).toContain(
      meta(2).variants,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a tap opens the full-size viewer: a named dialog, every width even on Save-Data, arrows move, Escape closes', async () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      const user = userEvent.setup();
      render(<ProductGallery product={product} />);
      // Save-Data: the stage offers the small widths only.
      expect(screen.getByTestId('gallery-image').closest('picture')!.querySelector('source')!.getAttribute('srcset')).not.toContain(
        '1600w',
      );
      await user.click(screen.getByRole('button', { name: 'Deschide fotografia 1 pe tot ecranul' }));
      const dialog = await screen.findByRole('dialog', { name: 'Fotografiile produsului Geacă de blugi' });
      const full = within(dialog).getByTestId('viewer-image');
      expect(full.closest('picture')!.querySelector('source')!.getAttribute('srcset')).toContain(`${meta(1).variants}/1600.avif 1600w`);
      await user.click(within(dialog).getByRole('button', { name: 'Imaginea următoare' }));
      expect(within(dialog).getByTestId('viewer-image')).toHaveAccessibleName('Geacă de blugi – imaginea 2 din 3');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      // The stage follows the viewer.
      expect(screen.getByTestId('gallery-image')).toHaveAccessibleName('Geacă de blugi – imaginea 2 din 3');
    } finally {
      Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
    }
  });
});

describe('stageRatio', () => {
  const photo = (width: number, height: number): GalleryItem => ({
    kind: 'image',
    src: '/p.jpg',
    meta: { width, height, placeholder: '', variants: '/media/img/v1/x', widths: [160] },
  });
  it('takes the first photo’s shape, kept between 3:4 and 4:3; square without one', () => {
    expect(stageRatio([photo(1600, 1200), photo(900, 1600)])).toBe('1600 / 1200');
    expect(stageRatio([photo(1200, 1600)])).toBe('1200 / 1600');
    expect(stageRatio([photo(3000, 1000)])).toBe('4 / 3');
    expect(stageRatio([photo(500, 2000)])).toBe('3 / 4');
    expect(stageRatio([{ kind: 'image', src: '/p.svg' }])).toBe('1 / 1');
    expect(stageRatio([{ kind: 'video', src: '/v.mp4', poster: '/p.svg' }])).toBe('1 / 1');
  });
});
