import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInstallPrompt } from '../hooks/use-install-prompt.ts';

/** Shown only where the browser offers installation (beforeinstallprompt). */
export function InstallButton() {
  const { t } = useTranslation();
  const install = useInstallPrompt();
  if (!install) return null;
  return (
    <Button size="compact-sm" variant="light" onClick={() => void install()}>
      {t('pwa.install')}
    </Button>
  );
}
