/**
 * Deterministic "phone photos" of the seeded catalog (issue 15, ADR 043): the product's
 * illustration (media/render.ts) photographed on a textured surface — light from one side, a soft
 * shadow, a slight angle, lens vignette, surface texture and sensor noise — as a JPEG of
 * 1600 px on the long side and roughly 150–600 KB, like a seller's photo.
 *
 * A photo is a pure function of its recipe: the same recipe gives the same bytes on every machine
 * with the same sharp/libvips. The composition is one SVG (sceneSvg) rendered at any size, so the
 * ThumbHash placeholder is computed from a 32 px rendering of the same scene at seed time, without
 * making the photo; the photo itself (texture and noise at full size) is made on first request.
 */
import { createHash } from 'node:crypto';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import sharp from 'sharp';
import { mulberry32 } from '#server/lib/random.ts';
import { bannerArt, categoryArt, esc, hashOf, mix, productArt, shopColourOf, shopInitials, SVG_FONT, wrap } from './render.ts';

/** Bumped when the generator's output changes: part of every generated image's key. */
export const GENERATOR_VERSION = 2;

export type PhotoRecipe =
  | { kind: 'product'; productId: number; view: number; name: string; categorySlug: string; colour: string | null; brand: string | null }
  | { kind: 'category'; slug: string; name: string }
  | { kind: 'shop-logo'; shopId: number; name: string }
  | {
      kind: 'shop-banner';
      shopId: number;
      name: string;
      city: string;
      arts: { name: string; categorySlug: string; colour: string | null }[];
    }
  | { kind: 'banner'; bannerId: number; title: string; subtitle: string | null };

/** Product photos: front, detail, label, back, wear detail (views 1..5). */
export const PRODUCT_VIEWS = 5;

export function photoSize(recipe: PhotoRecipe): { width: number; height: number } {
  switch (recipe.kind) {
    case 'product':
      return { width: 1600, height: 1200 };
    case 'category':
    case 'shop-logo':
      return { width: 640, height: 640 };
    case 'shop-banner':
      return { width: 1600, height: 400 };
    case 'banner':
      return { width: 1600, height: 533 };
  }
}

/** The content address of a generated image: its recipe and the generator's version. */
export function recipeKey(recipe: PhotoRecipe): string {
  return createHash('sha256')
    .update(`talcioc-photo:${GENERATOR_VERSION}:${JSON.stringify(recipe)}`)
    .digest('hex')
    .slice(0, 32);
}

const seedOf = (recipe: PhotoRecipe) => hashOf(JSON.stringify(recipe));

const SURFACES = [
  { name: 'oak', base: '#b98b5c', far: '#8a6240' },
  { name: 'linen', base: '#e6dfd2', far: '#c9c0b0' },
  { name: 'concrete', base: '#a9aaa6', far: '#7f807c' },
  { name: 'duvet', base: '#f2f1ee', far: '#d4d3cf' },
  { name: 'walnut', base: '#7a5537', far: '#54392a' },
] as const;

type Surface = (typeof SURFACES)[number];

const surfaceOf = (recipe: PhotoRecipe): Surface => SURFACES[seedOf({ ...recipe, view: 0 } as PhotoRecipe) % SURFACES.length]!;

/** Light from the upper left, falling off to the lower right, and a vignette. */
function lighting(w: number, h: number, seed: number) {
  const lx = 15 + (seed % 30);
  return `<defs><radialGradient id="light" cx="${lx}%" cy="12%" r="95%"><stop offset="0" stop-color="#fff" stop-opacity=".38"/><stop offset=".55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></radialGradient><radialGradient id="vignette" cx="50%" cy="50%" r="72%"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></radialGradient></defs><rect width="${w}" height="${h}" fill="url(#light)"/><rect width="${w}" height="${h}" fill="url(#vignette)"/>`;
}

function surface(w: number, h: number, s: Surface) {
  return `<defs><linearGradient id="surface" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.far}"/><stop offset=".45" stop-color="${s.base}"/><stop offset="1" stop-color="${mix(s.base, '#000000', 0.08)}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#surface)"/>`;
}

/** The art placed in a w×h frame at (cx, cy) with a side of `size` px and an angle; its shadow separately. */
function placed(art: string, cx: number, cy: number, size: number, angle: number, flip = false): Layers {
  const scale = size / 400;
  const flipT = flip ? ' translate(400 0) scale(-1 1)' : '';
  const at = (x: number, y: number) =>
    `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(2)}) scale(${scale.toFixed(4)}) translate(-200 -200)${flipT}`;
  const off = size * 0.03;
  return {
    front: `<g transform="${at(cx, cy)}">${art}</g>`,
    shadow: `<g transform="${at(cx + off, cy + off * 1.4)}" opacity=".42">${art.replace(/(fill|stroke)="#[0-9a-f]{6}"/g, '$1="#000000"')}</g>`,
  };
}

interface Layers {
  /** Drawn over the surface. */
  front: string;
  /** Black shapes, blurred by `size`·0.018, drawn between the surface and the front. */
  shadow: string;
}

function careLabel(x: number, y: number, w: number, angle: number, lines: string[]) {
  const h = w * 1.25;
  const fs = w * 0.11;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${w / 2}" y="${h * 0.22 + i * fs * 1.45}" text-anchor="middle" ${SVG_FONT} font-size="${fs.toFixed(1)}" fill="#3b3b3b">${esc(line)}</text>`,
    )
    .join('');
  const symbols = `<g fill="none" stroke="#3b3b3b" stroke-width="${(w * 0.012).toFixed(1)}" transform="translate(${w * 0.14} ${h * 0.78})"><path d="M0 ${fs}h${fs * 1.3}l${fs * 0.2} -${fs}h-${fs * 1.7}z"/><path transform="translate(${fs * 2} 0)" d="M0 ${fs}l${fs * 0.75} -${fs} ${fs * 0.75} ${fs}z"/><circle transform="translate(${fs * 4.3} ${fs / 2})" r="${fs / 2}"/><rect x="${fs * 5.3}" width="${fs}" height="${fs}"/></g>`;
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="3" y="5" width="${w}" height="${h}" fill="#000" opacity=".18"/><rect width="${w}" height="${h}" fill="#fbfaf6"/><rect width="${w}" height="${h * 0.07}" fill="#e4e1d8"/>${text}${symbols}</g>`;
}

interface Scene {
  /** The surface (full size, opaque). */
  surface: string;
  /** Black shapes to blur into soft shadows (rendered small, blurred, enlarged). */
  shadow: string;
  /** Blur of the shadows as a fraction of the short side. */
  blur: number;
  /** Everything above: the item, labels, text, light and vignette. */
  front: string;
}

function scene(recipe: PhotoRecipe, w: number, h: number): Scene {
  const seed = seedOf(recipe);
  const rnd = mulberry32(seed);
  const s = surfaceOf(recipe);
  const k = Math.min(w, h);
  let front = '';
  let shadow = '';
  const add = (layers: Layers) => {
    front += layers.front;
    shadow += layers.shadow;
  };
  switch (recipe.kind) {
    case 'product': {
      const { art, dark } = productArt({
        id: recipe.productId,
        name: recipe.name,
        categorySlug: recipe.categorySlug,
        colour: recipe.colour,
      });
      const angle = (rnd() - 0.5) * 10;
      const view = ((recipe.view - 1) % PRODUCT_VIEWS) + 1;
      if (view === 1) add(placed(art, w / 2 + (rnd() - 0.5) * w * 0.06, h * 0.52, k * 0.95, angle));
      else if (view === 4) add(placed(art, w / 2, h * 0.53, k * 0.9, angle * 0.6, true));
      else {
        // Close-ups: the art magnified about a point of it, so its colour fills most of the frame.
        const zoom = view === 2 ? 2.6 : view === 3 ? 2.0 : 3.2;
        const fx = (rnd() - 0.5) * k * 0.5;
        const fy = (rnd() - 0.5) * k * 0.4;
        add(placed(art, w / 2 + fx, h / 2 + fy, k * zoom, angle * 0.5));
        if (view === 3) {
          const lines = [recipe.brand ?? 'Made in EU', 'M / 38', '100% bumbac', 'Spălare 30°'];
          front += careLabel(w * 0.36, h * 0.22, k * 0.32, -6 + rnd() * 12, lines);
        }
        if (view === 5)
          front += `<ellipse cx="${(w * (0.35 + rnd() * 0.3)).toFixed(0)}" cy="${(h * (0.35 + rnd() * 0.3)).toFixed(0)}" rx="${(k * 0.05).toFixed(0)}" ry="${(k * 0.03).toFixed(0)}" fill="${dark}" opacity=".22"/>`;
      }
      break;
    }
    case 'category': {
      const { art } = categoryArt(recipe.slug);
      add(placed(art, w / 2, h * 0.52, k * 0.95, (rnd() - 0.5) * 12));
      break;
    }
    case 'shop-logo': {
      // A round enamel sign on the surface.
      const colour = shopColourOf({ id: recipe.shopId });
      const r = k * 0.42;
      shadow += `<circle cx="${w / 2 + k * 0.02}" cy="${h / 2 + k * 0.03}" r="${r}" fill="#000" opacity=".35"/>`;
      front += `<circle cx="${w / 2}" cy="${h / 2}" r="${r}" fill="${colour}"/><circle cx="${w / 2}" cy="${h / 2}" r="${r * 0.88}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="${k * 0.012}"/><text x="${w / 2}" y="${h / 2 + k * 0.01}" text-anchor="middle" dominant-baseline="middle" ${SVG_FONT} font-size="${(k * 0.3).toFixed(0)}" font-weight="700" fill="#fff">${esc(shopInitials(recipe.name))}</text>`;
      break;
    }
    case 'shop-banner': {
      // A shelf of the shop's goods with the name painted on the left.
      const colour = shopColourOf({ id: recipe.shopId });
      front += `<rect width="${w}" height="${h}" fill="${colour}" opacity=".35"/>`;
      recipe.arts.slice(0, 4).forEach((a, i) => {
        const { art } = productArt({ id: recipe.shopId * 10 + i, ...a });
        add(placed(art, w * (0.55 + i * 0.13), h * 0.55, h * 0.85, (rnd() - 0.5) * 14));
      });
      front += `<text x="${w * 0.05}" y="${h * 0.5}" ${SVG_FONT} font-size="${(h * 0.19).toFixed(0)}" font-weight="700" fill="#fff" stroke="${mix(colour, '#000000', 0.5)}" stroke-width="${(h * 0.006).toFixed(1)}">${esc(recipe.name)}</text><text x="${w * 0.052}" y="${h * 0.67}" ${SVG_FONT} font-size="${(h * 0.09).toFixed(0)}" fill="#fff">${esc(recipe.city)} · magazin second-hand</text>`;
      break;
    }
    case 'banner': {
      const { art, colour } = bannerArt({ id: recipe.bannerId, title: recipe.title });
      front += `<rect width="${w * 0.55}" height="${h}" fill="${mix(colour, '#ffffff', 0.75)}" opacity=".85"/>`;
      add(placed(art, w * 0.75, h * 0.52, h * 0.95, (rnd() - 0.5) * 12));
      const title = wrap(recipe.title, 20, 2);
      const fs = h * 0.13;
      front += `<text ${SVG_FONT} font-size="${fs.toFixed(0)}" font-weight="800" fill="${mix(colour, '#000000', 0.45)}">${title.map((line, i) => `<tspan x="${w * 0.05}" y="${h * 0.36 + i * fs * 1.15}">${esc(line)}</tspan>`).join('')}</text>`;
      break;
    }
  }
  front += lighting(w, h, seed);
  return { surface: surface(w, h, s), shadow, blur: 0.018, front };
}

const svgOf = (w: number, h: number, body: string, vw = w, vh = h) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${vw} ${vh}">${body}</svg>`;

/** The whole composition as one SVG of w×h (the placeholder's source; shadows blurred in SVG). */
export function sceneSvg(recipe: PhotoRecipe, w: number, h: number): string {
  const s = scene(recipe, w, h);
  const blur = `<defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${(Math.min(w, h) * s.blur).toFixed(2)}"/></filter></defs>`;
  return svgOf(w, h, `${s.surface}${blur}<g filter="url(#soft)">${s.shadow}</g>${s.front}`);
}

/** Pixels of noise made between two turns of the event loop (~5–10 ms on this project's 2-core machine). */
const GRAIN_SLICE_PIXELS = 65_536;

/**
 * Texture and sensor noise at w×h, one value per pixel and channel around 128 (an `overlay`
 * layer): surface grain (stretched for wood, fine for fabric) from a small noise field sized by
 * the full photo — so every width shows the same texture — enlarged to w×h, plus per-pixel luma
 * and chroma noise like a small phone sensor's in indoor light, weaker at smaller widths as in a
 * photo reduced from the full size (reducing by k averages the noise's amplitude down by about k;
 * a category page's first-view photos: 83 KB, against 93 KB reduced from the original; bench:images).
 */
export async function grain(recipe: PhotoRecipe, w: number, h: number, pause: () => Promise<unknown> = yieldToEvents): Promise<Buffer> {
  const rnd = mulberry32(seedOf(recipe) ^ 0x9e3779b9);
  const s = surfaceOf(recipe);
  const full = photoSize(recipe);
  const [sw, sh] =
    s.name === 'oak' || s.name === 'walnut'
      ? [Math.round(full.width / 40), Math.round(full.height / 2)]
      : [Math.round(full.width / 6), Math.round(full.height / 6)];
  const small = Buffer.alloc(sw * sh);
  for (let i = 0; i < small.length; i++) small[i] = 128 + Math.round((rnd() - 0.5) * 70);
  let field = await sharp(small, { raw: { width: sw, height: sh, channels: 1 } })
    .resize(full.width, full.height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  // A smaller width gets the full-size texture reduced, as reducing the full photo would give it
  // (one channel: a few ms), not the small field enlarged straight to w×h — that aliases into streaks.
  if (w !== full.width || h !== full.height)
    field = await sharp(field, { raw: { width: full.width, height: full.height, channels: 1 } })
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer();
  const out = Buffer.alloc(w * h * 3);
  const scale = Math.min(1, w / full.width);
  const luma = 26 * scale;
  const chroma = 9 * scale;
  // In slices, the event loop served between them: in one piece the loop held the server's only
  // thread ~0.3–0.4 s per photo (the embedded database's queries run on it too), so a page of
  // new cards' photos kept a shopper's list waiting for seconds. Same random sequence, same bytes.
  for (let p = 0, o = 0; p < field.length;) {
    const end = Math.min(field.length, p + GRAIN_SLICE_PIXELS);
    for (; p < end; p++, o += 3) {
      const base = field[p]! + (rnd() - 0.5) * luma;
      out[o] = base + (rnd() - 0.5) * chroma;
      out[o + 1] = base + (rnd() - 0.5) * chroma;
      out[o + 2] = base + (rnd() - 0.5) * chroma;
    }
    if (p < field.length) await pause();
  }
  return out;
}

/** Uncompressed RGB pixels (3 channels). */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The photo drawn at `width` px (default: its full width), as raw RGB. A card's 480 px variant is
 * drawn at 480 px — about a tenth of the pixels of the full photo, so ~0.1 s instead of ~0.9 s on
 * 2 cores — rather than reduced from the full-size original: the seeded catalog's first visitor
 * waited for a whole page of full-size drawings (ADR 043).
 */
export async function drawPhoto(recipe: PhotoRecipe, width = photoSize(recipe).width): Promise<RawPixels> {
  const full = photoSize(recipe);
  const w = Math.min(width, full.width);
  // The height sharp gives when it reduces the full photo to this width, so both agree.
  const h = Math.max(1, Math.round((full.height * w) / full.width));
  const parts = scene(recipe, w, h);
  // Shadows drawn at 1/8 size, blurred there and enlarged: a blur filter at full size costs seconds.
  const sw = Math.ceil(w / 8);
  const sh = Math.ceil(h / 8);
  const shadow = await sharp(Buffer.from(svgOf(sw, sh, parts.shadow, w, h)))
    .blur(Math.max(0.3, Math.min(sw, sh) * parts.blur))
    .resize(w, h, { fit: 'fill' })
    .png()
    .toBuffer();
  const scene1 = await sharp(Buffer.from(svgOf(w, h, parts.surface)))
    .composite([{ input: shadow }, { input: Buffer.from(svgOf(w, h, parts.front)) }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = await grain(recipe, w, h);
  const data = await sharp(scene1, { raw: { width: w, height: h, channels: 3 } })
    .composite([{ input: noise, raw: { width: w, height: h, channels: 3 }, blend: 'overlay' }])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data, width: w, height: h };
}

/** The full-size photo as a JPEG (no metadata): the stored original. */
export async function renderPhoto(recipe: PhotoRecipe): Promise<Buffer> {
  const { data, width, height } = await drawPhoto(recipe);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 86, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** Pixels of the scene at a small size (≤ 100 px long side) for the ThumbHash placeholder. */
export async function renderSmall(recipe: PhotoRecipe, longSide = 32): Promise<{ width: number; height: number; rgba: Buffer }> {
  const size = photoSize(recipe);
  const scale = longSide / Math.max(size.width, size.height);
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  // Drawn at 4× and reduced, so thin strokes average as they do in the photo.
  const rgba = await sharp(Buffer.from(sceneSvg(recipe, width * 4, height * 4)))
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { width, height, rgba };
}
