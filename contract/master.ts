import { z } from 'zod';
import { envelope } from './envelope.ts';
import { THEME_SHADES } from './constants.ts';

/** Product §3 Storefront settings / §7 GET /master. */

export const themeColorsSchema = z.object({
  primary: z.string(),
  ...Object.fromEntries(THEME_SHADES.map((shade) => [shade, z.string()])),
}) as unknown as z.ZodType<ThemeColors>;
export type ThemeColors = { primary: string } & Record<(typeof THEME_SHADES)[number], string>;

export const languageSchema = z.object({ name: z.string(), title: z.string() });
export type Language = z.infer<typeof languageSchema>;

export const socialLinkSchema = z.object({ name: z.string(), link: z.string(), logo: z.string() });
export type SocialLink = z.infer<typeof socialLinkSchema>;

const socialAuthSchema = z.object({ is_active: z.boolean(), client_id: z.string().nullable() });
export const socialAuthsSchema = z.object({
  google: socialAuthSchema,
  facebook: socialAuthSchema,
  apple: socialAuthSchema.extend({ redirect_url: z.string().nullable() }),
});
export type SocialAuths = z.infer<typeof socialAuthsSchema>;

export const filterOptionSchema = z.object({ id: z.number(), name: z.string() });
export type FilterOption = z.infer<typeof filterOptionSchema>;

export const filterCategorySchema = z.object({
  key: z.enum(['qualities', 'seasons']),
  title: z.string(),
  items: z.array(filterOptionSchema),
});
export type FilterCategory = z.infer<typeof filterCategorySchema>;

export const paymentGatewaySchema = z.object({ name: z.string(), title: z.string(), logo: z.string() });

export const masterDataSchema = z.object({
  currency: z.object({ symbol: z.string(), position: z.enum(['prefix', 'suffix']) }),
  app_name: z.string(),
  web_logo: z.string().nullable(),
  google_playstore_link: z.string().nullable(),
  app_store_link: z.string().nullable(),
  show_download_app: z.boolean(),
  multi_vendor: z.boolean(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  web_show_footer: z.boolean(),
  web_footer_text: z.string().nullable(),
  web_footer_description: z.string().nullable(),
  web_footer_logo: z.string().nullable(),
  footer_qr: z.string().nullable(),
  payment_gateways: z.array(paymentGatewaySchema),
  social_links: z.array(socialLinkSchema),
  theme_colors: themeColorsSchema.nullable(),
  pusher_app_key: z.string().nullable(),
  pusher_app_cluster: z.string().nullable(),
  app_environment: z.string(),
  register_otp_verify: z.boolean(),
  register_otp_type: z.enum(['phone', 'email']),
  forgot_otp_type: z.enum(['phone', 'email']),
  languages: z.array(languageSchema),
  social_auths: socialAuthsSchema,
  seasons: z.array(filterOptionSchema),
  qualities: z.array(filterOptionSchema),
  colors: z.array(filterOptionSchema),
  sizes: z.array(filterOptionSchema),
  filter_categories: z.array(filterCategorySchema),
});
export type MasterData = z.infer<typeof masterDataSchema>;

/** Body of GET /api/master: `data.data` holds the master data (product §7). */
export const masterResponseSchema = envelope(z.object({ data: masterDataSchema }));
export type MasterResponse = z.infer<typeof masterResponseSchema>;

/** GET /api/settings: general settings, `data.data` (product §7). */
export const generalSettingsSchema = z.object({
  customer_service_hours: z.object({ from: z.string(), to: z.string() }),
  vat_rate: z.number(),
  otp_length: z.number().int(),
  otp_resend_seconds: z.number().int(),
  default_country: z.string(),
  withdrawal_days: z.number().int(),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;
export const settingsResponseSchema = envelope(z.object({ data: generalSettingsSchema }));
