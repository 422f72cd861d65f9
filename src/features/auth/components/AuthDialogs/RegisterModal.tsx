/**
 * Registration modal 'Welcome, Create your account' (spec §2, §4): Full Name, Country
 * (searchable), Phone Number with '+dial code', Create Password, Sign up, login link, Terms and
 * Privacy links. On success the form resets and closes, a code is sent and the Enter OTP dialog
 * opens; with register_otp_verify off the answer signs the shopper in at once.
 */
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registrationSchema } from '../../../../../contract/auth.ts';
import type { Country } from '../../../../../contract/content.ts';
import { register, sendOtp } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { useFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { CountryField, PasswordField, PhoneField, dialCodeOf } from './fields.tsx';

export function RegisterModal({ countries, defaultCountry }: { countries: Country[]; defaultCountry: string }) {
  const { t } = useTranslation();
  const empty = { name: '', country: defaultCountry, phone: '', password: '', email: '' };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const { errors, fromZod, fromApi, clear } = useFieldErrors();
  const phoneCode = dialCodeOf(countries, form.country);
  const update = (field: keyof typeof empty) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = registrationSchema.safeParse({ ...form, phone_code: phoneCode, email: form.email || null });
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setBusy(true);
    try {
      const response = await register(parsed.data);
      setForm(empty);
      if (!response.data.requires_verification && response.data.access) {
        sessionStore.set({ token: response.data.access.token.token, user: response.data.user });
        authDialogStore.finish();
        notifySuccess(response.message);
        return;
      }
      const sent = await sendOtp({ phone: parsed.data.phone, phone_code: phoneCode, forgot_password: null });
      authDialogStore.codeSent({ flow: 'register', phone: parsed.data.phone, phone_code: phoneCode, destination: sent.data.email_or_phone });
      notifySuccess(t('auth.verify_phone_to_finish'), 3000);
    } catch (error) {
      fromApi(error);
      notifyError(error, t('auth.register_failed'), t('auth.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => authDialogStore.close()} title={t('auth.register_title')} centered size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('auth.full_name')} value={form.name} onChange={(e) => update('name')(e.currentTarget.value)} error={errors.name} autoComplete="name" data-testid="register-name" />
          <CountryField countries={countries} value={form.country} onChange={update('country')} error={errors.country ?? errors.phone_code} />
          <PhoneField label={t('auth.phone_number')} dialCode={phoneCode} value={form.phone} onChange={update('phone')} error={errors.phone} />
          <PasswordField label={t('auth.create_password')} value={form.password} onChange={update('password')} error={errors.password} autoComplete="new-password" testId="register-password" />
          <Button type="submit" loading={busy} fullWidth data-testid="register-submit">{t('auth.sign_up')}</Button>
          <Text size="sm" ta="center">
            {t('auth.have_account')}{' '}
            <Anchor component="button" type="button" onClick={() => authDialogStore.open('login')}>{t('auth.log_in')}</Anchor>
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            {t('auth.agree_prefix')}{' '}
            <Anchor component={Link} to="/terms-and-conditions" size="xs" onClick={() => authDialogStore.close()}>{t('routes.terms')}</Anchor>{' '}
            {t('auth.and')}{' '}
            <Anchor component={Link} to="/privacy-policy" size="xs" onClick={() => authDialogStore.close()}>{t('routes.privacy')}</Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
