/**
 * Phone numbers to E.164 with the country's dial code (docs/references.md: "+40 followed by 9 digits;
 * nationally 10 digits with a leading 0; store E.164").
 *
 * The shopper types digits only (product §5) next to a dial-code selector. Accepted for +40:
 * "721234567", "0721234567" (national, trunk 0), "40721234567" and "0040721234567"
 * (international typed into the field).
 *
 * Each country's own numbering plan decides (libphonenumber-js, Google's libphonenumber metadata):
 * its trunk prefix ("0" in Romania, "06" in Hungary, "8" in Lithuania, "1" in the USA; none in
 * Italy, whose leading 0 is part of the number), its lengths and its number ranges.
 *
 * `libphonenumber-js/max`, not the default (`min`) metadata: `min` checks lengths only, so it
 * would take "0521234567" for a Romanian number and any 14 digits for a German one; `max` carries
 * each country's number ranges (Romania: landlines 2x/3x, mobiles 7x), which is the check this
 * module exists for. Its extra ~70 kB are loaded once by the server, never shipped to phones.
 *
 * Service numbers (freephone, premium rate, shared cost) are refused, as the Romanian rule always
 * did with 08xx/09xx: they are not a shopper's own line and cannot receive a code.
 */
import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';

export interface NormalizedPhone {
  /** "+40721234567" */
  e164: string;
  /** "+40" */
  phoneCode: string;
  /** "721234567": the number without dial code and without trunk prefix, as the API answers `phone`. */
  national: string;
}

/** Valid numbers that are services, not someone's phone (see above). */
const SERVICE_NUMBER_TYPES = new Set<NumberType>(['TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST']);

/** "+40", "40", " +40 " → "40"; undefined when it is not a dial code. */
export function dialDigits(phoneCode: string): string | undefined {
  const digits = phoneCode.trim().replace(/^\+/, '');
  return /^[1-9]\d{0,3}$/.test(digits) ? digits : undefined;
}

export function normalizePhone(input: string, phoneCode: string): NormalizedPhone | undefined {
  const dial = dialDigits(phoneCode);
  const digits = input.replace(/[\s().-]/g, '');
  // Digits only: libphonenumber would also read letters ("0721-FLORI") as keypad digits.
  if (!dial || !/^\d{1,20}$/.test(digits)) return undefined;

  // "00" + dial code is how the number is dialled from abroad in Europe; the library only knows a
  // country's international prefix when given a country, and a dial code may be several (+1, +44).
  // A number typed as dial code + national number without "00" ("40721234567") the library
  // recognises itself: it drops the dial code when only the rest is a valid number.
  const text = digits.startsWith(`00${dial}`) ? `+${digits.slice(2)}` : digits;
  let parsed;
  try {
    parsed = parsePhoneNumberFromString(text, { defaultCallingCode: dial });
  } catch {
    return undefined; // a dial code no numbering plan has ("+999")
  }
  if (!parsed || parsed.countryCallingCode !== dial || !parsed.isValid()) return undefined;
  const type = parsed.getType();
  if (type && SERVICE_NUMBER_TYPES.has(type)) return undefined;
  return { e164: parsed.number, phoneCode: `+${dial}`, national: parsed.nationalNumber };
}

/** "+40721234567" → "+40 7** *** 567" style masking for answers and logs: the last 3 digits only. */
export function maskPhone(e164: string): string {
  if (e164.length <= 6) return '***';
  return `${e164.slice(0, 4)}${'*'.repeat(e164.length - 7)}${e164.slice(-3)}`;
}

/** "ana.pop@example.ro" → "an***@example.ro". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
