/** Storefront settings (product §3): the `master` and `general` rows, and the languages. */
import type { GeneralSettings, MasterData } from '#contract/master.ts';

/** The part of MasterData kept in `settings`; the rest is derived from tables by the repository. */
export type StoredMaster = Omit<MasterData, 'languages' | 'seasons' | 'qualities' | 'colors' | 'sizes' | 'filter_categories'>;

/** Warm green/teal palette, light to dark; primary is shade 600. */
export const THEME = {
  '50': '#effaf6',
  '100': '#d8f3e9',
  '200': '#b3e6d4',
  '300': '#80d2b9',
  '400': '#4bb79a',
  '500': '#289c80',
  '600': '#1b7e68',
  '700': '#176555',
  '800': '#155146',
  '900': '#13433b',
  '950': '#082622',
} as const;

export const masterSettings: StoredMaster = {
  currency: { symbol: 'lei', position: 'suffix' },
  app_name: 'Talcioc',
  web_logo: '/media/brand/logo.svg',
  google_playstore_link: 'https://play.google.com/store/apps/details?id=ro.talcioc.app',
  app_store_link: 'https://apps.apple.com/ro/app/talcioc/id0000000000',
  show_download_app: true,
  multi_vendor: true,
  mobile: '+40 721 000 111',
  email: 'contact@talcioc.ro',
  address: 'Str. Mihai Eminescu 12, Cluj-Napoca 400001',
  web_show_footer: true,
  web_footer_text: 'Talcioc SRL. Toate drepturile rezervate.',
  web_footer_description:
    'Talcioc este piața online a magazinelor second-hand din România: haine, cărți, jucării și electronice verificate, cu o a doua viață și un preț corect.',
  web_footer_logo: null,
  footer_qr: null,
  payment_gateways: [
    { name: 'cash', title: 'Plata ramburs', logo: '/media/payments/cash.svg' },
    { name: 'card', title: 'Card bancar', logo: '/media/payments/card.svg' },
  ],
  social_links: [
    { name: 'facebook', link: 'https://www.facebook.com/talcioc.ro', logo: '/media/social/facebook.svg' },
    { name: 'instagram', link: 'https://www.instagram.com/talcioc.ro', logo: '/media/social/instagram.svg' },
    { name: 'tiktok', link: 'https://www.tiktok.com/@talcioc.ro', logo: '/media/social/tiktok.svg' },
  ],
  theme_colors: { primary: THEME['600'], ...THEME },
  pusher_app_key: null,
  pusher_app_cluster: null,
  app_environment: 'local',
  register_otp_verify: true,
  register_otp_type: 'phone',
  forgot_otp_type: 'phone',
  social_auths: {
    google: { is_active: false, client_id: null },
    facebook: { is_active: false, client_id: null },
    apple: { is_active: false, client_id: null, redirect_url: null },
  },
};

export const generalSettings: GeneralSettings = {
  customer_service_hours: { from: '09:00', to: '17:00' },
  vat_rate: 21,
  otp_length: 4,
  otp_resend_seconds: 60,
  default_country: 'Romania',
  withdrawal_days: 14,
};

export const languageRows = [
  { code: 'ro', title: 'Română', position: 0 },
  { code: 'en', title: 'English', position: 1 },
];
