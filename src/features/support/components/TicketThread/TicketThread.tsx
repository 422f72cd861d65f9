/**
 * A ticket's messages, oldest first: the shopper's on the right, support's on the left. Bodies are
 * PLAIN TEXT rendered as React text with `white-space: pre-wrap` — never as HTML, so `<script>`
 * shows as typed. Images come through the authenticated download (object URLs, revoked on unmount).
 */
import { Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketAttachment, TicketMessage } from '#contract/support.ts';
import { useAttachmentUrl } from '../../api/get-attachment.ts';
import { formatDateTime } from '#src/lib/format-date.ts';
import classes from './TicketThread.module.css';

export function AttachmentImage({ attachment }: { attachment: TicketAttachment }) {
  const { t } = useTranslation();
  const { objectUrl, query } = useAttachmentUrl(attachment.url);
  if (objectUrl) {
    return (
      <a
        href={objectUrl}
        target="_blank"
        rel="noopener"
        className={classes.imageLink}
        aria-label={t('tickets.attachment_open', { name: attachment.name })}
      >
        <img src={objectUrl} alt={attachment.name} className={classes.image} data-testid="ticket-attachment" />
      </a>
    );
  }
  if (query.isPending && query.fetchStatus !== 'paused')
    return <Skeleton h={120} w={160} mt="xs" radius="md" data-testid="attachment-loading" />;
  return (
    <Text size="xs" c="dimmed" className={classes.placeholder} data-testid="attachment-unavailable">
      {t('tickets.attachment_unavailable', { name: attachment.name })}
    </Text>
  );
}

export function TicketThread({ messages }: { messages: TicketMessage[] }) {
  const { t } = useTranslation();
  return (
    <ol className={classes.thread} aria-label={t('tickets.thread')}>
      {messages.map((message) => (
        <li key={message.id} className={classes.item} data-author={message.author} data-testid="ticket-message">
          <div className={classes.bubble}>
            <Text size="xs" c="dimmed" mb={4}>
              <strong>{message.author === 'support' ? t('tickets.author_support') : t('tickets.author_you')}</strong>
              {' · '}
              <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
            </Text>
            <Text size="sm" className={classes.body} data-testid="ticket-message-body">
              {message.body}
            </Text>
            {message.attachment && <AttachmentImage attachment={message.attachment} />}
          </div>
        </li>
      ))}
    </ol>
  );
}
