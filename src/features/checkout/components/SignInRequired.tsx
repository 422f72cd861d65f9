/** Checkout and buy now are for signed-in shoppers (product §4): a clear way to sign in instead of an error. */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SignInRequired({ title, onSignIn }: { title: string; onSignIn(): void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" data-testid="checkout-sign-in">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{t('checkout.sign_in_required')}</Text>
      <Button onClick={onSignIn}>{t('auth.login')}</Button>
    </Stack>
  );
}
