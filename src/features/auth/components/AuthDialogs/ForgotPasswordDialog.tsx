/**
 * Forgot password, step (a) (spec §2, §4): country plus phone — or e-mail when forgot_otp_type
 * is email — and 'Send OTP'. The code's dialog and the reset dialog are steps (b) and (c).
 */
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailField, phoneCodeField, phoneField } from '../../../../../contract/auth.ts';
import type { Country } from '../../../../../contract/content.ts';
import { sendOtp } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { useFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { CountryField, PhoneField, dialCodeOf } from './fields.tsx';

export function ForgotPasswordDialog({ countries, defaultCountry, otpType }: { countries: Country[]; defaultCountry: string; otpType: 'phone' | 'email' }) {
  const { t } = useTranslation();
  const [country, setCountry] = useState(defaultCountry);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, fromApi, clear, setErrors } = useFieldErrors();
  const phoneCode = dialCodeOf(countries, country);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: 'The country field is required', 'The phone field is required'.
    const next: Record<string, string> = {};
    if (!phoneCodeField.safeParse(phoneCode).success || !country) next.country = t('validation.country_required');
    if (otpType === 'phone') {
      const checked = phoneField.safeParse(phone);
      if (!checked.success) next.phone = t(checked.error.issues[0]!.message);
    } else {
      const checked = emailField.safeParse(email);
      if (!checked.success) next.email = t(checked.error.issues[0]!.message);
    }
    if (Object.keys(next).length) return setErrors(next);
    clear();
    setBusy(true);
    try {
      const body = otpType === 'phone' ? { phone, phone_code: phoneCode, forgot_password: 1 as const } : { email, phone_code: phoneCode, forgot_password: 1 as const };
      const response = await sendOtp(body);
      authDialogStore.codeSent({ flow: 'forgot', phone, phone_code: phoneCode, email: otpType === 'email' ? email : undefined, destination: response.data.email_or_phone });
      notifySuccess(response.message, 3000);
    } catch (error) {
      fromApi(error);
      notifyError(error, t('auth.otp_failed'), t('auth.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => authDialogStore.close()} title={t('auth.forgot_title')} centered size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{otpType === 'phone' ? t('auth.forgot_text_phone') : t('auth.forgot_text_email')}</Text>
          <CountryField countries={countries} value={country} onChange={(v) => { setCountry(v); clear('country'); }} error={errors.country ?? errors.phone_code} />
          {otpType === 'phone' ? (
            <PhoneField dialCode={phoneCode} value={phone} onChange={(v) => { setPhone(v); clear('phone'); }} error={errors.phone} />
          ) : (
            <TextInput type="email" label={t('auth.email')} value={email} onChange={(e) => { setEmail(e.currentTarget.value); clear('email'); }} error={errors.email} autoComplete="email" />
          )}
          <Button type="submit" loading={busy} fullWidth data-testid="send-otp">{t('auth.send_otp')}</Button>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={() => authDialogStore.open('login')}>{t('auth.back_to_login')}</Anchor>
        </Stack>
      </form>
    </Modal>
  );
}
