/**
 * A new phone number (issue #4), only through a one-time code sent to that number: the number
 * is checked with the contract's `changePhoneSchema` and the code sent; then the code's boxes
 * confirm it. Both steps' server messages land on the form's fields.
 */
import { useState } from 'react';
import { Button, Group, Paper, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePhoneSchema, digitsOnly, type User } from '#contract/auth.ts';
import { formatPhone } from '#src/lib/format-phone.ts';
import { applyServerErrors, formSchema, useSchemaForm } from '#src/lib/use-schema-form.ts';
import { sendPhoneChangeCode, verifyPhoneChange } from '../api/account-api.ts';
import { notifyFailure, notifySaved } from '../lib/notify.ts';

type PhoneFields = { phone: string; otp: string };

/** The number goes with the account's dial code (+40 when it has none). */
const phoneFormSchema = (phoneCode: string) =>
  formSchema(changePhoneSchema, ({ phone }: PhoneFields) => ({ phone, phone_code: phoneCode }));

/** `onChanged`: keeps the user the server answers (the app passes the session's). */
export function PhoneChangeForm({ user, onChanged }: { user: User; onChanged: (user: User) => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const phoneCode = user.phone_code || '+40';
  const fail = (error: unknown) => notifyFailure(error, t);
  const {
    form,
    onSubmit,
    busy: sending,
  } = useSchemaForm({
    schema: phoneFormSchema(phoneCode),
    initialValues: { phone: '', otp: '' },
    submit: sendPhoneChangeCode,
    onSuccess: (response) => {
      setSent(true);
      notifySaved(response.message);
    },
    onError: fail,
  });
  // The code is not checked here: the button waits for four digits, the server says the rest.
  const verify = useMutation({
    mutationFn: () => verifyPhoneChange({ phone: form.values.phone, phone_code: phoneCode, otp: form.values.otp }),
    networkMode: 'always',
    onSuccess: (response) => {
      onChanged(response.data.user);
      setSent(false);
      form.setValues({ phone: '', otp: '' });
      notifySaved(response.message);
    },
    onError: (error) => {
      if (!applyServerErrors(form, error)) fail(error);
    },
  });
  const busy = sending || verify.isPending;
  const otpError = form.errors.otp;

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('profile.phone')}
        </Title>
        <Text size="sm">{t('profile.current_phone', { phone: formatPhone(`${user.phone_code}${user.phone}`) })}</Text>
        <TextInput
          label={t('profile.new_phone')}
          type="tel"
          inputMode="numeric"
          leftSection={<span style={{ fontSize: 14, fontWeight: 600 }}>{phoneCode}</span>}
          {...form.getInputProps('phone')}
          // Digits only, as typed.
          onChange={(event) => form.setFieldValue('phone', digitsOnly(event.currentTarget.value))}
          disabled={sent}
        />
        {!sent ? (
          <Group>
            <Button type="submit" variant="light" loading={busy}>
              {t('auth.send_otp')}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <PinInput
              length={4}
              type="number"
              inputMode="numeric"
              oneTimeCode
              {...form.getInputProps('otp')}
              // The boxes are only marked invalid: the message is the one below them.
              error={Boolean(otpError)}
              aria-label={t('auth.otp_code')}
            />
            {otpError && (
              <Text size="sm" c="red.8">
                {otpError}
              </Text>
            )}
            <Group>
              <Button onClick={() => verify.mutate()} loading={busy} disabled={form.values.otp.length < 4}>
                {t('auth.confirm_otp')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setSent(false);
                  form.setFieldValue('otp', '');
                }}
              >
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
