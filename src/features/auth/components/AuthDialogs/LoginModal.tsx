/**
 * Login modal (product §2, §4): welcome text, social buttons for active providers, 'OR CONTINUE
 * WITH', country code plus numeric phone, password with show/hide, Forgot Password, Log in,
 * 'Don't have an account? Sign Up now'. A 403 with requires_verification is not an error: the
 * user is held and the Enter OTP dialog opens (its 60 s countdown starts).
 */
import { Anchor, Button, Divider, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '#contract/auth.ts';
import type { Country } from '#contract/content.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { formSchema, useSchemaForm } from '#src/lib/use-schema-form.ts';
import { login } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { storeSession } from '../../lib/sign-in.ts';
import { CountryField, countryInputProps, PasswordField, PhoneField, dialCodeOf } from './fields.tsx';
import { SocialButtons, type SocialSettings } from './SocialButtons.tsx';

type LoginFields = { country: string; phone: string; password: string };

/** The form's country becomes the payload's dial code; the contract's `loginSchema` checks the rest. */
const loginFormSchema = (countries: Country[]) =>
  formSchema(loginSchema, ({ country, phone, password }: LoginFields) => ({ phone, password, phone_code: dialCodeOf(countries, country) }));

export function LoginModal({
  countries,
  defaultCountry,
  social,
  appName,
}: {
  countries: Country[];
  defaultCountry: string;
  social: SocialSettings;
  appName: string;
}) {
  const { t } = useTranslation();
  const failed = (error: unknown) => notifyError(error, t('auth.login_failed'), t('auth.offline'));
  const { form, onSubmit, busy } = useSchemaForm({
    schema: loginFormSchema(countries),
    initialValues: { country: defaultCountry, phone: '', password: '' },
    submit: login,
    onSuccess: (response) => {
      storeSession(response);
      authDialogStore.finish();
      notifySuccess(t('auth.login_successful'));
    },
    onFieldErrors: failed,
    onError: (error, sent) => {
      const body = error instanceof ApiError ? (error.body as { data?: { requires_verification?: boolean } } | undefined) : undefined;
      if (error instanceof ApiError && error.status === 403 && body?.data?.requires_verification) {
        // The server sent a code: hold the user and ask for it (product §4).
        authDialogStore.codeSent({ flow: 'login', phone: sent.phone, phone_code: sent.phone_code, password: sent.password });
        return;
      }
      failed(error);
    },
  });
  const phoneCode = dialCodeOf(countries, form.values.country);

  return (
    <Modal opened onClose={() => authDialogStore.close()} title={t('auth.login_title')} centered size="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text c="dimmed" size="sm">
            {t('auth.login_welcome', { app: appName })}
          </Text>
          <SocialButtons settings={social} />
          {(social.google || social.facebook || social.apple) && <Divider label={t('auth.or_continue_with')} labelPosition="center" />}
          <CountryField countries={countries} {...countryInputProps(form)} />
          <PhoneField dialCode={phoneCode} {...form.getInputProps('phone')} />
          <PasswordField label={t('auth.password')} {...form.getInputProps('password')} testId="login-password" />
          <Anchor component="button" type="button" size="sm" ta="right" onClick={() => authDialogStore.open('forgot')}>
            {t('auth.forgot_password')}
          </Anchor>
          <Button type="submit" loading={busy} fullWidth data-testid="login-submit">
            {t('auth.log_in')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.no_account')}{' '}
            <Anchor component="button" type="button" onClick={() => authDialogStore.open('register')}>
              {t('auth.sign_up_now')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
