/**
 * Phone numbers to E.164 with the country's dial code (field notes: "+40 followed by 9 digits;
 * nationally 10 digits with a leading 0; store E.164").
 *
 * The shopper types digits only (spec §5) next to a dial-code selector. Accepted for +40:
 * "721234567", "0721234567" (national, trunk 0), "40721234567" and "0040721234567"
 * (international typed into the field). Romanian numbers must then be 9 digits starting with
 * 2, 3 (fixed) or 7 (mobile). Other countries: the "00"+dial or dial prefix and one trunk 0 are
 * removed (Italy keeps its leading 0, which is part of its numbers), then 6-13 digits remain and
 * the whole number is at most 15 digits (E.164).
 */

export interface NormalizedPhone {
  /** "+40721234567" */
  e164: string;
  /** "+40" */
  phoneCode: string;
  /** "721234567": the number without dial code and without trunk 0, as the API answers `phone`. */
  national: string;
}

/** Dial codes whose national numbers keep a leading 0 in E.164. */
const KEEPS_LEADING_ZERO = new Set(['39', '378', '379']);

/** "+40", "40", " +40 " → "40"; undefined when it is not a dial code. */
export function dialDigits(phoneCode: string): string | undefined {
  const digits = phoneCode.trim().replace(/^\+/, '');
  return /^[1-9]\d{0,3}$/.test(digits) ? digits : undefined;
}

export function normalizePhone(input: string, phoneCode: string): NormalizedPhone | undefined {
  const dial = dialDigits(phoneCode);
  let digits = input.replace(/[\s().-]/g, '');
  if (!dial || !/^\d{1,20}$/.test(digits)) return undefined;

  const national = (rest: string) => (KEEPS_LEADING_ZERO.has(dial) ? rest : rest.replace(/^0/, ''));
  const valid = (n: string) => (dial === '40' ? /^[237]\d{8}$/.test(n) : /^\d{6,13}$/.test(n) && dial.length + n.length <= 15);

  if (digits.startsWith(`00${dial}`)) digits = digits.slice(2 + dial.length);
  else if (digits.startsWith(dial) && !valid(national(digits)) && valid(national(digits.slice(dial.length)))) {
    digits = digits.slice(dial.length);
  }
  const nationalNumber = national(digits);
  if (!valid(nationalNumber)) return undefined;
  return { e164: `+${dial}${nationalNumber}`, phoneCode: `+${dial}`, national: nationalNumber };
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
