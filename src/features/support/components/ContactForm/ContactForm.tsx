/**
 * The contact form (issue #6, spec §5): name, e-mail, phone (digits only as typed, numeric
 * keypad), subject and message, checked with the contract's `contactSchema` first (e-mail OR
 * phone: the message shows on both), then the server's per-field messages (422) or its limit
 * message (429). On success the server's confirmation replaces the form, with a way to write
 * again. What is typed stays as a draft on the device until it is sent; offline the button says
 * it needs a connection and nothing is queued.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useOnline } from '../../../../lib/connectivity.ts';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, contactSchema, type ContactPayload } from '../../../../../contract/support.ts';
import { useFieldErrors } from '../../../../lib/form-errors.ts';
import { ApiError, NetworkError } from '../../../../lib/api-client.ts';
import { useDraft } from '../../lib/drafts.ts';
import { MessageField } from '../MessageField/MessageField.tsx';
import { SendButton } from '../SendButton/SendButton.tsx';

export const EMPTY_CONTACT = { name: '', email: '', phone: '', subject: '', message: '' };
export type ContactDraft = typeof EMPTY_CONTACT;

export interface ContactFormProps {
  /** The signed-in shopper's name, e-mail and phone, for blank fields. */
  prefill?: Partial<ContactDraft>;
  draftKey: string | null;
  /** Sends the message; resolves with the server's confirmation. */
  onSubmit(payload: ContactPayload): Promise<{ message: string }>;
}

export function ContactForm({ prefill, draftKey, onSubmit }: ContactFormProps) {
  const { t } = useTranslation();
  const { online } = useOnline();
  const { values, update, clear: clearDraft } = useDraft(draftKey, EMPTY_CONTACT, prefill);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { errors, fromZod, fromApi, clear, setErrors } = useFieldErrors();

  const set = (field: keyof ContactDraft, value: string) => {
    update({ [field]: value });
    clear(field);
    // One of e-mail and phone is enough: typing either answers the message on both.
    if (field === 'email' || field === 'phone') clear(field === 'email' ? 'phone' : 'email');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      fromZod(parsed.error);
      // zod checks "e-mail or phone" only once every field is valid: say it at once with the rest.
      if (!values.email.trim() && !values.phone.trim()) {
        const either = t('validation.contact_email_or_phone');
        setErrors((current) => ({ ...current, email: current.email ?? either, phone: current.phone ?? either }));
      }
      return;
    }
    clear();
    setFormError(null);
    if (!online) return setFormError(t('checkout.action_offline'));
    setBusy(true);
    try {
      const response = await onSubmit(parsed.data);
      clearDraft(prefill);
      setSent(response.message);
    } catch (error) {
      if (!fromApi(error)) {
        setFormError(error instanceof NetworkError ? t('checkout.action_offline') : error instanceof ApiError ? error.message : t('errors.page_failed_text'));
      }
    } finally {
      setBusy(false);
    }
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
    <form onSubmit={(e: FormEvent) => void submit(e)} noValidate data-testid="contact-form" aria-label={t('contact.form_title')}>
      <Stack gap="sm">
        <TextInput label={t('contact.name')} value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} autoComplete="name" maxLength={CONTACT_NAME_MAX} required />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('contact.email')}
            type="email"
            inputMode="email"
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={errors.email}
            autoComplete="email"
            maxLength={190}
          />
          <TextInput
            label={t('contact.phone')}
            type="tel"
            inputMode="numeric"
            value={values.phone}
            onChange={(e) => set('phone', e.currentTarget.value.replace(/\D/g, ''))}
            error={errors.phone}
            autoComplete="tel-national"
            maxLength={13}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-4}>{t('contact.email_or_phone_hint')}</Text>
        <TextInput label={t('contact.subject')} value={values.subject} onChange={(e) => set('subject', e.currentTarget.value)} error={errors.subject} maxLength={CONTACT_SUBJECT_MAX} required />
        <MessageField label={t('contact.message')} value={values.message} onChange={(value) => set('message', value)} max={CONTACT_MESSAGE_MAX} error={errors.message} required />
        {!online && <Alert color="yellow" role="status" data-testid="form-offline">{t('support_forms.offline_draft')}</Alert>}
        {formError && <Text size="sm" c="red.8" role="alert" data-testid="form-error">{formError}</Text>}
        <Group justify="flex-end">
          <SendButton online={online} busy={busy} label={t('contact.send')} />
        </Group>
      </Stack>
    </form>
  );
}
