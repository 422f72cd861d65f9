/** While the browser is offline: say so, and that what was already seen keeps working. */
import { useNetwork } from '@mantine/hooks';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function OfflineBanner() {
  const { t } = useTranslation();
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Alert color="yellow" radius={0} py={6} role="status" data-testid="offline-banner" title={null}>
      {t('pwa.offline')}
    </Alert>
  );
}
