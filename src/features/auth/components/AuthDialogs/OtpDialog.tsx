/**
 * Enter OTP dialog (product §2, §4): one box per digit (otp_length, 4 by default), typing moves on,
 * Backspace on an empty box moves back, pasting the whole code fills every box (Mantine
 * PinInput). 'Confirm OTP'; a 60 s countdown shown as 00:{seconds}, then 'Resend OTP', which
 * restarts it. What confirm and resend call depends on the flow that sent the code.
 */
import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { SessionResponse } from '#contract/auth.ts';
import { login, sendOtp, verifyOtp, verifyOtpRegister } from '../../api/auth-api.ts';
import { authDialogStore, type PendingOtp } from '../../lib/auth-dialog-store.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { storeSession } from '../../lib/sign-in.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { useSchemaForm } from '#src/lib/use-schema-form.ts';

export const RESEND_SECONDS = 60;

function useSecondsLeft(sentAt: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Clamped both ways: right after a resend, `now` may be up to a second older than `sentAt`.
  return Math.min(RESEND_SECONDS, Math.max(0, RESEND_SECONDS - Math.floor((now - sentAt) / 1000)));
}

/** Every box filled: otp_length digits (the boxes take digits only). */
const otpFormSchema = (otpLength: number) => z.object({ otp: z.string().length(otpLength, 'validation.otp_required') });

export function OtpDialog({ pending, otpLength }: { pending: PendingOtp; otpLength: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [resending, setResending] = useState(false);
  const seconds = useSecondsLeft(pending.sentAt);
  const failed = (error: unknown) => notifyError(error, t('auth.otp_failed'), t('auth.offline'));

  const { form, onSubmit, busy } = useSchemaForm({
    schema: otpFormSchema(otpLength),
    initialValues: { otp: '' },
    // What confirms the code depends on the flow that sent it.
    submit: async ({ otp }): Promise<{ resetToken: string } | { session: SessionResponse }> => {
      const target = { phone: pending.phone, phone_code: pending.phone_code, otp };
      return pending.flow === 'forgot'
        ? { resetToken: (await verifyOtp(target)).data.token }
        : { session: await verifyOtpRegister(target) };
    },
    onSuccess: (answer) => {
      form.setValues({ otp: '' });
      if ('resetToken' in answer) return authDialogStore.resetAllowed(answer.resetToken);
      storeSession(answer.session);
      authDialogStore.finish();
      notifySuccess(t('auth.phone_verified'));
      if (pending.flow === 'register') void navigate('/');
    },
    // One message under the boxes: the server's for the code, else its general one.
    onFieldErrors: (error) => {
      form.setErrors({ otp: error.fieldError('otp') ?? error.message });
      failed(error);
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors({ otp: error.message });
      failed(error);
    },
  });
  const error = form.errors.otp;

  const resend = async () => {
    setResending(true);
    try {
      if (pending.flow === 'login') {
        // Product §4: resend on the login flow re-posts phone, password and phone_code.
        await login({ phone: pending.phone, password: pending.password ?? '', phone_code: pending.phone_code }).catch((err) => {
          if (!(err instanceof ApiError && err.status === 403)) throw err;
        });
      } else {
        await sendOtp({ phone: pending.phone, phone_code: pending.phone_code, forgot_password: pending.flow === 'forgot' ? 1 : null });
      }
      authDialogStore.resent();
      // The boxes empty for the new code; a message under them stays until the shopper types
      // (emptying the values clears the form's errors: they are put back, in the same update).
      let kept = {};
      form.setErrors((current) => (kept = current));
      form.setValues({ otp: '' });
      form.setErrors(() => kept);
      notifySuccess(t('auth.code_resent'), 3000);
    } catch (err) {
      failed(err);
    } finally {
      setResending(false);
    }
  };

  return (
    <Modal opened onClose={() => authDialogStore.finish()} title={t('auth.enter_otp')} centered size="sm">
      <form onSubmit={onSubmit}>
        <Stack gap="md" align="center">
          <Text size="sm" c="dimmed" ta="center">
            {t('auth.otp_sent_to', { destination: pending.destination ?? `${pending.phone_code} ${pending.phone}` })}
          </Text>
          {pending.flow === 'register' && (
            // Issue 14: the same words whether or not the number already has an account (no code comes then).
            <Text size="sm" c="dimmed" ta="center" data-testid="otp-account-hint">
              {t('auth.otp_register_hint')}
            </Text>
          )}
          <PinInput
            length={otpLength}
            type="number"
            inputMode="numeric"
            oneTimeCode
            {...form.getInputProps('otp')}
            // The boxes are only marked invalid: the message is the one below them.
            error={Boolean(error)}
            size="lg"
            aria-label={t('auth.otp_code')}
            getInputProps={(index) => ({ 'aria-label': t('auth.otp_digit', { n: index + 1 }) })}
            data-testid="otp-input"
          />
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Button type="submit" fullWidth loading={busy} data-testid="otp-confirm">
            {t('auth.confirm_otp')}
          </Button>
          <Group gap={6} justify="center">
            {seconds > 0 ? (
              <Text size="sm" c="dimmed" data-testid="otp-countdown" aria-live="off">
                {t('auth.resend_in')} 00:{String(seconds).padStart(2, '0')}
              </Text>
            ) : (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void resend()}
                disabled={resending}
                data-testid="otp-resend"
              >
                {t('auth.resend_otp')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
