/**
 * Registration modal 'Welcome, Create your account' (product §2, §4): Full Name, Country
 * (searchable), Phone Number with '+dial code', Create Password, Sign up, login link, Terms and
 * Privacy links. On success the form resets and closes, a code is sent and the Enter OTP dialog
 * opens; with register_otp_verify off the answer signs the shopper in at once.
 */
import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registrationSchema } from '#contract/auth.ts';
import type { Country } from '#contract/content.ts';
import { formSchema, useSchemaForm } from '#src/lib/use-schema-form.ts';
import { register, sendOtp } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { CountryField, countryInputProps, PasswordField, PhoneField, dialCodeOf } from './fields.tsx';

type RegisterFields = { name: string; country: string; phone: string; password: string; email: string };

/** The payload adds the country's dial code and sends a blank e-mail as null; `registrationSchema` checks it. */
const registerFormSchema = (countries: Country[]) =>
  formSchema(registrationSchema, (fields: RegisterFields) => ({
    ...fields,
    phone_code: dialCodeOf(countries, fields.country),
    email: fields.email || null,
  }));

export function RegisterModal({ countries, defaultCountry }: { countries: Country[]; defaultCountry: string }) {
  const { t } = useTranslation();
  const empty: RegisterFields = { name: '', country: defaultCountry, phone: '', password: '', email: '' };
  const failed = (error: unknown) => notifyError(error, t('auth.register_failed'), t('auth.offline'));
  const { form, onSubmit, busy } = useSchemaForm({
    schema: registerFormSchema(countries),
    initialValues: empty,
    submit: async (payload) => {
      const registered = await register(payload);
      // The account exists: the form resets whatever happens to the code's send.
      form.setValues(empty);
      if (!registered.data.requires_verification && registered.data.access) return { registered, sent: null };
      return { registered, sent: await sendOtp({ phone: payload.phone, phone_code: payload.phone_code, forgot_password: null }) };
    },
    onSuccess: ({ registered, sent }, payload) => {
      if (!sent) {
        sessionStore.set({ token: registered.data.access!.token.token, user: registered.data.user });
        authDialogStore.finish();
        notifySuccess(registered.message);
        return;
      }
      authDialogStore.codeSent({
        flow: 'register',
        phone: payload.phone,
        phone_code: payload.phone_code,
        destination: sent.data.email_or_phone,
      });
      notifySuccess(t('auth.verify_phone_to_finish'), 3000);
    },
    onFieldErrors: failed,
    onError: failed,
  });
  const phoneCode = dialCodeOf(countries, form.values.country);

  return (
    <Modal opened onClose={() => authDialogStore.close()} title={t('auth.register_title')} centered size="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('auth.full_name')} {...form.getInputProps('name')} autoComplete="name" data-testid="register-name" />
          <CountryField countries={countries} {...countryInputProps(form)} />
          <PhoneField label={t('auth.phone_number')} dialCode={phoneCode} {...form.getInputProps('phone')} />
          <PasswordField
            label={t('auth.create_password')}
            {...form.getInputProps('password')}
            autoComplete="new-password"
            testId="register-password"
          />
          <Button type="submit" loading={busy} fullWidth data-testid="register-submit">
            {t('auth.sign_up')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.have_account')}{' '}
            <Anchor component="button" type="button" onClick={() => authDialogStore.open('login')}>
              {t('auth.log_in')}
            </Anchor>
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            {t('auth.agree_prefix')}{' '}
            <Anchor component={Link} to="/terms-and-conditions" size="xs" onClick={() => authDialogStore.close()}>
              {t('routes.terms')}
            </Anchor>{' '}
            {t('auth.and')}{' '}
            <Anchor component={Link} to="/privacy-policy" size="xs" onClick={() => authDialogStore.close()}>
              {t('routes.privacy')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
