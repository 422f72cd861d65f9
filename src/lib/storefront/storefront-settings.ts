/**
 * Storefront settings (product §3) in the client's own names, with the spec's defaults for
 * anything the server leaves out: locale ro, currency $ prefix, multiVendor true, showFooter
 * true, app_environment local, empty option lists, the two default filter groups.
 */
import type { FilterCategory, FilterOption, Language, MasterData, SocialAuths, SocialLink, ThemeColors } from '#contract/master.ts';
import { THEME_SHADES } from '#contract/constants.ts';
import type { CurrencyFormat } from '#contract/format-money.ts';

export interface StorefrontSettings {
  locale: string;
  logo: string | null;
  currency: CurrencyFormat;
  appName: string;
  showDownloadApp: boolean;
  playStoreLink: string | null;
  appStoreLink: string | null;
  multiVendor: boolean;
  paymentGateways: MasterData['payment_gateways'];
  mobile: string | null;
  email: string | null;
  showFooter: boolean;
  address: string | null;
  footerText: string | null;
  footerDescription: string | null;
  footerLogo: string | null;
  footerQr: string | null;
  socialLinks: SocialLink[];
  themeColors: ThemeColors | null;
  pusherAppKey: string | null;
  pusherAppCluster: string | null;
  appEnvironment: string;
  registerOtpVerify: boolean;
  registerOtpType: 'phone' | 'email';
  forgotOtpType: 'phone' | 'email';
  languages: Language[];
  socialAuths: SocialAuths;
  seasons: FilterOption[];
  qualities: FilterOption[];
  colors: FilterOption[];
  sizes: FilterOption[];
  filterCategories: FilterCategory[];
}

const inactive = { is_active: false, client_id: null };

export const DEFAULT_STOREFRONT_SETTINGS: StorefrontSettings = {
  locale: 'ro',
  logo: null,
  currency: { symbol: '$', position: 'prefix' },
  appName: 'Talcioc',
  showDownloadApp: false,
  playStoreLink: null,
  appStoreLink: null,
  multiVendor: true,
  paymentGateways: [],
  mobile: null,
  email: null,
  showFooter: true,
  address: null,
  footerText: null,
  footerDescription: null,
  footerLogo: null,
  footerQr: null,
  socialLinks: [],
  themeColors: null,
  pusherAppKey: null,
  pusherAppCluster: null,
  appEnvironment: 'local',
  registerOtpVerify: true,
  registerOtpType: 'phone',
  forgotOtpType: 'phone',
  languages: [
    { name: 'ro', title: 'Română' },
    { name: 'en', title: 'English' },
  ],
  socialAuths: { google: inactive, facebook: inactive, apple: { ...inactive, redirect_url: null } },
  seasons: [],
  qualities: [],
  colors: [],
  sizes: [],
  filterCategories: [
    { key: 'qualities', title: 'Calitate', items: [] },
    { key: 'seasons', title: 'Anotimpuri', items: [] },
  ],
};

export function toStorefrontSettings(master: Partial<MasterData>): StorefrontSettings {
  const d = DEFAULT_STOREFRONT_SETTINGS;
  return {
    locale: d.locale,
    logo: master.web_logo ?? d.logo,
    currency: {
      symbol: master.currency?.symbol ?? d.currency.symbol,
      position: master.currency?.position ?? d.currency.position,
    },
    appName: master.app_name ?? d.appName,
    showDownloadApp: master.show_download_app ?? d.showDownloadApp,
    playStoreLink: master.google_playstore_link ?? d.playStoreLink,
    appStoreLink: master.app_store_link ?? d.appStoreLink,
    multiVendor: master.multi_vendor ?? d.multiVendor,
    paymentGateways: master.payment_gateways ?? d.paymentGateways,
    mobile: master.mobile ?? d.mobile,
    email: master.email ?? d.email,
    showFooter: master.web_show_footer ?? d.showFooter,
    address: master.address ?? d.address,
    footerText: master.web_footer_text ?? d.footerText,
    footerDescription: master.web_footer_description ?? d.footerDescription,
    footerLogo: master.web_footer_logo ?? d.footerLogo,
    footerQr: master.footer_qr ?? d.footerQr,
    socialLinks: master.social_links ?? d.socialLinks,
    themeColors: master.theme_colors ?? d.themeColors,
    pusherAppKey: master.pusher_app_key ?? d.pusherAppKey,
    pusherAppCluster: master.pusher_app_cluster ?? d.pusherAppCluster,
    appEnvironment: master.app_environment ?? d.appEnvironment,
    registerOtpVerify: master.register_otp_verify ?? d.registerOtpVerify,
    registerOtpType: master.register_otp_type ?? d.registerOtpType,
    forgotOtpType: master.forgot_otp_type ?? d.forgotOtpType,
    languages: master.languages?.length ? master.languages : d.languages,
    socialAuths: master.social_auths ?? d.socialAuths,
    seasons: master.seasons ?? [],
    qualities: master.qualities ?? [],
    colors: master.colors ?? [],
    sizes: master.sizes ?? [],
    filterCategories: master.filter_categories ?? d.filterCategories,
  };
}

/** Product §4: the theme is applied only if all 12 colour values (primary + 50..950) are present. */
export function hasCompleteTheme(colors: Partial<ThemeColors> | null | undefined): colors is ThemeColors {
  if (!colors) return false;
  return ['primary', ...THEME_SHADES].every((key) => {
    const value = colors[key as keyof ThemeColors];
    return typeof value === 'string' && value.trim() !== '';
  });
}
