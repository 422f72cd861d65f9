/**
 * Reset Password, step (c) (product §2, §4, §5): Create Password and Confirm Password, each with
 * show/hide. 'Confirm Password does not match.' is checked before the call; success closes the
 * dialog and opens the login modal.
 */
import { Button, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { resetPasswordSchema } from '#contract/auth.ts';
import { useSchemaForm } from '#src/lib/use-schema-form.ts';
import { resetPassword } from '../../api/auth-api.ts';
import { authDialogStore } from '../../lib/auth-dialog-store.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { PasswordField } from './fields.tsx';

export function ResetPasswordDialog({ token }: { token: string }) {
  const { t } = useTranslation();
  const failed = (error: unknown) => notifyError(error, t('auth.reset_failed'), t('auth.offline'));
  const { form, onSubmit, busy } = useSchemaForm({
    schema: resetPasswordSchema,
    // The one-use token from the code's step goes with the two fields.
    initialValues: { password: '', password_confirmation: '', token },
    submit: resetPassword,
    onSuccess: (response) => {
      notifySuccess(response.message);
      authDialogStore.finish('login');
    },
    onFieldErrors: failed,
    onError: failed,
  });

  return (
    <Modal opened onClose={() => authDialogStore.finish()} title={t('auth.reset_title')} centered size="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordField
            label={t('auth.create_password')}
            {...form.getInputProps('password')}
            autoComplete="new-password"
            testId="reset-password"
          />
          <PasswordField
            label={t('auth.confirm_password')}
            {...form.getInputProps('password_confirmation')}
            autoComplete="new-password"
            testId="reset-confirmation"
          />
          <Button type="submit" loading={busy} fullWidth data-testid="reset-submit">
            {t('auth.reset_password')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
