/**
 * What the support forms (contact, new ticket, reply) do alike (issue #6, product §5, §8): the
 * values are kept as a draft on the device and checked by the contract's schema; a send is tried
 * only online — offline nothing is queued, the form says so and the draft stays; a failure's
 * message is shown on the form (a 422's per-field messages on their fields); after a send the
 * form is emptied (the shopper's own details kept) and its draft forgotten.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NetworkError, failureMessage } from '#src/lib/api-client.ts';
import { useOnline } from '#src/lib/connectivity.ts';
import { useSchemaForm } from '#src/lib/use-schema-form.ts';
import { useFormDraft } from '../lib/drafts.ts';

type Draft = Record<string, string | number | null>;
type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

export interface SupportFormOptions<Schema extends FormSchema, Answer> {
  /** Where the draft is kept (null: not kept, e.g. before the shopper is known). */
  draftKey: string | null;
  /** The form's values when empty: strings and numbers only (what a draft can hold). */
  empty: z.input<Schema>;
  /** Values for blank fields (the signed-in shopper's name, e-mail, phone). */
  prefill?: Partial<z.input<Schema>>;
  schema: Schema;
  /** Sends the parsed values (online only). */
  send: (values: z.output<Schema>) => Promise<Answer>;
  /** After a send, once the form is empty and its draft gone. */
  onSent?: (answer: Answer) => void;
}

export function useSupportForm<Schema extends FormSchema, Answer>({
  draftKey,
  empty,
  prefill,
  schema,
  send,
  onSent,
}: SupportFormOptions<Schema, Answer>) {
  const { t } = useTranslation();
  const { online } = useOnline();
  const draft = useFormDraft<Draft>(draftKey, empty as Draft, prefill as Partial<Draft> | undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, busy } = useSchemaForm<Schema, Answer>({
    schema,
    initialValues: draft.initialValues as z.input<Schema>,
    onValuesChange: (values) => draft.save(values as Draft),
    submit: (values) => {
      setFormError(null);
      // Nothing is queued: offline the form says so, and what was typed stays as the draft.
      if (!online) return Promise.reject(new NetworkError(new Error('offline')));
      return send(values);
    },
    onSuccess: (answer) => {
      form.setValues({ ...empty, ...prefill });
      draft.forget();
      onSent?.(answer);
    },
    onError: (error) => {
      setFormError(failureMessage(error, t));
    },
  });
  // A second press while one send is on its way sends nothing.
  const submit = (event: FormEvent<HTMLFormElement>) => (busy ? event.preventDefault() : onSubmit(event));
  return { form, submit, busy, online, formError };
}
