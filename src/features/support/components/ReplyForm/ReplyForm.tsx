/**
 * The shopper's reply on a ticket: message (with a counter) and an optional image. A draft per
 * ticket on the device until it is sent; offline the button says it needs a connection; a
 * retried send reuses its Idempotency-Key.
 */
import { useState } from 'react';
import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TICKET_MESSAGE_MAX, ticketReplySchema } from '#contract/support.ts';
import { formSchema } from '#src/lib/use-schema-form.ts';
import { fileSignature, useAttemptKey } from '../../lib/attempt-key.ts';
import { useSupportForm } from '../../hooks/use-support-form.ts';
import { AttachmentField } from '../AttachmentField/AttachmentField.tsx';
import { FormStatus } from '../FormStatus/FormStatus.tsx';
import { MessageField } from '../MessageField/MessageField.tsx';
import { SendButton } from '../SendButton/SendButton.tsx';

const EMPTY_REPLY = { message: '' };
type ReplyDraft = typeof EMPTY_REPLY;

const replyFormSchema = formSchema(ticketReplySchema, (draft: ReplyDraft) => draft);

export interface ReplyFormProps {
  draftKey: string | null;
  onSubmit(message: string, attachment: File | null, idempotencyKey: string): Promise<unknown>;
}

export function ReplyForm({ draftKey, onSubmit }: ReplyFormProps) {
  const { t } = useTranslation();
  const [attachment, setAttachment] = useState<File | null>(null);
  const attempt = useAttemptKey();
  const { form, submit, busy, online, formError } = useSupportForm({
    draftKey,
    empty: EMPTY_REPLY,
    schema: replyFormSchema,
    send: ({ message }) => onSubmit(message, attachment, attempt.keyFor(JSON.stringify([message, fileSignature(attachment)]))),
    onSent: () => {
      attempt.renew();
      setAttachment(null);
    },
  });

  return (
    <form onSubmit={submit} noValidate data-testid="reply-form" aria-label={t('tickets.reply_title')}>
      <Stack gap="sm">
        <MessageField
          label={t('tickets.reply')}
          placeholder={t('tickets.reply_placeholder')}
          {...form.getInputProps('message')}
          max={TICKET_MESSAGE_MAX}
          minRows={3}
          required
        />
        {/* The image is not one of the form's values (a File is no draft): only its message is. */}
        <AttachmentField
          value={attachment}
          onChange={setAttachment}
          error={form.errors.attachment}
          onError={(message) => form.setFieldError('attachment', message)}
        />
        <FormStatus online={online} error={formError} />
        <Group justify="flex-end">
          <SendButton online={online} busy={busy} label={t('tickets.send_reply')} />
        </Group>
      </Stack>
    </form>
  );
}
