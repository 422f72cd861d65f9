/**
 * Every sign-in dialog, loaded on demand (its own chunk) the first time one opens. Settings and
 * countries come from the host in the app layer (features stay independent).
 */
import type { Country } from '#contract/content.ts';
import { useAuthDialog } from '../../lib/auth-dialog-store.ts';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';
import { LoginModal } from './LoginModal.tsx';
import { OtpDialog } from './OtpDialog.tsx';
import { RegisterModal } from './RegisterModal.tsx';
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx';
import type { SocialSettings } from './SocialButtons.tsx';

export interface AuthDialogSettings {
  appName: string;
  forgotOtpType: 'phone' | 'email';
  otpLength: number;
  social: SocialSettings;
  defaultCountry: string;
}

export default function AuthDialogs({ countries, settings }: { countries: Country[]; settings: AuthDialogSettings }) {
  const { dialog, pending, resetToken } = useAuthDialog();
  switch (dialog) {
    case 'login':
      return (
        <LoginModal countries={countries} defaultCountry={settings.defaultCountry} social={settings.social} appName={settings.appName} />
      );
    case 'register':
      return <RegisterModal countries={countries} defaultCountry={settings.defaultCountry} />;
    case 'forgot':
      return <ForgotPasswordDialog countries={countries} defaultCountry={settings.defaultCountry} otpType={settings.forgotOtpType} />;
    case 'otp':
      return pending ? <OtpDialog pending={pending} otpLength={settings.otpLength} /> : null;
    case 'reset':
      return resetToken ? <ResetPasswordDialog token={resetToken} /> : null;
    default:
      return null;
  }
}
