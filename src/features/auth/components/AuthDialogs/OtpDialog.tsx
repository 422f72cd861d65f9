/**
 * Enter OTP dialog (spec §2, §4): one box per digit (otp_length, 4 by default), typing moves on,
 * Backspace on an empty box moves back, pasting the whole code fills every box (Mantine
 * PinInput). 'Confirm OTP'; a 60 s countdown shown as 00:{seconds}, then 'Resend OTP', which
 * restarts it. What confirm and resend call depends on the flow that sent the code.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { login, sendOtp, verifyOtp, verifyOtpRegister } from '../../api/auth-api.ts';
import { authDialogStore, type PendingOtp } from '../../lib/auth-dialog-store.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { storeSession } from '../../lib/sign-in.ts';
import { ApiError } from '../../../../lib/api-client.ts';

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

export function OtpDialog({ pending, otpLength }: { pending: PendingOtp; otpLength: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const seconds = useSecondsLeft(pending.sentAt);

  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    if (code.length !== otpLength) return setError(t('validation.otp_required'));
    setBusy(true);
    setError(undefined);
    const target = { phone: pending.phone, phone_code: pending.phone_code, otp: code };
    try {
      if (pending.flow === 'forgot') {
        const response = await verifyOtp(target);
        setCode('');
        authDialogStore.resetAllowed(response.data.token);
        return;
      }
      const response = await verifyOtpRegister(target);
      storeSession(response);
      setCode('');
      authDialogStore.finish();
      notifySuccess(t('auth.phone_verified'));
      if (pending.flow === 'register') void navigate('/');
    } catch (err) {
      if (err instanceof ApiError) setError(err.fieldError('otp') ?? err.message);
      notifyError(err, t('auth.otp_failed'), t('auth.offline'));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      if (pending.flow === 'login') {
        // Spec §4: resend on the login flow re-posts phone, password and phone_code.
        await login({ phone: pending.phone, password: pending.password ?? '', phone_code: pending.phone_code }).catch((err) => {
          if (!(err instanceof ApiError && err.status === 403)) throw err;
        });
      } else {
        await sendOtp({ phone: pending.phone, phone_code: pending.phone_code, forgot_password: pending.flow === 'forgot' ? 1 : null });
      }
      authDialogStore.resent();
      setCode('');
      notifySuccess(t('auth.code_resent'), 3000);
    } catch (err) {
      notifyError(err, t('auth.otp_failed'), t('auth.offline'));
    } finally {
      setResending(false);
    }
  };

  return (
    <Modal opened onClose={() => authDialogStore.finish()} title={t('auth.enter_otp')} centered size="sm">
      <form onSubmit={(e) => void confirm(e)}>
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
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(undefined);
            }}
            error={Boolean(error)}
            size="lg"
            aria-label={t('auth.otp_code')}
            getInputProps={(index) => ({ 'aria-label': t('auth.otp_digit', { n: index + 1 }) })}
            data-testid="otp-input"
          />
          {error && <Text c="red.8" size="sm" role="alert">{error}</Text>}
          <Button type="submit" fullWidth loading={busy} data-testid="otp-confirm">{t('auth.confirm_otp')}</Button>
          <Group gap={6} justify="center">
            {seconds > 0 ? (
              <Text size="sm" c="dimmed" data-testid="otp-countdown" aria-live="off">
                {t('auth.resend_in')} 00:{String(seconds).padStart(2, '0')}
              </Text>
            ) : (
              <Anchor component="button" type="button" size="sm" onClick={() => void resend()} disabled={resending} data-testid="otp-resend">
                {t('auth.resend_otp')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
