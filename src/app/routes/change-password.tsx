/**
 * /change-password (issue #4): current, new and confirmation. Other devices are signed out by
 * the server; this one keeps going with the fresh token it answers.
 */
import { useState, type FormEvent } from 'react';
import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema } from '../../../contract/auth.ts';
import { changePassword } from '../../features/account/api/account-api.ts';
import { useFieldErrors } from '../../lib/form-errors.ts';
import { storeSession } from '../../features/auth/lib/sign-in.ts';
import { ApiError, NetworkError } from '../../lib/api-client.ts';

export function Component() {
  const { t } = useTranslation();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const { errors, fromZod, fromApi, clear } = useFieldErrors();
  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      value={form[name]}
      autoComplete={autoComplete}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setForm((f) => ({ ...f, [name]: value }));
        clear(name);
      }}
      error={errors[name]}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.toggle_password') }}
      data-testid={`field-${name}`}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setBusy(true);
    try {
      const response = await changePassword(parsed.data);
      storeSession(response);
      setForm(empty);
      notifications.show({ color: 'green', message: response.message, position: 'top-right' });
    } catch (error) {
      if (!fromApi(error)) {
        const message = error instanceof NetworkError ? t('auth.offline') : error instanceof ApiError ? error.message : t('errors.page_failed_text');
        notifications.show({ color: 'red', message, position: 'bottom-left' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>{t('account.change_password')}</Title>
      <Text c="dimmed" size="sm">{t('change_password.intro')}</Text>
      <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void submit(e)} noValidate>
        <Stack gap="sm">
          {field('current_password', t('change_password.current'), 'current-password')}
          {field('password', t('change_password.new'), 'new-password')}
          {field('password_confirmation', t('auth.confirm_password'), 'new-password')}
          <Button type="submit" loading={busy} data-testid="change-password-submit">{t('change_password.submit')}</Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
