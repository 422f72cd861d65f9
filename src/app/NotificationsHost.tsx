/** The notifications' container: its own chunk, mounted by AppProvider on first use or when idle. */
import { useEffect, type CSSProperties } from 'react';
import { Notifications } from '@mantine/notifications';
import { useHeaderHeight } from './header-height.ts';
import { NOTIFICATION_DEFAULTS } from './notification-defaults.ts';
import { boundNoticeLifetimes } from './bounded-notices.ts';
import classes from './NotificationsHost.module.css';

export default function NotificationsHost() {
  // On the notices' own containers (NotificationsHost.module.css): nothing else restyles when it changes.
  const style = { '--app-header-height': `${useHeaderHeight()}px` } as CSSProperties;
  useEffect(boundNoticeLifetimes, []);
  return (
    <Notifications
      style={style}
      limit={NOTIFICATION_DEFAULTS.limit}
      autoClose={NOTIFICATION_DEFAULTS.autoClose}
      position={NOTIFICATION_DEFAULTS.position}
      classNames={{ root: classes.root }}
    />
  );
}
