/** Delivery addresses (product §3, §5, §7: /address…). Used by the server and the client. */
import { z } from 'zod';
import { line } from './text.ts';
import { envelope } from './envelope.ts';

/** The 41 județe plus Municipiul București (docs/references.md). */
export const COUNTIES = [
  'Alba',
  'Arad',
  'Argeș',
  'Bacău',
  'Bihor',
  'Bistrița-Năsăud',
  'Botoșani',
  'Brașov',
  'Brăila',
  'București',
  'Buzău',
  'Caraș-Severin',
  'Călărași',
  'Cluj',
  'Constanța',
  'Covasna',
  'Dâmbovița',
  'Dolj',
  'Galați',
  'Giurgiu',
  'Gorj',
  'Harghita',
  'Hunedoara',
  'Ialomița',
  'Iași',
  'Ilfov',
  'Maramureș',
  'Mehedinți',
  'Mureș',
  'Neamț',
  'Olt',
  'Prahova',
  'Satu Mare',
  'Sălaj',
  'Sibiu',
  'Suceava',
  'Teleorman',
  'Timiș',
  'Tulcea',
  'Vaslui',
  'Vâlcea',
  'Vrancea',
] as const;
export type County = (typeof COUNTIES)[number];
export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
export const DEFAULT_COUNTRY = 'România';

const text = (requiredKey: string, max: number, maxKey: string) =>
  line({ message: requiredKey }).trim().min(1, requiredKey).max(max, maxKey);

/** POST /address/store and PUT /address/{id}. Phone: digits only (product §5). */
export const addressInputSchema = z.object({
  name: text('validation.name_required', 120, 'validation.name_max'),
  phone: line({ message: 'validation.phone_required' })
    .trim()
    .min(1, 'validation.phone_required')
    .regex(/^\d+$/, 'validation.phone_digits')
    .min(9, 'validation.phone_invalid')
    .max(15, 'validation.phone_invalid'),
  county: z.enum(COUNTIES, { message: 'validation.county_invalid' }),
  locality: text('validation.locality_required', 120, 'validation.locality_max'),
  street: text('validation.street_required', 200, 'validation.street_max'),
  postal_code: line({ message: 'validation.postal_code_required' })
    .trim()
    .regex(/^\d{6}$/, 'validation.postal_code_invalid'),
  type: z.enum(ADDRESS_TYPES, { message: 'validation.address_type_invalid' }).default('home'),
  is_default: z.preprocess((v) => v === 1 || v === '1' || v === 'true' || v === true, z.boolean()).optional(),
  country: line().trim().max(80, 'validation.country_invalid').nullish(),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  county: z.string(),
  locality: z.string(),
  street: z.string(),
  postal_code: z.string(),
  type: z.enum(ADDRESS_TYPES),
  is_default: z.boolean(),
  country: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressListResponseSchema = envelope(z.object({ addresses: z.array(addressSchema) }));
export const addressResponseSchema = envelope(z.object({ address: addressSchema }));
export type AddressResponse = z.infer<typeof addressResponseSchema>;
