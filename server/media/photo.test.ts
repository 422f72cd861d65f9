/**
 * The seeded catalog's photographs (issue 15): the same recipe gives the same bytes (content
 * addresses and several instances depend on it), and drawing one leaves the event loop free to
 * serve other requests — the embedded database runs on that thread too.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawPhoto, grain, renderPhoto, type PhotoRecipe } from './photo.ts';

const jacket: PhotoRecipe = {
  kind: 'product',
  productId: 7,
  view: 1,
  name: 'Geacă de piele',
  categorySlug: 'haine',
  colour: 'negru',
  brand: 'Zara',
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('renderPhoto', () => {
  it('gives the same JPEG for the same recipe, and another for another view', async () => {
    const [a, b, other] = await Promise.all([renderPhoto(jacket), renderPhoto(jacket), renderPhoto({ ...jacket, view: 2 })]);
    expect(a.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(sha(a)).toBe(sha(b));
    expect(sha(other)).not.toBe(sha(a));
  });

  it('lets the event loop turn while it makes the noise: in slices, each followed by a pause, same bytes either way', async () => {
    // In one block (as before) the pixel loop held the thread ~0.3–0.4 s per photo on 2 cores.
    let pauses = 0;
    const counted = await grain(jacket, 1600, 1200, async () => {
      pauses++;
    });
    expect(pauses).toBeGreaterThanOrEqual(Math.floor((1600 * 1200) / 65_536));
    expect(sha(counted)).toBe(sha(await grain(jacket, 1600, 1200)));
  });
});

describe('drawPhoto', () => {
  it('draws a narrower width at that width, at the height reducing the full photo gives, the same pixels every time', async () => {
    const [a, b] = await Promise.all([drawPhoto(jacket, 480), drawPhoto(jacket, 480)]);
    expect([a.width, a.height]).toEqual([480, 360]);
    expect(a.data.length).toBe(480 * 360 * 3);
    expect(sha(a.data)).toBe(sha(b.data));
    // Never wider than the photo itself.
    const widest = await drawPhoto({ kind: 'shop-logo', shopId: 3, name: 'Bazar Ana' }, 960);
    expect([widest.width, widest.height]).toEqual([640, 640]);
  });
});
