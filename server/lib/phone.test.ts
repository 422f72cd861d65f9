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

  it('refuses Romanian service numbers (freephone, premium rate, shared cost), as before', () => {
    for (const typed of ['0800123456', '0900123456', '0801123456']) {
      expect(normalizePhone(typed, '+40'), typed).toBeUndefined();
    }
  });

  // The old rule took one 0 off and then any 6-13 digits for every country but Romania.
  it('removes each country’s own trunk prefix, not just one 0', () => {
    // Hungary dials nationally with "06", Lithuania with "8", the USA with "1".
    expect(normalizePhone('06201234567', '+36')).toEqual({ e164: '+36201234567', phoneCode: '+36', national: '201234567' });
    expect(normalizePhone('201234567', '+36')?.e164).toBe('+36201234567');
    expect(normalizePhone('861234567', '+370')?.e164).toBe('+37061234567');
    expect(normalizePhone('12025550123', '+1')?.e164).toBe('+12025550123');
    expect(normalizePhone('2025550123', '+1')?.e164).toBe('+12025550123');
    expect(normalizePhone('0601234567', '+33')?.e164).toBe('+33601234567');
    expect(normalizePhone('07911123456', '+44')).toEqual({ e164: '+447911123456', phoneCode: '+44', national: '7911123456' });
    expect(normalizePhone('00447911123456', '+44')?.e164).toBe('+447911123456');
    expect(normalizePhone('447911123456', '+44')?.e164).toBe('+447911123456');
  });

  it('rejects numbers of the wrong length or range for their country', () => {
    expect(normalizePhone('123456', '+49')).toBeUndefined(); // 6 digits, no German range
    expect(normalizePhone('5551234', '+1')).toBeUndefined(); // 7 digits: the area code is missing
    expect(normalizePhone('0791112345', '+44')).toBeUndefined(); // a UK mobile one digit short
    expect(normalizePhone('06123456789', '+33')).toBeUndefined(); // a French mobile one digit long
    expect(normalizePhone('1201234567', '+36')).toBeUndefined(); // Hungary has no 1201… numbers
    expect(normalizePhone('0800123456', '+44')).toBeUndefined(); // UK freephone: a service, not a phone
  });

  it('rejects dial codes that are not dial codes', () => {
    expect(normalizePhone('721234567', '+0')).toBeUndefined();
    expect(normalizePhone('721234567', 'abc')).toBeUndefined();
    expect(normalizePhone('721234567', '+12345')).toBeUndefined();
    expect(normalizePhone('721234567', '+999')).toBeUndefined(); // shaped like one, but no country has it
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
