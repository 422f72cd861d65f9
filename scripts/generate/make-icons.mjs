// Writes the app icons (PNG 192, 512, maskable 512) and an SVG favicon into public/icons.
// Drawn here, pixel by pixel, so nothing is fetched: a white "T" on the brand green.
// Run: node scripts/generate/make-icons.mjs (outputs are committed).
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BRAND = [15, 122, 92];
const WHITE = [255, 255, 255];

function crc32(buf) {
  let c,
    crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
// The "T" within a box of `scale` of the icon, centred.
function isGlyph(u, v, scale) {
  const s = (t) => (t - 0.5) / scale + 0.5;
  const x = s(u),
    y = s(v);
  const bar = y >= 0.22 && y <= 0.38 && x >= 0.2 && x <= 0.8;
  const stem = x >= 0.42 && x <= 0.58 && y >= 0.22 && y <= 0.8;
  return bar || stem;
}
function icon(size, { maskable }) {
  const radius = maskable ? 0 : size * 0.2;
  return png(size, (x, y) => {
    const cx = Math.min(x, size - 1 - x),
      cy = Math.min(y, size - 1 - y);
    if (!maskable && cx < radius && cy < radius) {
      const dx = radius - cx,
        dy = radius - cy;
      if (dx * dx + dy * dy > radius * radius) return [0, 0, 0, 0];
    }
    const glyph = isGlyph((x + 0.5) / size, (y + 0.5) / size, maskable ? 0.62 : 0.9);
    return [...(glyph ? WHITE : BRAND), 255];
  });
}
mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', icon(192, { maskable: false }));
writeFileSync('public/icons/icon-512.png', icon(512, { maskable: false }));
writeFileSync('public/icons/icon-maskable-512.png', icon(512, { maskable: true }));
writeFileSync(
  'public/icons/favicon.svg',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="13" fill="#0f7a5c"/><path fill="#fff" d="M13 14h38v10H37v27H27V24H13z"/></svg>\n',
);
console.log('icons written');
