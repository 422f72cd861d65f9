import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rgbaToThumbHash, thumbHashToRGBA as packageDecode } from 'thumbhash';
import { thumbHashToRGBA } from './thumbhash-decode.ts';

/** A w × h image of smooth gradients and a few hard edges, optionally with transparency. */
function image(w: number, h: number, seed: number, alpha: boolean): Uint8Array {
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      rgba[i] = (x * 255) / w + seed * 37;
      rgba[i + 1] = (y * 255) / h + seed * 91;
      rgba[i + 2] = ((x + y) * seed * 13) % 256;
      rgba[i + 3] = alpha ? (x * y + seed * 7) % 256 : 255;
    }
  return rgba;
}

describe('thumbHashToRGBA', () => {
  it('gives the same pixels as the thumbhash package, for landscape, portrait, square and transparent images', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.boolean(),
        (w, h, seed, alpha) => {
          const hash = rgbaToThumbHash(w, h, image(w, h, seed, alpha));
          const expected = packageDecode(hash);
          const actual = thumbHashToRGBA(hash);
          expect([actual.w, actual.h]).toEqual([expected.w, expected.h]);
          expect(Array.from(actual.rgba)).toEqual(Array.from(expected.rgba));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('draws the same picture at 16 pixels: each pixel the mean of the 2 × 2 pixels it covers at 32', () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 100 }), fc.integer({ min: 8, max: 100 }), fc.integer({ min: 0, max: 1000 }), (w, h, seed) => {
        const hash = rgbaToThumbHash(w, h, image(w, h, seed, false));
        const full = thumbHashToRGBA(hash);
        const small = thumbHashToRGBA(hash, 16);
        expect(Math.max(small.w, small.h)).toBe(16);
        // Its shape: each side half the 32-pixel one's, to the pixel each is rounded to.
        expect(Math.abs(2 * small.w - full.w)).toBeLessThanOrEqual(1);
        expect(Math.abs(2 * small.h - full.h)).toBeLessThanOrEqual(1);
        // Where the sizes halve exactly, a 16-pixel pixel's centre is the centre of 2 × 2 at 32.
        if (full.w !== 2 * small.w || full.h !== 2 * small.h) return;
        compared++;
        const at = (x: number, y: number, c: number) => full.rgba[(y * full.w + x) * 4 + c]!;
        let total = 0;
        let worst = 0;
        for (let y = 0; y < small.h; y++)
          for (let x = 0; x < small.w; x++)
            for (let c = 0; c < 3; c++) {
              const mean = (at(2 * x, 2 * y, c) + at(2 * x + 1, 2 * y, c) + at(2 * x, 2 * y + 1, c) + at(2 * x + 1, 2 * y + 1, c)) / 4;
              const difference = Math.abs(small.rgba[(y * small.w + x) * 4 + c]! - mean);
              total += difference;
              worst = Math.max(worst, difference);
            }
        // The waves bend between samples (and clip at black and white), so a pixel may differ a
        // little (typically 2–3 of 255 at worst); the picture as a whole hardly (~0.5 on average).
        expect(total / (small.w * small.h * 3)).toBeLessThanOrEqual(2);
        expect(worst).toBeLessThanOrEqual(24);
      }),
      { numRuns: 300 },
    );
    // About a third of the generated shapes halve exactly; enough of them must have been compared.
    expect(compared).toBeGreaterThan(30);
  });
});
