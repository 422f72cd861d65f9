/** "A new version is available — reload" (issue #2), shown when a new service worker waits. */
import { useEffect } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { onUpdateAvailable } from '../lib/register-service-worker.ts';

export function UpdatePrompt() {
  const { t } = useTranslation();
  useEffect(() => {
    const unsubscribe = onUpdateAvailable((applyUpdate) => {
      notifications.show({
        id: 'app-update',
        autoClose: false,
        position: 'bottom-center',
        title: t('pwa.update_title'),
        message: (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('pwa.update_text')}</Text>
            <Button size="compact-sm" onClick={applyUpdate}>
              {t('pwa.reload')}
            </Button>
          </Group>
        ),
      });
    });
    return () => {
      unsubscribe();
    };
  }, [t]);
  return null;
}
