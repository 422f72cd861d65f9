/**
 * Opening a support ticket (issue #6): subject, priority, optionally one of the shopper's own
 * orders (the route passes them in), the message with a counter and an optional image. Checked
 * with the contract's `createTicketSchema` first (messages are i18n keys), then the server's
 * per-field messages. What is typed is a draft on the device until the ticket is opened; offline
 * the button says it needs a connection and nothing is queued. A retried send reuses its
 * Idempotency-Key, so a dropped answer never opens two tickets.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useOnline } from '../../../../lib/connectivity.ts';
import { useTranslation } from 'react-i18next';
import { createTicketSchema, TICKET_MESSAGE_MAX, TICKET_PRIORITIES, TICKET_SUBJECT_MAX, type CreateTicketPayload } from '../../../../../contract/support.ts';
import { useFieldErrors } from '../../../../lib/form-errors.ts';
import { ApiError, NetworkError } from '../../../../lib/api-client.ts';
import { useDraft } from '../../lib/drafts.ts';
import { fileSignature, useAttemptKey } from '../../lib/attempt-key.ts';
import { AttachmentField } from '../AttachmentField/AttachmentField.tsx';
import { MessageField } from '../MessageField/MessageField.tsx';
import { SendButton } from '../SendButton/SendButton.tsx';

export interface TicketOrderOption { id: number; number: string }

export const EMPTY_TICKET = { subject: '', priority: 'medium', order_id: '', message: '' };
export type TicketDraft = typeof EMPTY_TICKET;

export interface TicketFormProps {
  /** The shopper's recent orders to link (their own only; the server checks again). */
  orders: TicketOrderOption[];
  /** Local storage key of the draft (null: no draft). */
  draftKey: string | null;
  /** Sends the ticket; rejects with the ApiError / NetworkError to show. */
  onSubmit(payload: CreateTicketPayload, attachment: File | null, idempotencyKey: string): Promise<unknown>;
  onCancel?(): void;
}

export function TicketForm({ orders, draftKey, onSubmit, onCancel }: TicketFormProps) {
  const { t } = useTranslation();
  const { online } = useOnline();
  const { values, update, clear: clearDraft } = useDraft<TicketDraft>(draftKey, EMPTY_TICKET);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, fromZod, fromApi, clear, setErrors } = useFieldErrors();
  const attempt = useAttemptKey();

  const set = (field: keyof TicketDraft, value: string) => {
    update({ [field]: value });
    clear(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = createTicketSchema.safeParse({ ...values, order_id: values.order_id || null });
    if (!parsed.success) return fromZod(parsed.error);
    clear();
    setFormError(null);
    if (!online) return setFormError(t('checkout.action_offline'));
    const payload: CreateTicketPayload = parsed.data;
    setBusy(true);
    try {
      await onSubmit(payload, attachment, attempt.keyFor(JSON.stringify([payload, fileSignature(attachment)])));
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

  const orderOptions = orders.map((order) => ({ value: String(order.id), label: t('tickets.order_option', { number: order.number }) }));

  return (
    <form onSubmit={(e: FormEvent) => void submit(e)} noValidate data-testid="ticket-form" aria-label={t('tickets.new_title')}>
      <Stack gap="sm">
        <TextInput
          label={t('tickets.subject')}
          value={values.subject}
          onChange={(e) => set('subject', e.currentTarget.value)}
          error={errors.subject}
          maxLength={TICKET_SUBJECT_MAX}
          required
          data-testid="ticket-subject"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('tickets.priority')}
            data={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: t(`tickets.priority_${priority}`) }))}
            value={values.priority}
            onChange={(value) => set('priority', value ?? 'medium')}
            allowDeselect={false}
            error={errors.priority}
            comboboxProps={{ withinPortal: true }}
            data-testid="ticket-priority"
          />
          <Select
            label={t('tickets.order')}
            placeholder={orderOptions.length ? t('tickets.order_none') : t('tickets.order_no_orders')}
            data={orderOptions}
            value={values.order_id || null}
            onChange={(value) => set('order_id', value ?? '')}
            clearable
            disabled={orderOptions.length === 0}
            error={errors.order_id}
            comboboxProps={{ withinPortal: true }}
            data-testid="ticket-order"
          />
        </SimpleGrid>
        <MessageField
          label={t('tickets.message')}
          placeholder={t('tickets.message_placeholder')}
          value={values.message}
          onChange={(value) => set('message', value)}
          max={TICKET_MESSAGE_MAX}
          error={errors.message}
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
        <Group justify="flex-end" gap="sm">
          {onCancel && <Button variant="default" onClick={onCancel}>{t('common.cancel')}</Button>}
          <SendButton online={online} busy={busy} label={t('tickets.submit')} />
        </Group>
      </Stack>
    </form>
  );
}
