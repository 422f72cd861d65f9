/**
 * The providers' browser SDKs, loaded on demand (product §9 scopes: Google email profile openid,
 * Apple name email, Facebook public_profile email; Facebook SDK v20.0). Each returns the
 * credential our API verifies: a Google or Apple ID token, or a Facebook access token.
 */
import type { SocialSettings } from '../components/AuthDialogs/SocialButtons.tsx';

export type Provider = 'google' | 'facebook' | 'apple';
export interface ProviderCredential {
  code: string;
  data?: Record<string, unknown>;
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(script);
  });
}

type AnyWindow = Window & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function getProviderCredential(provider: Provider, settings: SocialSettings): Promise<ProviderCredential | null> {
  const w = window as AnyWindow;
  if (provider === 'google' && settings.google) {
    await loadScript('https://accounts.google.com/gsi/client');
    return new Promise((resolve) => {
      w.google.accounts.id.initialize({
        client_id: settings.google!.clientId,
        callback: (response: { credential?: string }) => resolve(response.credential ? { code: response.credential } : null),
        cancel_on_tap_outside: true,
      });
      w.google.accounts.id.prompt((notification: { isNotDisplayed(): boolean; isSkippedMoment(): boolean }) => {
        if (notification.isNotDisplayed() || notification.isSkippedMoment()) resolve(null);
      });
    });
  }
  if (provider === 'facebook' && settings.facebook) {
    await loadScript('https://connect.facebook.net/en_US/sdk.js');
    w.FB.init({ appId: settings.facebook.clientId, version: 'v20.0', cookie: false, xfbml: false });
    return new Promise((resolve) => {
      w.FB.login(
        (response: { authResponse?: { accessToken: string; userID: string } }) =>
          resolve(response.authResponse ? { code: response.authResponse.accessToken, data: { id: response.authResponse.userID } } : null),
        { scope: 'public_profile,email' },
      );
    });
  }
  if (provider === 'apple' && settings.apple) {
    await loadScript('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js');
    w.AppleID.auth.init({
      clientId: settings.apple.clientId,
      scope: 'name email',
      redirectURI: settings.apple.redirectUrl ?? window.location.origin,
      usePopup: true,
    });
    const result = await w.AppleID.auth.signIn();
    const token = result?.authorization?.id_token as string | undefined;
    if (!token) {
      console.warn('[apple] sign-in returned no token or code'); // product §8: logged only
      return null;
    }
    return { code: token, data: result.user ?? {} };
  }
  return null;
}
