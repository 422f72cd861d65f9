/** Login button of the header for anonymous visitors (product §2): opens the login modal. */
import { ActionIcon, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserIcon } from '#src/components/icons/icons.tsx';
import { openLogin } from '../lib/auth-dialog-store.ts';

export function LoginButton() {
  const { t } = useTranslation();
  return (
    <>
      {/* A full button from 576 px; an icon on narrow phones so the header never overflows. */}
      <Button size="compact-md" onClick={openLogin} visibleFrom="xs" data-testid="login-button">
        {t('auth.login')}
      </Button>
      <ActionIcon
        size="lg"
        variant="filled"
        onClick={openLogin}
        hiddenFrom="xs"
        aria-label={t('auth.login')}
        data-testid="login-button-icon"
      >
        <UserIcon size={20} />
      </ActionIcon>
    </>
  );
}
