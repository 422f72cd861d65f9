/** Header bell (issue #6): a link to /notifications with the unread count as its badge. */
import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '#src/components/icons/icons.tsx';

export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      disabled={unread === 0}
      offset={4}
      color="red.8"
      data-testid="notification-badge"
      data-count={unread}
    >
      <ActionIcon component={Link} to="/notifications" variant="subtle" size="lg" aria-label={t('notifications.open', { count: unread })}>
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
