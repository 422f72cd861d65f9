import { describe, expect, it } from 'vitest';
import { cuiDigits, normalizeRegistration, romanianPhoneE164, traderIdentityInputSchema } from './trader.ts';

describe('CUI check digit (weights 7 5 3 2 1 7 5 3 2, ×10 mod 11, 10 → 0)', () => {
  it('accepts real codes, with or without "RO" and spaces', () => {
    expect(cuiDigits('14399840')).toBe('14399840'); // Dante International (eMAG)
    expect(cuiDigits('RO14399840')).toBe('14399840');
    expect(cuiDigits(' ro 14399840 ')).toBe('14399840');
    expect(cuiDigits('18547290')).toBe('18547290');
  });
  it('a control of 10 is written 0', () => {
    // Body 6, padded 000000006: 6 × 2 = 12 → 120 mod 11 = 10 → control 0.
    expect(cuiDigits('60')).toBe('60');
    expect(cuiDigits('61')).toBeUndefined();
  });
  it('refuses wrong digits and shapes', () => {
    for (const bad of ['14399841', '1', '012345', '12345678901', 'RO', 'ROABC', '1439 98 4O', '', 'RO-14399840'])
      expect(cuiDigits(bad), bad).toBeUndefined();
  });
});

describe('trade-register numbers and phones', () => {
  it('both register formats, normalised', () => {
    expect(normalizeRegistration('j40/1234/2019')).toBe('J40/1234/2019');
    expect(normalizeRegistration('J2024001234001')).toBe('J2024001234001');
    expect(normalizeRegistration('F08/1120/2019')).toBe('F08/1120/2019');
    for (const bad of ['J53/1/2019', 'J40/1234/19', 'J40-1234-2019', 'J202400123400', 'X40/1/2019'])
      expect(normalizeRegistration(bad), bad).toBeUndefined();
  });
  it('Romanian phones to E.164', () => {
    expect(romanianPhoneE164('0744 512 309')).toBe('+40744512309');
    expect(romanianPhoneE164('+40 21 313 45 80')).toBe('+40213134580');
    expect(romanianPhoneE164('0040744512309')).toBe('+40744512309');
    for (const bad of ['0800 800 800', '0744 512 30', '+33612345678']) expect(romanianPhoneE164(bad), bad).toBeUndefined();
  });
  it('the schema reports each field by its catalogue key', () => {
    const result = traderIdentityInputSchema.safeParse({
      legal_name: 'Fără formă',
      cui: '14399841',
      registration_number: 'J40/1/19',
      address: 'scurt',
      email: 'x@',
      phone: '123',
    });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      legal_name: 'listing.trader_errors.legal_form',
      cui: 'listing.trader_errors.cui',
      registration_number: 'listing.trader_errors.registration',
      address: 'listing.trader_errors.address',
      email: 'listing.trader_errors.email',
      phone: 'listing.trader_errors.phone',
    });
  });
});
