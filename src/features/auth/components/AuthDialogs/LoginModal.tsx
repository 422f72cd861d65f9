/**
 * Login modal (spec §2, §4): welcome text, social buttons for active providers, 'OR CONTINUE
 * WITH', country code plus numeric phone, password with show/hide, Forgot Password, Log in,
 * 'Don't have an account? Sign Up now'. A 403 with requires_verification is not an error: the
 * user is held and the Enter OTP dialog opens (its 60 s countdown starts).
 */
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '../../../../../contract/auth.ts';
import type { Country } from '../../../../../contract/content.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { login } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { useFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { storeSession } from '../../lib/sign-in.ts';
import { CountryField, PasswordField, PhoneField, dialCodeOf } from './fields.tsx';
import { SocialButtons, type SocialSettings } from './SocialButtons.tsx';

export function LoginModal({ countries, defaultCountry, social, appName }: { countries: Country[]; defaultCountry: string; social: SocialSettings; appName: string }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState(defaultCountry);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, fromZod, fromApi, clear } = useFieldErrors();
  const phoneCode = dialCodeOf(countries, country);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = { phone, password, phone_code: phoneCode };
    const parsed = loginSchema.safeParse(payload);
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setBusy(true);
    try {
      const response = await login(parsed.data);
      storeSession(response);
      authDialogStore.finish();
      notifySuccess(t('auth.login_successful'));
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { data?: { requires_verification?: boolean } } | undefined) : undefined;
      if (error instanceof ApiError && error.status === 403 && body?.data?.requires_verification) {
        // The server sent a code: hold the user and ask for it (spec §4).
        authDialogStore.codeSent({ flow: 'login', phone, phone_code: phoneCode, password });
        return;
      }
      fromApi(error);
      notifyError(error, t('auth.login_failed'), t('auth.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => authDialogStore.close()} title={t('auth.login_title')} centered size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text c="dimmed" size="sm">{t('auth.login_welcome', { app: appName })}</Text>
          <SocialButtons settings={social} />
          {(social.google || social.facebook || social.apple) && <Divider label={t('auth.or_continue_with')} labelPosition="center" />}
          <CountryField countries={countries} value={country} onChange={(v) => { setCountry(v); clear('phone_code'); }} error={errors.phone_code} />
          <PhoneField dialCode={phoneCode} value={phone} onChange={(v) => { setPhone(v); clear('phone'); }} error={errors.phone} />
          <PasswordField label={t('auth.password')} value={password} onChange={(v) => { setPassword(v); clear('password'); }} error={errors.password} testId="login-password" />
          <Anchor component="button" type="button" size="sm" ta="right" onClick={() => authDialogStore.open('forgot')}>
            {t('auth.forgot_password')}
          </Anchor>
          <Button type="submit" loading={busy} fullWidth data-testid="login-submit">{t('auth.log_in')}</Button>
          <Text size="sm" ta="center">
            {t('auth.no_account')}{' '}
            <Anchor component="button" type="button" onClick={() => authDialogStore.open('register')}>{t('auth.sign_up_now')}</Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
