/** App Store / Google Play buttons (product §2), as plain links: no third-party images. */
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function StoreBadges({
  playStoreLink,
  appStoreLink,
  size = 'sm',
}: {
  playStoreLink: string | null;
  appStoreLink: string | null;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {appStoreLink && (
        <Button component="a" href={appStoreLink} target="_blank" rel="noopener noreferrer" size={`compact-${size}`} variant="default">
          {t('header.app_store')}
        </Button>
      )}
      {playStoreLink && (
        <Button component="a" href={playStoreLink} target="_blank" rel="noopener noreferrer" size={`compact-${size}`} variant="default">
          {t('header.play_store')}
        </Button>
      )}
    </Group>
  );
}
