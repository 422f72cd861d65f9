// @vitest-environment node
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffImage } from './avatars.ts';

const image = (format: 'jpeg' | 'png' | 'webp') => {
  const made = sharp({ create: { width: 4, height: 3, channels: 3, background: '#c03030' } });
  return made[format]().toBuffer();
};

/** A PNG chunk with a zero CRC: the signature check reads lengths and types, not CRCs. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('sniffImage', () => {
  it('reads JPEG, PNG and WebP from their bytes', async () => {
    expect(await sniffImage(await image('jpeg'))).toBe('jpg');
    expect(await sniffImage(await image('png'))).toBe('png');
    expect(await sniffImage(await image('webp'))).toBe('webp');
  });

  it('takes an animated PNG for a PNG, as the hand-written check did', async () => {
    const apng = Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', Buffer.alloc(13)),
      chunk('acTL', Buffer.alloc(8)),
      chunk('IDAT', Buffer.alloc(4)),
    ]);
    expect(await sniffImage(apng)).toBe('png');
  });

  it('refuses every other type, whatever the file claims to be', async () => {
    const refused: Record<string, Buffer> = {
      gif: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      html: Buffer.from('<!doctype html><title>x</title>'),
      text: Buffer.from('just some words, nothing more'),
      pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
      wav: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(16)]),
      avif: await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c03030' } })
        .avif()
        .toBuffer(),
      empty: Buffer.alloc(0),
      'PNG signature only': PNG_SIGNATURE,
    };
    for (const [name, bytes] of Object.entries(refused)) expect(await sniffImage(bytes), name).toBeUndefined();
  });
});
