/** /change-password (issue #4): the account's change-password form under its title. */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '#src/features/account/components/ChangePasswordForm.tsx';
import { storeSession } from '#src/features/auth/lib/sign-in.ts';

export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>{t('account.change_password')}</Title>
      <Text c="dimmed" size="sm">
        {t('change_password.intro')}
      </Text>
      <ChangePasswordForm onChanged={storeSession} />
    </Stack>
  );
}
