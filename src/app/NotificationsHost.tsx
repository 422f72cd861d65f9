/** The notifications' container: its own chunk, mounted by AppProvider on first use or when idle. */
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_DEFAULTS } from './notification-defaults.ts';
import classes from './NotificationsHost.module.css';

export default function NotificationsHost() {
  return (
    <Notifications
      limit={NOTIFICATION_DEFAULTS.limit}
      autoClose={NOTIFICATION_DEFAULTS.autoClose}
      position={NOTIFICATION_DEFAULTS.position}
      classNames={{ root: classes.root }}
    />
  );
}
