/** Login button of the header for anonymous visitors (spec §2). */
import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const LoginModal = lazy(() => import('./LoginModal.tsx'));

export function LoginButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  return (
    <>
      <Button
        size="compact-md"
        onClick={() => {
          setEverOpened(true);
          setOpened(true);
        }}
      >
        {t('auth.login')}
      </Button>
      {everOpened && (
        <Suspense fallback={null}>
          <LoginModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
