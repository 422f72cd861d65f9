/**
 * While the server cannot be reached: say so, and that what was already seen keeps working.
 * Follows what requests actually find (lib/connectivity.ts), not `navigator.onLine`, which
 * claims "online" on a link that carries nothing. A server answering 503 gets calmer words:
 * nothing is lost, it will be sent shortly.
 */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReachability } from '#src/lib/connectivity.ts';

export function OfflineBanner() {
  const { t } = useTranslation();
  const reachability = useReachability();
  if (reachability === 'online') return null;
  return (
    <Alert color="yellow" radius={0} py={6} role="status" data-testid="offline-banner" data-reachability={reachability} title={null}>
      {t(reachability === 'offline' ? 'pwa.offline' : 'pwa.unavailable')}
    </Alert>
  );
}
