/**
 * A shop's trader identity (issue 36, ADR 031; DSA art. 30–31, ANPC order 225/2023, OUG 34/2014):
 * who legally sells — the legal name, the CUI (with its check digit), the trade-register number,
 * the registered address, an e-mail and a phone — and when the trader certified it. The one
 * validation of these values: the operator command (scripts/ops/ops.ts shop:trader) and the seed write
 * through `traderIdentityInputSchema`; the API answers `traderSchema`; the PWA shows it.
 *
 * A shop whose identity is incomplete is not listed (server/db/schema.ts `shops.trader_listed`).
 * Error messages are catalogue keys (`listing.trader_errors.*`, server/lib/i18n.ts and the PWA's
 * locales), so the server answers them translated and the operator command prints them in English.
 */
import { z } from 'zod';
import { line } from './text.ts';

/** The check-digit weights of a CUI (Romanian fiscal code), applied to the digits before the last, left-padded to 9. */
const CUI_WEIGHTS = [7, 5, 3, 2, 1, 7, 5, 3, 2] as const;

/**
 * The CUI's digits when `input` is a valid CUI ("RO" prefix allowed for VAT payers, spaces
 * ignored), else undefined. 2 to 10 digits, no leading zero; the last digit is the control digit:
 * (Σ digit × weight) × 10 mod 11, 10 becoming 0.
 */
export function cuiDigits(input: string): string | undefined {
  const digits = input
    .trim()
    .toUpperCase()
    .replace(/^RO\s*/, '')
    .replace(/\s+/g, '');
  if (!/^[1-9]\d{1,9}$/.test(digits)) return undefined;
  const body = digits.slice(0, -1).padStart(9, '0');
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * CUI_WEIGHTS[i]!, 0);
  const control = ((sum * 10) % 11) % 10;
  return control === Number(digits.at(-1)) ? digits : undefined;
}

/**
 * Trade-register numbers: the old form "J40/1234/2019" (J, county code 1–52, order number, year)
 * and the form used since 2024, "J2024001234001" (J, year, 6-digit order number, 3-digit county
 * code). Also F… for authorised natural persons (PFA) in the old form.
 */
const OLD_REGISTRATION = /^[JF](0?[1-9]|[1-4]\d|5[0-2])\/[1-9]\d{0,5}\/(19[9]\d|20\d\d)$/;
const NEW_REGISTRATION = /^[JF](199\d|20\d\d)\d{6}\d{3}$/;

export function normalizeRegistration(input: string): string | undefined {
  const value = input.trim().toUpperCase().replace(/\s+/g, '');
  return OLD_REGISTRATION.test(value) || NEW_REGISTRATION.test(value) ? value : undefined;
}

/**
 * A Romanian phone as E.164 (+40 and 9 digits: landlines 2x/3x, mobiles 7x), from "0721 234 567",
 * "+40 721 234 567" or "0040721234567"; undefined otherwise.
 */
export function romanianPhoneE164(input: string): string | undefined {
  const digits = input.replace(/[\s().-]/g, '');
  const match = digits.match(/^(?:\+40|0040|40|0)([237]\d{8})$/);
  return match ? `+40${match[1]}` : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the operator gives (every field required); answers the stored form (CUI digits, E.164 phone). */
export const traderIdentityInputSchema = z.object({
  legal_name: line()
    .trim()
    .min(3, 'listing.trader_errors.legal_name')
    .max(200, 'listing.trader_errors.legal_name')
    .regex(
      /\b(S\.?R\.?L\.?|S\.?A\.?|PFA|P\.F\.A\.|I\.?I\.?|Î\.?I\.?|SRL-D|S\.?N\.?C\.?|S\.?C\.?S\.?)\b/i,
      'listing.trader_errors.legal_form',
    ),
  cui: line().transform((value, ctx) => {
    const digits = cuiDigits(value);
    if (!digits) ctx.addIssue({ code: 'custom', message: 'listing.trader_errors.cui' });
    return digits ?? value;
  }),
  registration_number: line().transform((value, ctx) => {
    const normalized = normalizeRegistration(value);
    if (!normalized) ctx.addIssue({ code: 'custom', message: 'listing.trader_errors.registration' });
    return normalized ?? value;
  }),
  address: line().trim().min(10, 'listing.trader_errors.address').max(300, 'listing.trader_errors.address'),
  email: line().trim().max(254, 'listing.trader_errors.email').regex(EMAIL, 'listing.trader_errors.email'),
  phone: line().transform((value, ctx) => {
    const e164 = romanianPhoneE164(value);
    if (!e164) ctx.addIssue({ code: 'custom', message: 'listing.trader_errors.phone' });
    return e164 ?? value;
  }),
});
export type TraderIdentityInput = z.input<typeof traderIdentityInputSchema>;
export type TraderIdentity = z.output<typeof traderIdentityInputSchema>;

/** The identity as the API answers it (shop page, product details, checkout's shop groups). */
export const traderSchema = z.object({
  legal_name: z.string(),
  /** Digits only, as registered ("RO" is not part of the code). */
  cui: z.string(),
  registration_number: z.string(),
  address: z.string(),
  email: z.string(),
  /** E.164, "+40721234567" (shown as "+40 721 234 567"). */
  phone: z.string(),
  /** When the trader certified the identity and that it offers only products that comply with EU law (ISO 8601). */
  certified_at: z.string(),
});
export type Trader = z.infer<typeof traderSchema>;

/** English texts of the error keys above, for the operator command (the PWA and API translate them). */
export const TRADER_ERROR_TEXT: Record<string, string> = {
  'listing.trader_errors.legal_name': 'The legal name must be 3 to 200 characters.',
  'listing.trader_errors.legal_form': 'The legal name must include the legal form (SRL, SA, PFA, II, …).',
  'listing.trader_errors.cui': 'The CUI is not valid: 2 to 10 digits (optionally after "RO") whose last digit is the check digit.',
  'listing.trader_errors.registration': 'The trade-register number must look like J40/1234/2019 or J2024001234001.',
  'listing.trader_errors.address': 'The registered address must be 10 to 300 characters.',
  'listing.trader_errors.email': 'The e-mail address is not valid.',
  'listing.trader_errors.phone': 'The phone must be a Romanian number (07xx xxx xxx, 02xx/03xx, or +40…).',
};
