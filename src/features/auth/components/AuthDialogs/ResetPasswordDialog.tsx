/**
 * Reset Password, step (c) (spec §2, §4, §5): Create Password and Confirm Password, each with
 * show/hide. 'Confirm Password does not match.' is checked before the call; success closes the
 * dialog and opens the login modal.
 */
import { useState, type FormEvent } from 'react';
import { Button, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { resetPasswordSchema } from '../../../../../contract/auth.ts';
import { resetPassword } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { useFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { PasswordField } from './fields.tsx';

export function ResetPasswordDialog({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, fromZod, fromApi, clear } = useFieldErrors();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ password, password_confirmation: confirmation, token });
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setBusy(true);
    try {
      const response = await resetPassword(parsed.data);
      notifySuccess(response.message);
      authDialogStore.finish('login');
    } catch (error) {
      fromApi(error);
      notifyError(error, t('auth.reset_failed'), t('auth.offline'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => authDialogStore.finish()} title={t('auth.reset_title')} centered size="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <PasswordField label={t('auth.create_password')} value={password} onChange={(v) => { setPassword(v); clear('password'); }} error={errors.password} autoComplete="new-password" testId="reset-password" />
          <PasswordField label={t('auth.confirm_password')} value={confirmation} onChange={(v) => { setConfirmation(v); clear('password_confirmation'); }} error={errors.password_confirmation} autoComplete="new-password" testId="reset-confirmation" />
          <Button type="submit" loading={busy} fullWidth data-testid="reset-submit">{t('auth.reset_password')}</Button>
        </Stack>
      </form>
    </Modal>
  );
}
