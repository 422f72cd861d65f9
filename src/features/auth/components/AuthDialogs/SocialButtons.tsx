/**
 * Social sign-in buttons (product §1, §2): each only when its provider is active in settings with a
 * client id. The provider's own SDK is loaded on the first click (never on page load), its
 * credential posted to /api/auth/{provider}/token, which verifies it server-side.
 */
import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { socialLogin } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { storeSession } from '../../lib/sign-in.ts';
import { getProviderCredential, type Provider } from '../../lib/social-sdk.ts';

export interface SocialSettings {
  google: { clientId: string } | null;
  facebook: { clientId: string } | null;
  apple: { clientId: string; redirectUrl: string | null } | null;
}

const LABELS: Record<Provider, string> = { google: 'auth.with_google', facebook: 'auth.with_facebook', apple: 'auth.with_apple' };

export function SocialButtons({ settings }: { settings: SocialSettings }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Provider | null>(null);
  const providers = (['google', 'facebook', 'apple'] as const).filter((p) => settings[p]);
  if (providers.length === 0) return null;

  const signIn = async (provider: Provider) => {
    setBusy(provider);
    try {
      const credential = await getProviderCredential(provider, settings);
      if (!credential) return; // closed by the shopper, or Apple without token (logged, product §8)
      const response = await socialLogin(provider, credential);
      storeSession(response);
      authDialogStore.finish();
      notifySuccess(t('auth.login_successful'));
    } catch (error) {
      notifyError(error, t('auth.social_failed'), t('auth.offline'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      {providers.map((provider) => (
        <Button key={provider} variant="default" loading={busy === provider} onClick={() => void signIn(provider)}>
          {t(LABELS[provider])}
        </Button>
      ))}
    </Stack>
  );
}
