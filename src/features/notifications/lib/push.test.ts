import { describe, expect, it } from 'vitest';
import { keyBytes } from './push.ts';

describe('keyBytes', () => {
  it('decodes base64url without padding into the raw key bytes', () => {
    // 65-byte uncompressed P-256 keys start with 0x04; this is "BAEC/w" → 04 01 02 ff
    expect([...keyBytes('BAEC_w')]).toEqual([4, 1, 2, 255]);
    expect([...keyBytes('-_8')]).toEqual([251, 255]);
  });
});
