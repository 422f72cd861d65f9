/**
 * ThumbHash → RGBA: the `thumbhash` package's decoder (its format, its constants, its pixels at its
 * 32-pixel long side), with a smaller picture on request and the cosine tables made once per image.
 *
 * Why (ADR 043, measured 2026-11-26): a listing decodes two dozen previews right after its first
 * screen, while the code is still cold (interpreted), and one decode of the package's 32 × 24
 * pixels took 8–20 ms at full speed on this machine (×4 on Lighthouse's phone): the longest
 * idle-time tasks of a first visit. The cost is per pixel, so the app asks for 16 pixels on the
 * long side (a quarter of the work; the browser smooths it when it scales the preview up, and a
 * ThumbHash holds at most 7 waves along a side, which 16 samples still draw). The cosines depend
 * on the column or the row only, so they are computed once per column and row, not per pixel.
 * The package still encodes (server side) and turns pixels into a PNG (`rgbaToDataURL`).
 * `thumbhash-decode.test.ts` checks the 32-pixel picture against the package's, pixel for pixel.
 */
import { thumbHashToApproximateAspectRatio } from 'thumbhash';

/** The app's previews: 16 pixels on the long side (the package's 32 cost four times as much). */
export const PREVIEW_LONG_SIDE = 16;

export function thumbHashToRGBA(hash: Uint8Array, longSide = 32): { w: number; h: number; rgba: Uint8Array } {
  const { PI, min, max, cos, round } = Math;
  const at = (i: number) => hash[i] ?? 0;

  const header24 = at(0) | (at(1) << 8) | (at(2) << 16);
  const header16 = at(3) | (at(4) << 8);
  const lDc = (header24 & 63) / 63;
  const pDc = ((header24 >> 6) & 63) / 31.5 - 1;
  const qDc = ((header24 >> 12) & 63) / 31.5 - 1;
  const lScale = ((header24 >> 18) & 31) / 31;
  const hasAlpha = header24 >> 23 !== 0;
  const pScale = ((header16 >> 3) & 63) / 63;
  const qScale = ((header16 >> 9) & 63) / 63;
  const isLandscape = header16 >> 15 !== 0;
  const lx = max(3, isLandscape ? (hasAlpha ? 5 : 7) : header16 & 7);
  const ly = max(3, isLandscape ? header16 & 7 : hasAlpha ? 5 : 7);
  const aDc = hasAlpha ? (at(5) & 15) / 15 : 1;
  const aScale = (at(5) >> 4) / 15;

  // The varying factors, in the package's order (saturation boosted 1.25× against quantisation).
  const acStart = hasAlpha ? 6 : 5;
  let acIndex = 0;
  const channel = (nx: number, ny: number, scale: number) => {
    const ac: number[] = [];
    for (let cy = 0; cy < ny; cy++)
      for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx++, acIndex++)
        ac.push((((at(acStart + (acIndex >> 1)) >> ((acIndex & 1) << 2)) & 15) / 7.5 - 1) * scale);
    return ac;
  };
  const lAc = channel(lx, ly, lScale);
  const pAc = channel(3, 3, pScale * 1.25);
  const qAc = channel(3, 3, qScale * 1.25);
  const aAc = hasAlpha ? channel(5, 5, aScale) : [];

  const ratio = thumbHashToApproximateAspectRatio(hash);
  const w = max(1, round(ratio > 1 ? longSide : longSide * ratio));
  const h = max(1, round(ratio > 1 ? longSide / ratio : longSide));
  const nx = max(lx, hasAlpha ? 5 : 3);
  const ny = max(ly, hasAlpha ? 5 : 3);
  // fx[x * nx + cx] = cos(π / w · (x + ½) · cx); fy likewise per row, times 2 (as the package uses it).
  const fx = new Float64Array(w * nx);
  for (let x = 0; x < w; x++) for (let cx = 0; cx < nx; cx++) fx[x * nx + cx] = cos((PI / w) * (x + 0.5) * cx);
  const fy = new Float64Array(h * ny);
  for (let y = 0; y < h; y++) for (let cy = 0; cy < ny; cy++) fy[y * ny + cy] = cos((PI / h) * (y + 0.5) * cy) * 2;

  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0, i = 0; y < h; y++) {
    const row = y * ny;
    for (let x = 0; x < w; x++, i += 4) {
      const column = x * nx;
      let l = lDc;
      let p = pDc;
      let q = qDc;
      let a = aDc;
      for (let cy = 0, j = 0; cy < ly; cy++) {
        const fy2 = fy[row + cy]!;
        for (let cx = cy ? 0 : 1; cx * ly < lx * (ly - cy); cx++, j++) l += lAc[j]! * fx[column + cx]! * fy2;
      }
      for (let cy = 0, j = 0; cy < 3; cy++) {
        const fy2 = fy[row + cy]!;
        for (let cx = cy ? 0 : 1; cx < 3 - cy; cx++, j++) {
          const f = fx[column + cx]! * fy2;
          p += pAc[j]! * f;
          q += qAc[j]! * f;
        }
      }
      if (hasAlpha)
        for (let cy = 0, j = 0; cy < 5; cy++) {
          const fy2 = fy[row + cy]!;
          for (let cx = cy ? 0 : 1; cx < 5 - cy; cx++, j++) a += aAc[j]! * fx[column + cx]! * fy2;
        }
      const b = l - (2 / 3) * p;
      const r = (3 * l - b + q) / 2;
      const g = r - q;
      rgba[i] = max(0, 255 * min(1, r));
      rgba[i + 1] = max(0, 255 * min(1, g));
      rgba[i + 2] = max(0, 255 * min(1, b));
      rgba[i + 3] = max(0, 255 * min(1, a));
    }
  }
  return { w, h, rgba };
}
