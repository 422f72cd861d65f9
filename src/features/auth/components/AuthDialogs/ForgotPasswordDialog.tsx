/**
 * Forgot password, step (a) (product §2, §4): country plus phone — or e-mail when forgot_otp_type
 * is email — and 'Send OTP'. The code's dialog and the reset dialog are steps (b) and (c).
 */
import { Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailField, phoneCodeField, phoneField } from '#contract/auth.ts';
import type { Country } from '#contract/content.ts';
import { useSchemaForm } from '#src/lib/use-schema-form.ts';
import { sendOtp } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { CountryField, countryInputProps, PhoneField, dialCodeOf } from './fields.tsx';

/** A field checked by one of the contract's fields (its first message), sent as typed. */
const checkedBy = (field: z.ZodType) =>
  z.string().superRefine((value, ctx) => {
    const checked = field.safeParse(value);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
  });

/** Product §5: 'The country field is required', 'The phone field is required' (or the e-mail's messages). */
const forgotFormSchema = (countries: Country[], otpType: 'phone' | 'email') =>
  z.object({
    country: z
      .string()
      .refine(
        (country) => Boolean(country) && phoneCodeField.safeParse(dialCodeOf(countries, country)).success,
        'validation.country_required',
      ),
    phone: otpType === 'phone' ? checkedBy(phoneField) : z.string(),
    email: otpType === 'email' ? checkedBy(emailField) : z.string(),
  });

export function ForgotPasswordDialog({
  countries,
  defaultCountry,
  otpType,
}: {
  countries: Country[];
  defaultCountry: string;
  otpType: 'phone' | 'email';
}) {
  const { t } = useTranslation();
  const failed = (error: unknown) => notifyError(error, t('auth.otp_failed'), t('auth.offline'));
  const { form, onSubmit, busy } = useSchemaForm({
    schema: forgotFormSchema(countries, otpType),
    initialValues: { country: defaultCountry, phone: '', email: '' },
    submit: ({ country, phone, email }) => {
      const phone_code = dialCodeOf(countries, country);
      return sendOtp(otpType === 'phone' ? { phone, phone_code, forgot_password: 1 } : { email, phone_code, forgot_password: 1 });
    },
    onSuccess: (response, { country, phone, email }) => {
      authDialogStore.codeSent({
        flow: 'forgot',
        phone,
        phone_code: dialCodeOf(countries, country),
        email: otpType === 'email' ? email : undefined,
        destination: response.data.email_or_phone,
      });
      notifySuccess(response.message, 3000);
    },
    onFieldErrors: failed,
    onError: failed,
  });
  const phoneCode = dialCodeOf(countries, form.values.country);

  return (
    <Modal opened onClose={() => authDialogStore.close()} title={t('auth.forgot_title')} centered size="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {otpType === 'phone' ? t('auth.forgot_text_phone') : t('auth.forgot_text_email')}
          </Text>
          <CountryField countries={countries} {...countryInputProps(form)} />
          {otpType === 'phone' ? (
            <PhoneField dialCode={phoneCode} {...form.getInputProps('phone')} />
          ) : (
            <TextInput type="email" label={t('auth.email')} {...form.getInputProps('email')} autoComplete="email" />
          )}
          <Button type="submit" loading={busy} fullWidth data-testid="send-otp">
            {t('auth.send_otp')}
          </Button>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={() => authDialogStore.open('login')}>
            {t('auth.back_to_login')}
          </Anchor>
        </Stack>
      </form>
    </Modal>
  );
}
