/**
 * The change-password form (issue #4): current, new and confirmation. Other devices are signed
 * out by the server; this one keeps going with the fresh token it answers.
 */
import { Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema } from '#contract/auth.ts';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { useSchemaForm } from '#src/lib/use-schema-form.ts';
import type { SessionResponse } from '#contract/auth.ts';
import { changePassword } from '../api/account-api.ts';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** `onChanged`: keeps the fresh session the server answers (the app passes the auth feature's). */
export function ChangePasswordForm({ onChanged }: { onChanged: (session: SessionResponse) => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, busy } = useSchemaForm({
    schema: changePasswordSchema,
    initialValues: EMPTY,
    submit: changePassword,
    onSuccess: (response) => {
      onChanged(response);
      form.setValues(EMPTY);
      notifications.show({ color: 'green', message: response.message, position: 'top-right' });
    },
    onError: (error) => {
      const message =
        error instanceof NetworkError ? t('auth.offline') : error instanceof ApiError ? error.message : t('errors.page_failed_text');
      notifications.show({ color: 'red', message, position: 'bottom-left' });
    },
  });
  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      {...form.getInputProps(name)}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.toggle_password') }}
      data-testid={`field-${name}`}
    />
  );

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {field('current_password', t('change_password.current'), 'current-password')}
        {field('password', t('change_password.new'), 'new-password')}
        {field('password_confirmation', t('auth.confirm_password'), 'new-password')}
        <Button type="submit" loading={busy} data-testid="change-password-submit">
          {t('change_password.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
