/**
 * Mounts the sign-in dialogs (features/auth) with what they need from other features:
 * countries, social providers and OTP settings. This host and the dialogs load when one first
 * opens, or ahead once the browser is idle (RootShell).
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuthDialog } from '#src/features/auth/lib/auth-dialog-store.ts';
import type { AuthDialogSettings } from '#src/features/auth/components/AuthDialogs/AuthDialogs.tsx';
import { countriesQueryOptions } from '#src/features/countries/api/get-countries.ts';
import { settingsQueryOptions } from '#src/lib/storefront/get-settings.ts';
import type { Country } from '#contract/content.ts';
import { useStorefront } from '#src/lib/storefront/use-storefront.ts';
import { lazyPart, prefetchCode } from '#src/lib/lazy-part.tsx';

const loadDialogs = () => import('#src/features/auth/components/AuthDialogs/AuthDialogs.tsx');
const AuthDialogs = lazyPart(loadDialogs);
// This host loads when a dialog first opens (RootShell): the dialogs' code comes along at once.
prefetchCode(loadDialogs);

/** Product §9: default country Romania; OTP length 4. */
const DEFAULT_COUNTRY = 'Romania';
const DEFAULT_OTP_LENGTH = 4;
const FALLBACK_COUNTRIES: Country[] = [{ name: 'România', phone_code: '+40', iso_code: 'RO' }];

/** The setting may name the country in English or by ISO code; the list names it in Romanian. */
function defaultCountryName(countries: Country[], wanted: string): string {
  const match = countries.find((c) => c.name === wanted || c.iso_code === wanted || (wanted === 'Romania' && c.iso_code === 'RO'));
  return (match ?? countries[0])?.name ?? '';
}

export function AuthDialogsHost() {
  const { dialog } = useAuthDialog();
  const storefront = useStorefront();
  const countries = useQuery({ ...countriesQueryOptions(), enabled: dialog !== null });
  const settings = useQuery({ ...settingsQueryOptions(), enabled: dialog !== null });
  const social = storefront.socialAuths;

  const dialogSettings = useMemo<AuthDialogSettings>(
    () => ({
      appName: storefront.appName,
      forgotOtpType: storefront.forgotOtpType,
      otpLength: settings.data?.otp_length ?? DEFAULT_OTP_LENGTH,
      defaultCountry: defaultCountryName(countries.data ?? [], settings.data?.default_country ?? DEFAULT_COUNTRY),
      social: {
        google: social.google.is_active && social.google.client_id ? { clientId: social.google.client_id } : null,
        facebook: social.facebook.is_active && social.facebook.client_id ? { clientId: social.facebook.client_id } : null,
        apple:
          social.apple.is_active && social.apple.client_id
            ? { clientId: social.apple.client_id, redirectUrl: social.apple.redirect_url }
            : null,
      },
    }),
    [storefront.appName, storefront.forgotOtpType, settings.data, social, countries.data],
  );

  // Offline on a first visit the list cannot load: Romania alone still lets the shopper sign in later.
  const list = countries.data ?? (countries.isError ? FALLBACK_COUNTRIES : null);
  if (dialog === null || !list) return null;
  return <AuthDialogs countries={list} settings={{ ...dialogSettings, defaultCountry: dialogSettings.defaultCountry || list[0]!.name }} />;
}
