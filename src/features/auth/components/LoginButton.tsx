/** Login button of the header for anonymous visitors (spec §2). */
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { UserIcon } from '../../../components/icons/icons.tsx';
import { useTranslation } from 'react-i18next';

const LoginModal = lazy(() => import('./LoginModal.tsx'));

export function LoginButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const open = () => {
    setEverOpened(true);
    setOpened(true);
  };
  return (
    <>
      {/* A full button from 576 px; an icon on narrow phones so the header never overflows. */}
      <Button size="compact-md" onClick={open} visibleFrom="xs">
        {t('auth.login')}
      </Button>
      <ActionIcon size="lg" variant="filled" onClick={open} hiddenFrom="xs" aria-label={t('auth.login')}>
        <UserIcon size={20} />
      </ActionIcon>
      {everOpened && (
        <Suspense fallback={null}>
          <LoginModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
