/**
 * Opening a support ticket (issue #6): subject, priority, optionally one of the shopper's own
 * orders (the route passes them in), the message with a counter and an optional image. Checked
 * with the contract's `createTicketSchema` first (messages are i18n keys), then the server's
 * per-field messages. What is typed is a draft on the device until the ticket is opened; offline
 * the button says it needs a connection and nothing is queued. A retried send reuses its
 * Idempotency-Key, so a dropped answer never opens two tickets.
 */
import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  createTicketSchema,
  TICKET_MESSAGE_MAX,
  TICKET_PRIORITIES,
  TICKET_SUBJECT_MAX,
  type CreateTicketPayload,
} from '#contract/support.ts';
import { formSchema } from '#src/lib/use-schema-form.ts';
import { fileSignature, useAttemptKey } from '../../lib/attempt-key.ts';
import { useSupportForm } from '../../hooks/use-support-form.ts';
import { AttachmentField } from '../AttachmentField/AttachmentField.tsx';
import { FormStatus } from '../FormStatus/FormStatus.tsx';
import { MessageField } from '../MessageField/MessageField.tsx';
import { SendButton } from '../SendButton/SendButton.tsx';

export interface TicketOrderOption {
  id: number;
  number: string;
}

export const EMPTY_TICKET = { subject: '', priority: 'medium', order_id: '', message: '' };
export type TicketDraft = typeof EMPTY_TICKET;

/** The draft's strings as typed ('' for no order), parsed by the contract's `createTicketSchema`. */
const ticketFormSchema = formSchema(createTicketSchema, (draft: TicketDraft) => draft);

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
  const [attachment, setAttachment] = useState<File | null>(null);
  const attempt = useAttemptKey();
  const { form, submit, busy, online, formError } = useSupportForm({
    draftKey,
    empty: EMPTY_TICKET,
    schema: ticketFormSchema,
    send: (payload: CreateTicketPayload) =>
      onSubmit(payload, attachment, attempt.keyFor(JSON.stringify([payload, fileSignature(attachment)]))),
    onSent: () => {
      attempt.renew();
      setAttachment(null);
    },
  });
  const { values } = form;

  const orderOptions = orders.map((order) => ({ value: String(order.id), label: t('tickets.order_option', { number: order.number }) }));

  return (
    <form onSubmit={submit} noValidate data-testid="ticket-form" aria-label={t('tickets.new_title')}>
      <Stack gap="sm">
        <TextInput
          label={t('tickets.subject')}
          {...form.getInputProps('subject')}
          maxLength={TICKET_SUBJECT_MAX}
          required
          data-testid="ticket-subject"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('tickets.priority')}
            data={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: t(`tickets.priority_${priority}`) }))}
            {...form.getInputProps('priority')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="ticket-priority"
          />
          <Select
            label={t('tickets.order')}
            placeholder={orderOptions.length ? t('tickets.order_none') : t('tickets.order_no_orders')}
            data={orderOptions}
            {...form.getInputProps('order_id')}
            // No order is '' in the draft and null in the list (clearing it gives null).
            value={values.order_id || null}
            onChange={(value) => form.setFieldValue('order_id', value ?? '')}
            clearable
            disabled={orderOptions.length === 0}
            comboboxProps={{ withinPortal: true }}
            data-testid="ticket-order"
          />
        </SimpleGrid>
        <MessageField
          label={t('tickets.message')}
          placeholder={t('tickets.message_placeholder')}
          {...form.getInputProps('message')}
          max={TICKET_MESSAGE_MAX}
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
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          )}
          <SendButton online={online} busy={busy} label={t('tickets.submit')} />
        </Group>
      </Stack>
    </form>
  );
}
