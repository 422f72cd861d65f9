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
import { useFieldErrors } from '../../../../lib/form-errors.ts';
import { ApiError, NetworkError } from '../../../../lib/api-client.ts';
import { useDraft } from '../../lib/drafts.ts';
import { fileSignature, useAttemptKey } from '../../lib/attempt-key.ts';
import { AttachmentField } from '../AttachmentField/AttachmentField.tsx';
import { MessageField } from '../MessageField/MessageField.tsx';
import { SendButton } from '../SendButton/SendButton.tsx';

const EMPTY_REPLY = { message: '' };

export interface ReplyFormProps {
  draftKey: string | null;
  onSubmit(message: string, attachment: File | null, idempotencyKey: string): Promise<unknown>;
}

export function ReplyForm({ draftKey, onSubmit }: ReplyFormProps) {
  const { t } = useTranslation();
  const { online } = useOnline();
  const { values, update, clear: clearDraft } = useDraft(draftKey, EMPTY_REPLY);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fromZod, fromApi, clear, setErrors } = useFieldErrors();
  const attempt = useAttemptKey();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = ticketReplySchema.safeParse(values);
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setFormError(null);
    if (!online) return setFormError(t('checkout.action_offline'));
    setBusy(true);
    try {
      const message = parsed.data.message;
      await onSubmit(message, attachment, attempt.keyFor(JSON.stringify([message, fileSignature(attachment)])));
      attempt.renew();
      clearDraft();
      setAttachment(null);
    } catch (error) {
      if (!fromApi(error)) {
        setFormError(error instanceof NetworkError ? t('checkout.action_offline') : error instanceof ApiError ? error.message : t('errors.page_failed_text'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e: FormEvent) => void submit(e)} noValidate data-testid="reply-form" aria-label={t('tickets.reply_title')}>
      <Stack gap="sm">
        <MessageField
          label={t('tickets.reply')}
          placeholder={t('tickets.reply_placeholder')}
          value={values.message}
          onChange={(message) => {
            update({ message });
            clear('message');
          }}
          max={TICKET_MESSAGE_MAX}
          error={errors.message}
          minRows={3}
          required
        />
        <AttachmentField
          value={attachment}
          onChange={setAttachment}
          error={errors.attachment}
          onError={(message) => setErrors((current) => {
            const { attachment: _old, ...rest } = current;
            return message ? { ...rest, attachment: message } : rest;
          })}
        />
        {!online && <Alert color="yellow" role="status" data-testid="form-offline">{t('support_forms.offline_draft')}</Alert>}
        {formError && <Text size="sm" c="red.8" role="alert" data-testid="form-error">{formError}</Text>}
        <Group justify="flex-end">
          <SendButton online={online} busy={busy} label={t('tickets.send_reply')} />
        </Group>
      </Stack>
    </form>
  );
}
