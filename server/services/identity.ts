/**
 * Countries and phone numbers as the account forms send them: a country by name (product §3
 * Registration payload: "country (name)"), a dial code ("+40") and a phone number typed as digits.
 */
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { normalizeSearchText } from '#server/lib/search-text.ts';
import { dialDigits, normalizePhone, type NormalizedPhone } from '#server/lib/phone.ts';
import { listCountries } from '#server/repositories/user-repository.ts';

/** Product §9: the default country is Romania; a payload without phone_code means +40. */
export const DEFAULT_PHONE_CODE = '+40';

type Country = Awaited<ReturnType<typeof listCountries>>[number];
export type FieldErrors = Record<string, string[]>;

export class Countries {
  private constructor(private readonly list: Country[]) {}

  static async load(db: Database) {
    return new Countries(await listCountries(db));
  }

  /** By name, diacritics and case folded ("Romania" finds "România"), or by ISO code. */
  byName(name: string): Country | undefined {
    const folded = normalizeSearchText(name);
    const iso = name.trim().toUpperCase();
    return this.list.find((c) => normalizeSearchText(c.name) === folded || c.isoCode === iso);
  }

  /**
   * The E.164 number for `phone` with `phoneCode` (a dial code of a listed country), or the
   * field errors: phone_code "country is not valid", phone "number is not valid".
   */
  phone(phone: string, phoneCode: string | undefined | null): { phone?: NormalizedPhone; errors: FieldErrors } {
    const code = phoneCode?.trim() || DEFAULT_PHONE_CODE;
    const dial = dialDigits(code);
    if (!dial || !this.list.some((c) => dialDigits(c.phoneCode) === dial)) {
      return { errors: { phone_code: ['validation.country_invalid'] } };
    }
    const normalized = normalizePhone(phone, code);
    return normalized ? { phone: normalized, errors: {} } : { errors: { phone: ['validation.phone_invalid'] } };
  }
}

/** 422 with every field's errors; the top message is the first one. */
export function throwFieldErrors(errors: FieldErrors): void {
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, errors);
}

/** The normalised phone, or 422 for its field. */
export async function requirePhone(db: Database, phone: string, phoneCode: string | undefined | null): Promise<NormalizedPhone> {
  const result = (await Countries.load(db)).phone(phone, phoneCode);
  throwFieldErrors(result.errors);
  return result.phone!;
}
