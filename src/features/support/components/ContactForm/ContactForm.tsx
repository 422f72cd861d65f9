/**
 * The contact form (issue #6, product §5): name, e-mail, phone (digits only as typed, numeric
 * keypad), subject and message, checked with the contract's `contactSchema` first (e-mail OR
 * phone: the message shows on both), then the server's per-field messages (422) or its limit
 * message (429). On success the server's confirmation replaces the form, with a way to write
 * again. What is typed stays as a draft on the device until it is sent; offline the button says
 * it needs a connection and nothing is queued.
 */
import { useState } from 'react';
import { Alert, Anchor, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, contactSchema, type ContactPayload } from '#contract/support.ts';
import { useSupportForm } from '../../hooks/use-support-form.ts';
import { FormStatus } from '../FormStatus/FormStatus.tsx';
import { MessageField } from '../MessageField/MessageField.tsx';
import { SendButton } from '../SendButton/SendButton.tsx';

export const EMPTY_CONTACT = { name: '', email: '', phone: '', subject: '', message: '' };
export type ContactDraft = typeof EMPTY_CONTACT;

/**
 * The contract's `contactSchema`; zod checks "e-mail or phone" only once every other field is
 * valid, so with both blank it is said at once with the rest (on both fields).
 */
const contactFormSchema = z.custom<ContactDraft>().transform((draft, ctx) => {
  const parsed = contactSchema.safeParse(draft);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  if (!draft.email.trim() && !draft.phone.trim()) {
    for (const field of ['email', 'phone']) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.contact_email_or_phone' });
  }
  return z.NEVER;
});

export interface ContactFormProps {
  /** The signed-in shopper's name, e-mail and phone, for blank fields. */
  prefill?: Partial<ContactDraft>;
  draftKey: string | null;
  /** Sends the message; resolves with the server's confirmation. */
  onSubmit(payload: ContactPayload): Promise<{ message: string }>;
}

export function ContactForm({ prefill, draftKey, onSubmit }: ContactFormProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit, busy, online, formError } = useSupportForm({
    draftKey,
    empty: EMPTY_CONTACT,
    // Empty again after a send, the shopper's own details kept, for another message.
    prefill,
    schema: contactFormSchema,
    send: onSubmit,
    onSent: (response) => setSent(response.message),
  });

  // One of e-mail and phone is enough: typing either answers the message on both.
  const setEmailOrPhone = (field: 'email' | 'phone', value: string) => {
    form.setFieldValue(field, value);
    form.clearFieldError(field === 'email' ? 'phone' : 'email');
  };

  if (sent) {
    return (
      <Stack gap="sm" data-testid="contact-sent">
        <Alert color="green" role="status" title={t('contact.sent_title')}>
          {sent}
        </Alert>
        <Anchor component="button" type="button" onClick={() => setSent(null)} ta="left" data-testid="contact-again">
          {t('contact.send_another')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="contact-form" aria-label={t('contact.form_title')}>
      <Stack gap="sm">
        <TextInput label={t('contact.name')} {...form.getInputProps('name')} autoComplete="name" maxLength={CONTACT_NAME_MAX} required />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('contact.email')}
            type="email"
            inputMode="email"
            {...form.getInputProps('email')}
            onChange={(event) => setEmailOrPhone('email', event.currentTarget.value)}
            autoComplete="email"
            maxLength={190}
          />
          <TextInput
            label={t('contact.phone')}
            type="tel"
            inputMode="numeric"
            {...form.getInputProps('phone')}
            // Digits only, as typed.
            onChange={(event) => setEmailOrPhone('phone', event.currentTarget.value.replace(/\D/g, ''))}
            autoComplete="tel-national"
            maxLength={13}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-4}>
          {t('contact.email_or_phone_hint')}
        </Text>
        <TextInput label={t('contact.subject')} {...form.getInputProps('subject')} maxLength={CONTACT_SUBJECT_MAX} required />
        <MessageField label={t('contact.message')} {...form.getInputProps('message')} max={CONTACT_MESSAGE_MAX} required />
        <FormStatus online={online} error={formError} />
        <Group justify="flex-end">
          <SendButton online={online} busy={busy} label={t('contact.send')} />
        </Group>
      </Stack>
    </form>
  );
}
