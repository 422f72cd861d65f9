/**
 * The shopper's reply on a ticket: message (with a counter) and an optional image. A draft per
 * ticket on the device until it is sent; offline the button says it needs a connection; a
 * retried send reuses its Idempotency-Key.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useOnline } from '../../../../lib/connectivity.ts';
import { useTranslation } from 'react-i18next';
import { TICKET_MESSAGE_MAX, ticketReplySchema } from '../../../../../contract/support.ts';
import { ApiError, NetworkError } from '../../../../lib/api-client.ts';
import { formSchema, useSchemaForm } from '../../../../lib/use-schema-form.ts';
import { useFormDraft } from '../../lib/drafts.ts';
import { fileSignature, useAttemptKey } from '../../lib/attempt-key.ts';
import { AttachmentField } from '../AttachmentField/AttachmentField.tsx';
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
  const { online } = useOnline();
  const draft = useFormDraft<ReplyDraft>(draftKey, EMPTY_REPLY);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const attempt = useAttemptKey();
  const {
    form,
    onSubmit: send,
    busy,
  } = useSchemaForm({
    schema: replyFormSchema,
    initialValues: draft.initialValues,
    onValuesChange: draft.save,
    submit: ({ message }) => {
      setFormError(null);
      // Nothing is queued: offline the form says so, and what was typed stays as the draft.
      if (!online) return Promise.reject(new NetworkError(new Error('offline')));
      return onSubmit(message, attachment, attempt.keyFor(JSON.stringify([message, fileSignature(attachment)])));
    },
    onSuccess: () => {
      attempt.renew();
      form.setValues(EMPTY_REPLY);
      draft.forget();
      setAttachment(null);
    },
    onError: (error) => {
      setFormError(
        error instanceof NetworkError
          ? t('checkout.action_offline')
          : error instanceof ApiError
            ? error.message
            : t('errors.page_failed_text'),
      );
    },
  });

  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => (busy ? event.preventDefault() : send(event))}
      noValidate
      data-testid="reply-form"
      aria-label={t('tickets.reply_title')}
    >
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
        {!online && (
          <Alert color="yellow" role="status" data-testid="form-offline">
            {t('support_forms.offline_draft')}
          </Alert>
        )}
        {formError && (
          <Text size="sm" c="red.8" role="alert" data-testid="form-error">
            {formError}
          </Text>
        )}
        <Group justify="flex-end">
          <SendButton online={online} busy={busy} label={t('tickets.send_reply')} />
        </Group>
      </Stack>
    </form>
  );
}
