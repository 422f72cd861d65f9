// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, normalizePhone } from './phone.ts';

describe('normalizePhone', () => {
  it('turns every way a Romanian mobile is typed into one E.164 number', () => {
    for (const typed of ['721234567', '0721234567', '40721234567', '0040721234567']) {
      expect(normalizePhone(typed, '+40'), typed).toEqual({ e164: '+40721234567', phoneCode: '+40', national: '721234567' });
    }
    expect(normalizePhone('0264123456', '40')?.e164).toBe('+40264123456');
  });

  it('rejects Romanian numbers of the wrong length or kind', () => {
    for (const typed of ['72123456', '07212345678', '0521234567', '123', '', '0000000000', '07212a4567']) {
      expect(normalizePhone(typed, '+40'), typed).toBeUndefined();
    }
  });

  it('applies other dial codes, keeping Italy’s leading 0', () => {
    expect(normalizePhone('069123456', '+373')?.e164).toBe('+37369123456');
    expect(normalizePhone('015112345678', '+49')?.e164).toBe('+4915112345678');
    expect(normalizePhone('0612345678', '+39')?.e164).toBe('+390612345678');
    expect(normalizePhone('12345678901234', '+49')).toBeUndefined();
  });

  it('rejects dial codes that are not dial codes', () => {
    expect(normalizePhone('721234567', '+0')).toBeUndefined();
    expect(normalizePhone('721234567', 'abc')).toBeUndefined();
    expect(normalizePhone('721234567', '+12345')).toBeUndefined();
  });
});

describe('masking', () => {
  it('keeps the dial code and the last three digits of a phone', () => {
    expect(maskPhone('+40721234567')).toBe('+407*****567');
  });
  it('keeps two letters and the domain of an e-mail', () => {
    expect(maskEmail('ana.pop@example.ro')).toBe('an***@example.ro');
    expect(maskEmail('a@b.ro')).toBe('a***@b.ro');
  });
});
