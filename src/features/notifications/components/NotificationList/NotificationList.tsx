/**
 * The notifications, newest first (issue #6): an unread dot and tint, title, text and time;
 * each is a link to its target (an order, a ticket, a product) and is marked read when opened.
 * Texts are shown as text (never HTML).
 */
import { Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppNotification } from '#contract/engagement.ts';
import { formatDateTime } from '#src/lib/format-date.ts';
import classes from './NotificationList.module.css';

export interface NotificationListProps {
  notifications: AppNotification[];
  onOpen(notification: AppNotification): void;
}

/** Only in-app paths are followed (a stored URL is never an open redirect). */
const safeTarget = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? url : '/notifications');

export function NotificationList({ notifications, onOpen }: NotificationListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="notification-list">
      {notifications.map((n) => (
        <li key={n.id}>
          <Link
            to={safeTarget(n.url)}
            className={`${classes.item} ${n.read_at ? classes.read : classes.unread}`}
            onClick={() => onOpen(n)}
            data-testid="notification"
            data-unread={n.read_at ? undefined : true}
          >
            <span className={classes.dot} aria-hidden="true" />
            <span className={classes.text}>
              <Text fw={n.read_at ? 500 : 700} size="sm">
                {!n.read_at && <span className="visually-hidden">{t('notifications.unread')}: </span>}
                {n.title}
              </Text>
              <Text size="sm" c="dimmed">
                {n.body}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {formatDateTime(n.created_at)}
              </Text>
            </span>
          </Link>
        </li>
      ))}
    </Stack>
  );
}
